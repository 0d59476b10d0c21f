// The composition root: every shell builds the core here, with its own adapters for the ports. It only wires;
// each part's rules live beside that part, and the bridge calls are one table (call-handlers.ts).
import type { EventName } from '../../src-shared/channels.ts'
import type { AppInfo, EventPayload } from '../../src-shared/contract.ts'
import type { Settings } from '../../src-shared/domain.ts'
import { toAppError } from './app-failure.ts'
import { AttentionTracker } from './attention/attention-tracker.ts'
import { callHandlers, type CoreEventListener, type CoreHandlers } from './call-handlers.ts'
import { MethodsCache } from './catalog/methods-cache.ts'
import { BranchList } from './couriers/branch-list.ts'
import { CourierDay } from './couriers/courier-day.ts'
import { CourierLedger } from './couriers/courier-ledger.ts'
import { IntakeArea, type IntakeServing } from './intake/intake-area.ts'
import { IntakeKeyring } from './intake/intake-key.ts'
import { intakeKeyStorage } from './intake/intake-key-storage.ts'
import { Listeners } from './listeners.ts'
import { HandoverOutbox } from './orders/handover-outbox.ts'
import { sweepHandedOver } from './orders/board-sweeper.ts'
import { OrderBoard } from './orders/order-board.ts'
import type { RetryPolicy } from './orders/retry-policy.ts'
import { PlatformClients, type PlatformClientsDeps } from './platform/platform-clients.ts'
import {
  systemClock,
  type Clock,
  type FetchFactory,
  type KeyValueStore,
  type Logger,
  type SecretCipher,
  type SecretRedaction,
} from './ports.ts'
import { Accounts } from './session/accounts.ts'
import { SettingsStore } from './settings/settings-store.ts'
import type { HistoryArchive } from './storage/history-archive.ts'
import type { Journal } from './storage/journal.ts'

export type { CoreEventListener, CoreHandlers } from './call-handlers.ts'

export interface CoreDeps {
  appName: string
  appVersion: string
  shell: AppInfo['shell']
  store: KeyValueStore
  /** The hand-over outbox's durable journal: the shells give a FileJournal in their data folder. */
  journal: Journal
  /** The board's own log and the history's day files (D55, D56): `openDataFiles` gives all three. */
  boardLog: Journal
  historyArchive: HistoryArchive
  /** The courier ledger's journal and its older days (D65): `openDataFiles` gives them too. */
  courierJournal: Journal
  courierArchive: HistoryArchive
  cipher: SecretCipher
  createFetch: FetchFactory
  clock?: Clock
  log: Logger
  /** Learns each secret the core holds (keys, tokens) for the logs to redact; redacts the support bundle (D11). */
  secrets: SecretRedaction
  /** The log's last lines, redacted, for the support bundle; none when the shell keeps no log file. */
  recentLogLines?: (count: number) => Promise<string[]>
  /**
   * Settings given on the command line (`--api-base`, `--extra-ca`, `--lang`): they win over the stored ones
   * for this run only and are never written to disk (D34).
   */
  settingsOverrides?: Partial<Settings>
  /** Request timeout and retry policy, for tests that cannot wait for the real ones. */
  platformTuning?: PlatformClientsDeps['tuning']
  /** The hand-over outbox's backoff, for tests that cannot wait for the real one. */
  handoverRetry?: RetryPolicy
  /**
   * Serve the POS intake (its API and drop folder) once a shell calls `intake.follow()`; left out, the intake
   * answers Settings but listens nowhere (tests and benchmarks that build many cores).
   */
  intake?: IntakeServing
}

export interface Core {
  handlers: CoreHandlers
  subscribe(listener: CoreEventListener): () => void
  /**
   * Signs in again with stored credentials when there is no live token, then resumes the hand-overs owed
   * from the last run; never throws.
   */
  start(): Promise<void>
  dispose(): void
  /** The POS intake (docs/decisions.md D45): the shells start it and hand it links and command lines. */
  intake: IntakeArea
  /** The settings in effect, for a shell's own use (its updates, its tray's language); changed through the calls. */
  settings: Pick<SettingsStore, 'get'>
  /** What needs staff now (D70), for a shell's tray and notifications before the first `attentionChanged`. */
  attention: Pick<AttentionTracker, 'current'>
  /** What a shell that runs all day needs of the core: the tray's counts and switch, the wake's checks (D51). */
  allDay: AllDayControls
}

interface AllDayControls {
  /** Hand-overs still owed to the platform (queued, sending or retrying). */
  countOwed(): number
  /** "Duraklat": presses are still journalled, nothing is sent until "Sürdür". */
  pauseSending(): void
  /** "Sürdür": sending again, everything owed at once. */
  resumeSending(): void
  isPaused(): boolean
  /** After a wake or the network's return: owed hand-overs now rather than at the end of their backoff. */
  retryOwedNow(): void
  /** After a wake or the network's return: a token that lapsed meanwhile is renewed; never throws. */
  checkSession(): Promise<void>
  /** With two accounts or more (issue 29), each by short name with what it still owes; empty with one. */
  accounts?(): { name: string; owed: number; signedIn: boolean }[]
}

