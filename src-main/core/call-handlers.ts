/**
 * The core's answer to every bridge call of the contract (`calls` in src-shared/contract.ts), in one table and
 * in the contract's order: a call's name is written here once, beside what it does. The rules stay with their
 * parts (the session, the outbox, the board, the intake); what follows a settings change is below the table.
 */
import type { EventName } from '../../src-shared/channels.ts'
import type {
  AppInfo,
  CallName,
  CallOutput,
  EventPayload,
  ParsedInput,
  SettingsUpdate,
} from '../../src-shared/contract.ts'
import type { BoardOrder, Settings } from '../../src-shared/domain.ts'
import type { Result } from '../../src-shared/errors.ts'
import { AppFailure, describeThrown, invalidInput, toAppError } from './app-failure.ts'
import type { AttentionTracker } from './attention/attention-tracker.ts'
import type { MethodsCache } from './catalog/methods-cache.ts'
import type { CourierDay } from './couriers/courier-day.ts'
import type { IntakeArea } from './intake/intake-area.ts'
import type { HandoverOutbox } from './orders/handover-outbox.ts'
import type { OrderBoard } from './orders/order-board.ts'
import { extractOrderId } from './orders/order-id.ts'
import { redactAppError } from './platform/platform-error.ts'
import type { PlatformClients } from './platform/platform-clients.ts'
import type { Clock, Logger, SecretRedaction } from './ports.ts'
import type { Accounts } from './session/accounts.ts'
import type { SettingsStore } from './settings/settings-store.ts'

/** Hears every event the core announces, as the contract names it. */
export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void

/** What the core offers for each contract call; the Electron IPC layer and web mode both call these. */
export type CoreHandlers = {
  [C in CallName]: (input: ParsedInput<C>) => Promise<Result<CallOutput<C>>>
}

/** The parts of the core the calls work on, as `createCore` made them. */
export interface CallHandlersDeps {
  appInfo: AppInfo
  settings: SettingsStore
  clients: PlatformClients
  /** Every account, each with its own session and vault (issue 29). */
  accounts: Accounts
  methodsCache: MethodsCache
  board: OrderBoard
  outbox: HandoverOutbox
  intake: IntakeArea
  attention: AttentionTracker
  /** The courier's day (D65): the ledger's calls, the hand-over naming its courier, the cards' courier. */
  couriers: CourierDay
  /** Learns the keys as typed (D11), and redacts the support bundle. */
  secrets: SecretRedaction
  /** The log's last lines, redacted, for the support bundle. */
  recentLogLines?: ((count: number) => Promise<string[]>) | undefined
  /** Free text from outside (the platform's words) as it may be kept and shown. */
  redactText: (text: string) => string
  clock: Clock
  log: Logger
  emit: CoreEventListener
}

export function callHandlers(deps: CallHandlersDeps): CoreHandlers {
  const { appInfo, settings, accounts, methodsCache, board, outbox, intake, secrets } = deps
  const { redactText, log, couriers } = deps
  /** A board order as the cards show it: with its courier, from the ledger. */
  const shown = (order: BoardOrder) => couriers.withCourier(order)
  const attempt = attemptLogging(log)
  // Work that cannot throw, or whose throw is an AppFailure, answered the same way as async work.
  const now = <T>(work: () => T) => attempt(() => Promise.resolve(work()))

  return {
    getAppInfo: () => ok(appInfo),

    // The sign-in screen's calls act on the default account; the first sign-in makes the first account.
    getSession: () => ok(accounts.defaultStatus()),
    signIn: (input) =>
      attempt(() => {
        // Keys as typed are secrets even when the platform refuses them: a typo'd key is most of the real one.
        registerKeys(secrets, input)
        return accounts.signInDefault(input)
      }),
    signInWithStoredCredentials: () =>
      attempt(async () => {
        await defaultSession(accounts).resume()
        return accounts.defaultStatus()
      }),
    signOut: ({ forgetCredentials }) =>
      attempt(async () => {
        // Forgetting the keys forgets what was fetched with them.
        if (forgetCredentials) methodsCache.clear()
        await defaultSession(accounts).signOut(forgetCredentials)
        return accounts.defaultStatus()
      }),

    listAccounts: () => ok(accounts.list()),
    addAccount: (input) =>
      attempt(() => {
        registerKeys(secrets, input)
        return accounts.add(input)
      }),
    updateAccount: (input) => attempt(() => accounts.update(input)),
    signInAccount: ({ account, keys }) =>
      attempt(() => {
        if (keys) registerKeys(secrets, keys)
        return accounts.signIn(account, keys)
      }),
    signOutAccount: ({ account }) => attempt(() => accounts.signOut(account)),
    // Refused while it still owes hand-overs: they go with its own token, or not at all.
    removeAccount: ({ account }) =>
      attempt(() => {
        const waiting = board
          .list()
          .filter((order) => order.account === account && order.handover.state !== 'handed-over').length
        return accounts.remove(account, outbox.countOwed(account), waiting)
      }),
    setDefaultAccount: ({ account }) => now(() => accounts.setDefault(account)),
    setOrderAccount: ({ paymentKey, account }) =>
      now(() => {
        if (!accounts.has(account)) throw invalidInput('unknown-account')
        board.require(paymentKey)
        outbox.assertRemovable(paymentKey)
        return shown(board.setAccount(paymentKey, account))
      }),

    listAccountBranches: ({ account }) =>
      attempt(async () => {
        const session = accountSession(accounts, account)
        const branches = await session.withToken((client, token) => client.listBranches(token))
        couriers.branchesListed(branches, account)
        return branches
      }),
    getAccountMethods: ({ account, forceRefresh }) =>
      attempt(() => {
        const session = accountSession(accounts, account)
        const credentialSetId = accounts.credentialSetIdOf(account)
        if (!credentialSetId || session.isSignedOut)
          throw new AppFailure({ code: 'signed-out', retryable: false })
        return methodsCache.get(credentialSetId, forceRefresh, () =>
          session.withToken((client, token) => client.getVariables(token)),
        )
      }),

    // The branch list also tells the credentials' reach (the default account's).
    listBranches: () =>
      attempt(async () => {
        const session = defaultSession(accounts)
        const branches = await session.withToken((client, token) => client.listBranches(token))
        session.noteBranchCount(branches.length)
        couriers.branchesListed(branches)
        return branches
      }),
    // The platform's payment and shipping methods, cached per credential set (D10).
    getMethods: ({ forceRefresh }) =>
      attempt(() => {
        const credentialSetId = accounts.credentialSetIdOf(accounts.defaultId)
        const session = defaultSession(accounts)
        if (!credentialSetId || session.isSignedOut)
          throw new AppFailure({ code: 'signed-out', retryable: false })
        return methodsCache.get(credentialSetId, forceRefresh, () =>
          session.withToken((client, token) => client.getVariables(token)),
        )
      }),

    getSettings: () => ok(settings.get()),
    updateSettings: (update) => attempt(() => changeSettings(deps, update)),

    listOrders: () => ok(board.list().map(shown)),
    // Typed, pasted or scanned: the same way in as the POS's (D45).
    addOrder: ({ text, account, ...details }) =>
      attempt(async () => {
        const paymentKey = extractOrderId(text)
        // Staff chose an account: one the app has, and never a second one for an order already on the board.
        if (account !== undefined) {
          if (!accounts.has(account)) throw invalidInput('unknown-account')
          const onBoard = board.get(paymentKey)
          if (onBoard && onBoard.account !== account) throw invalidInput('order-other-account')
        }
        await intake.addOrder({ paymentKey, details }, 'typed')
        if (account !== undefined) board.setAccount(paymentKey, account)
        return shown(board.require(paymentKey))
      }),
    removeOrder: ({ paymentKey }) =>
      now(() => {
        board.require(paymentKey)
        outbox.assertRemovable(paymentKey)
        board.remove(paymentKey, { undoable: true })
        return null
      }),
    restoreOrder: ({ paymentKey }) => now(() => shown(board.restore(paymentKey))),
    // Naming the courier or not: the ledger is written first, then the outbox (D65).
    handOverOrder: ({ paymentKey, courierId, batchId }) =>
      attempt(async () =>
        shown(
          await couriers.handOver(
            paymentKey,
            courierId === undefined ? undefined : { id: courierId },
            batchId,
          ),
        ),
      ),
    listHistory: (query) => {
      // History written by an older version may hold platform words that were never redacted.
      const page = outbox.listHistory(query)
      const orders = page.orders.map((row) => ({
        ...row,
        attempts: row.attempts.map((entry) =>
          entry.error ? { ...entry, error: redactAppError(entry.error, redactText) } : entry,
        ),
      }))
      return ok({ ...page, orders })
    },
    // The CSV writer and the support bundle are loaded on their first use, not at start (issue 31).
    exportHistoryCsv: () =>
      attempt(async () => {
        const { historyCsv } = await import('./orders/history-csv.ts')
        return historyCsv(outbox.allHistory(), { language: settings.get().language, redact: redactText })
      }),

    // What support needs: the redacted support bundle (D24).
    getDiagnostics: () =>
      attempt(async () => {
        const { collectSupportBundle } = await import('./diagnostics/support-bundle.ts')
        const bundle = await collectSupportBundle({
          appInfo,
          settings: settings.get(),
          session: accounts.defaultStatus(),
          orders: board.list(),
          recentLogLines: deps.recentLogLines,
          now: deps.clock.now(),
          redaction: secrets,
        })
        // Each account's sign-in, for support: the account view holds no address, key or token.
        return { ...bundle, accounts: accounts.list() }
      }),

    getIntakeInfo: () => ok(intake.info()),
    rotateIntakeKey: () => attempt(() => intake.rotateKey()),
    createPosFolder: () =>
      attempt(async () => {
        await changeSettings(deps, { dropFolder: await intake.createPosFolder() })
        return intake.info()
      }),

    withdrawHandover: ({ paymentKey }) => now(() => shown(outbox.withdraw(paymentKey))),
    retryHandoverNow: ({ paymentKey }) => attempt(async () => shown(await outbox.sendNow(paymentKey))),
    recordPanelCheck: ({ paymentKey, handedOver }) =>
      now(() => shown(outbox.acknowledge(paymentKey, handedOver))),

    getAttention: () => ok(deps.attention.current()),
    silenceAlarm: ({ paymentKey }) => now(() => deps.attention.silence(paymentKey)),
    markOrderReady: ({ paymentKey }) => now(() => shown(board.markReady(paymentKey))),

    listCouriers: () => ok(couriers.listCouriers()),
    addCourier: (input) => now(() => couriers.addCourier(input)),
    renameCourier: (input) => now(() => couriers.renameCourier(input)),
    setCourierBadge: (input) => now(() => couriers.setCourierBadge(input)),
    retireCourier: (input) => now(() => couriers.retireCourier(input)),
    assignCourier: (input) => now(() => couriers.assignCourier(input)),
    listCouriersOut: () => now(() => couriers.couriersOut()),
    recordCash: (input) => now(() => couriers.recordCash(input)),
    correctCash: (input) => now(() => couriers.correctCash(input)),
    getDayEnd: ({ day }) => now(() => couriers.dayEnd(day)),
    exportDayEndCsv: ({ day }) => attempt(() => couriers.exportDayEndCsv(day)),
    // The courier's whole cash (issue 28): every figure from the core's one settlement.
    getCourierToday: () => now(() => couriers.today()),
    recordCourierMovement: (input) => now(() => couriers.recordMovement(input)),
    setDoorTender: (input) => attempt(() => couriers.setDoorTender(input)),
    closeCourierAccount: (input) => now(() => couriers.closeAccount(input)),
    getCourierPay: () => now(() => couriers.getPay()),
    setCourierPay: (input) => now(() => couriers.setPay(input)),
    startCourierBatch: (input) => now(() => couriers.startBatch(input)),
    endCourierBatch: (input) => now(() => couriers.endBatch(input)),
    getCourierStatement: (input) => now(() => couriers.statement(input)),
    exportCourierStatementCsv: (input) => now(() => couriers.statementCsv(input)),
  }
}