/** The one composition function: every shell builds the core through here, with its own adapters. */
export async function createCore(deps: CoreDeps): Promise<Core> {
  const { store, journal, log, secrets } = deps
  const clock = deps.clock ?? systemClock
  const events = new Listeners<[EventName, unknown]>()
  const emit: CoreEventListener = (event, payload) => events.emit(event, payload)
  const redactText = textRedactor(secrets)

  const settings = new SettingsStore(store, deps.settingsOverrides)
  const clients = new PlatformClients({
    settings,
    createFetch: deps.createFetch,
    appVersion: deps.appVersion,
    redactText,
    tuning: deps.platformTuning,
  })
  // Several restaurant accounts (issue 29): each its own vault, session and client; no current account.
  const accounts = await Accounts.open({
    store,
    settings,
    cipher: deps.cipher,
    secrets,
    clientFor: (account, address, extraCaFile) => clients.clientFor(address, { account, extraCaFile }),
    clock,
    log,
    apiBaseOverride:
      deps.settingsOverrides?.platformAddress == null
        ? undefined
        : (settings.get().platformAddress ?? undefined),
  })
  // The renderer hears of a change before the outbox acts on it, as it subscribes first. The sign-in screen's
  // status is the default account's.
  accounts.onSessionChange((account, status) => {
    if (account === accounts.defaultId) emit('sessionChanged', status)
  })
  accounts.onChange((list) => emit('accountsChanged', list))
  const methodsCache = new MethodsCache(store, clock)
  // Made below, after the outbox it hands over through; the board may announce an order before that.
  const late: { couriers?: CourierDay } = {}
  const board = new OrderBoard({
    store,
    clock,
    // The cards show their courier, which the courier ledger holds (D65).
    onChange: (paymentKey, order) =>
      emit('orderChanged', {
        paymentKey,
        order: order && late.couriers ? late.couriers.withCourier(order) : order,
      }),
    boardLog: deps.boardLog,
    log,
    accounts,
  })
  const timeZone = () => settings.get().platformTimeZone
  const outbox = new HandoverOutbox({
    journal,
    board,
    sessions: accounts,
    clock,
    log,
    archive: deps.historyArchive,
    timeZone,
    undoWindowMs: () => settings.get().undoWindowSeconds * 1000,
    ...(deps.handoverRetry ? { policy: deps.handoverRetry } : {}),
  })
  const sweeper = sweepHandedOver({ board, clock, timeZone, stay: () => settings.get().handedOverStay })

  // The courier's day (D65): its own journal, the hand-over that names a courier, the strip and the day-end.
  // Each account's branches, asked with its own token (issue 29); an order without an account is the default's.
  const branches = new BranchList(
    (account) => accounts.withTokenOf(account, (client, token) => client.listBranches(token)),
    clock,
    log,
    () => accounts.defaultId,
  )
  accounts.onSessionChange((account, status) => {
    if (status.state === 'signed-out') branches.forget(account)
  })
  const courierDay = new CourierDay({
    ledger: new CourierLedger({
      journal: deps.courierJournal,
      archive: deps.courierArchive,
      clock,
      log,
      timeZone,
      firstAccount: accounts.firstId,
    }),
    board,
    outbox,
    branches,
    settings,
    clock,
    log,
    orderChanged: (order) => emit('orderChanged', { paymentKey: order.paymentKey, order }),
    couriersChanged: (kind) => emit('couriersChanged', { kind }),
    courierDayChanged: (today) => emit('courierDayChanged', today),
    // The door tender is checked against the platform's list when it can be had (cached for 24 h, D10); the
    // day-end CSV names the methods by it.
    // Several accounts (issue 29): the day-end CSV names each package's account.
    accountName: () => {
      const list = accounts.list()
      if (list.length < 2) return undefined
      return (account) => list.find((one) => one.id === account)?.shortName
    },
    // The order's own account's methods (issue 29); none named: the default account's.
    listedPaymentMethods: async (account = accounts.defaultId) => {
      // Signed out, the list kept from the last sign-in still names the methods (a fetch then fails: undefined).
      const credentialSetId = accounts.credentialSetIdOf(account)
      if (!credentialSetId) return undefined
      try {
        const methods = await methodsCache.get(credentialSetId, false, () =>
          accounts.withTokenOf(account, (client, token) => client.getVariables(token)),
        )
        return methods.paymentMethods
      } catch {
        return undefined
      }
    },
  })
  late.couriers = courierDay
  // Today's settlement follows every hand-over's progress (History) and every change of Settings.
  events.add((event, payload) => {
    if (event === 'orderChanged') {
      const { paymentKey, order } = payload as EventPayload<'orderChanged'>
      courierDay.orderMoved(paymentKey, order)
    } else if (event === 'settingsChanged') courierDay.settingsChanged()
  })

  const keyring = await IntakeKeyring.open(intakeKeyStorage(store, deps.cipher, log), secrets)
  const intake = new IntakeArea({
    board,
    outbox,
    session: { status: () => accounts.defaultStatus() },
    accounts,
    keyring,
    settings,
    clock,
    log,
    couriers: courierDay,
    serve: deps.intake,
  })
  // The API's `updated_at` follows every change of an order.
  events.add((event, payload) => {
    if (event !== 'orderChanged') return
    const { paymentKey, order } = payload as EventPayload<'orderChanged'>
    intake.orderChanged(paymentKey, order)
  })
  // What needs staff (D70): one value, computed here on the injected clock, pushed on every change.
  const attention = new AttentionTracker({
    board,
    clock,
    settings: () => settings.get(),
    isPaused: () => outbox.isPaused,
    session: () => accounts.defaultStatus(),
    // Every account's session, by short name (issue 29): another brand signed out by the platform counts too.
    accountSessions: () =>
      accounts.list().flatMap((one) => {
        const session = accounts.sessionOf(one.id)
        return session ? [{ name: one.shortName, status: session.status() }] : []
      }),
    intakePortTaken: () => intake.info().status === 'port-in-use',
    dropFolderChanged: () => intake.info().dropFolder.refusal === 'changed',
    onChange: (value) => emit('attentionChanged', value),
    accountName: (account) => {
      const list = accounts.list()
      return list.length < 2 ? undefined : list.find((one) => one.id === account)?.shortName
    },
  })
  events.add((event, payload) => {
    if (event === 'orderChanged') {
      const { paymentKey, order } = payload as EventPayload<'orderChanged'>
      attention.orderChanged(paymentKey, order)
    } else if (event === 'sessionChanged' || event === 'settingsChanged') attention.refresh()
  })
  // Any account's session (the default's comes as sessionChanged too), and the short names (a rename, a removal).
  accounts.onSessionChange(() => attention.refresh())
  accounts.onChange(() => attention.refresh())
  // The port line shows the moment the API cannot listen, and clears the moment a later try listens.
  intake.onListenTried(() => attention.refresh())

  const handlers = callHandlers({
    appInfo: { name: deps.appName, version: deps.appVersion, shell: deps.shell },
    settings,
    clients,
    accounts,
    methodsCache,
    board,
    outbox,
    intake,
    attention,
    couriers: courierDay,
    secrets,
    recentLogLines: deps.recentLogLines,
    redactText,
    clock,
    log,
    emit,
  })

  return {
    handlers,
    subscribe: (listener) => events.add(listener as (event: EventName, payload: unknown) => void),
    intake,
    settings,
    attention,
    ...lifecycle(accounts, outbox, log, () => {
      sweeper()
      attention.dispose()
      courierDay.dispose()
    }),
    allDay: allDayControls(outbox, accounts, attention),
  }
}