/**
 * What follows from staff changing a setting, beyond saving it: the rules that tie settings to the rest of
 * the core, in one place. Last, everyone who listens hears of the settings now in effect (D64).
 */
async function changeSettings(deps: CallHandlersDeps, update: SettingsUpdate): Promise<Settings> {
  const { settings, clients, accounts, intake, emit } = deps
  const before = settings.get()
  const after = await settings.update(update)
  // A client is built for one address and one extra CA.
  if (after.platformAddress !== before.platformAddress || after.extraCaFile !== before.extraCaFile) {
    clients.clear()
  }
  // Settings' address is the default account's: a token belongs to the platform that issued it, so a new
  // address means that account signs in again.
  if (after.platformAddress !== before.platformAddress) await accounts.moveDefaultTo(after.platformAddress)
  // Allowing or refusing weak storage decides whether the keys are kept on disk (D11); every account's vault's
  // storage changed though no session did, so the renderer is told.
  if (after.allowWeakSecretStorage !== before.allowWeakSecretStorage) {
    await accounts.refreshStorage()
    emit('sessionChanged', accounts.defaultStatus())
  }
  // The intake's port and drop folder (it restarts only what changed; it never throws).
  await intake.follow()
  emit('settingsChanged', after)
  return after
}

/** The default account's session, for the sign-in screen's calls; before the first account there is none. */
function defaultSession(accounts: Accounts) {
  const session = accounts.defaultSession()
  if (!session) throw new AppFailure({ code: 'missing-credentials', retryable: false })
  return session
}

/** One account's own session: only its token is ever used for its calls. */
function accountSession(accounts: Accounts, account: string) {
  const session = accounts.sessionOf(account)
  if (!session) throw invalidInput('unknown-account')
  return session
}

/** Keys as typed are secrets even when the platform refuses them (D11). */
function registerKeys(secrets: SecretRedaction, keys: { appSecretKey: string; restSecretKey: string }): void {
  secrets.register(keys.appSecretKey)
  secrets.register(keys.restSecretKey)
}

/** A handler's answer when nothing can fail. */
function ok<T>(value: T): Promise<Result<T>> {
  return Promise.resolve({ ok: true, value })
}

/** Runs a call's work and turns whatever it throws into the AppError that crosses the bridge. */
function attemptLogging(log: Logger) {
  return async <T>(work: () => Promise<T>): Promise<Result<T>> => {
    try {
      return { ok: true, value: await work() }
    } catch (error) {
      const appError = toAppError(error)
      // An unexpected failure is logged once, here, and never thrown.
      if (appError.code === 'internal')
        log.error('core: unexpected failure', { error: describeThrown(error) })
      return { ok: false, error: appError }
    }
  }
}