/** Free text from outside (the platform's words) as it may be kept and shown: known and secret-shaped values out. */
function textRedactor(secrets: SecretRedaction): (text: string) => string {
  return (text) => {
    const redacted = secrets.redactValue(text)
    return typeof redacted === 'string' ? redacted : ''
  }
}

/** What the all-day shell may do with the outbox and the session (tray, wake, the network's return). */
function allDayControls(
  outbox: HandoverOutbox,
  accounts: Accounts,
  attention: AttentionTracker,
): AllDayControls {
  return {
    countOwed: () => outbox.countOwed(),
    // Nothing rings while paused, and the pause itself is shown (D70).
    pauseSending: () => {
      outbox.pauseSending()
      attention.refresh()
    },
    resumeSending: () => {
      outbox.resumeSending()
      attention.refresh()
    },
    isPaused: () => outbox.isPaused,
    retryOwedNow: () => outbox.retryOwedNow(),
    accounts: () => {
      const list = accounts.list()
      if (list.length < 2) return []
      return list.map((account) => ({
        name: account.shortName,
        owed: outbox.countOwed(account.id),
        signedIn: account.state === 'signed-in' || account.state === 'renewing',
      }))
    },
    // Every account's session checks itself.
    checkSession: async () => {
      await Promise.all(accounts.sessions().map((session) => session.checkSession()))
    },
  }
}

function lifecycle(
  accounts: Accounts,
  outbox: HandoverOutbox,
  log: Logger,
  stopSweeping: () => void,
): Pick<Core, 'start' | 'dispose'> {
  return {
    async start() {
      // Each account signs in by itself with its own keys, all at once; one's failure holds back no other.
      await Promise.all(
        accounts.sessions().map(async (session) => {
          if (!session.isSignedOut || !session.hasStoredCredentials) return
          await session.resumeAtStart().catch((error: unknown) => {
            log.warn('core: could not sign in with the stored credentials at start', {
              code: toAppError(error).code,
            })
          })
        }),
      )
      // After the session had its chance: hand-overs owed from the last run go out with a token.
      outbox.start()
    },
    dispose() {
      stopSweeping()
      outbox.dispose()
      accounts.dispose()
    },
  }
}
