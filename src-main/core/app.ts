import type { EventName } from '../../src-shared/channels.ts'
import type {
  AppInfo,
  EventPayload,
  MethodName,
  MethodOutput,
  ParsedInput,
} from '../../src-shared/contract.ts'
import type { SessionStatus, Settings } from '../../src-shared/domain.ts'
import type { Result } from '../../src-shared/errors.ts'
import { AppFailure, toAppError } from './app-failure.ts'
import { MethodsCache } from './catalog/methods-cache.ts'
import { collectSupportBundle } from './diagnostics/support-bundle.ts'
import { HandoverOutbox } from './orders/handover-outbox.ts'
import { historyCsv } from './orders/history-csv.ts'
import type { RetryPolicy } from './orders/retry-policy.ts'
import { OrderBoard } from './orders/order-board.ts'
import { extractOrderId } from './orders/order-id.ts'
import { createPlatformClient, type PlatformClient } from './platform/platform-client.ts'
import { redactAppError, withRedactedErrors } from './platform/redacted-errors.ts'
import {
  noSecretRedaction,
  silentLogger,
  systemClock,
  type Clock,
  type FetchFactory,
  type KeyValueStore,
  type Logger,
  type SecretCipher,
  type SecretRedaction,
} from './ports.ts'
import { CredentialVault } from './secrets/credential-vault.ts'
import { Session } from './session/session.ts'
import { readExtraCaPem, SettingsStore } from './settings/settings-store.ts'
import type { Journal } from './storage/journal.ts'
import { MemoryJournal } from './storage/memory-journal.ts'

/** What the core offers for each contract method; the Electron IPC layer and web mode both call these. */
export type CoreHandlers = {
  [M in MethodName]: (input: ParsedInput<M>) => Promise<Result<MethodOutput<M>>>
}

export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void

export interface CoreDependencies {
  appName: string
  appVersion: string
  shell: AppInfo['shell']
  store: KeyValueStore
  /**
   * The hand-over outbox's durable journal: the shells give a FileJournal in their data folder. Without one
   * (tests, benchmarks) it lives in memory and survives nothing.
   */
  journal?: Journal
  cipher: SecretCipher
  createFetch: FetchFactory
  clock?: Clock
  log?: Logger
  /** Learns each secret the core holds (keys, tokens) for the logs to redact; redacts the support bundle (D11). */
  secrets?: SecretRedaction
  /** The log's last lines, redacted, for the support bundle; none when the shell keeps no log file. */
  recentLogLines?: (count: number) => Promise<string[]>
  /**
   * Settings given on the command line (`--api-base`, `--extra-ca`, `--lang`): they win over the stored ones
   * for this run only and are never written to disk (issue 9).
   */
  settingsOverrides?: Partial<Settings>
  /** Request timeout and retry policy, for tests that cannot wait for the real ones. */
  platformTuning?: Pick<Parameters<typeof createPlatformClient>[0], 'timeoutMs' | 'retry'>
  /** The hand-over outbox's backoff, for tests that cannot wait for the real one. */
  handoverRetry?: RetryPolicy
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
}

/** The one composition function: every shell builds the core through here, with its own adapters. */
export async function createCore(deps: CoreDependencies): Promise<Core> {
  const clock = deps.clock ?? systemClock
  const log = deps.log ?? silentLogger
  const listeners = new Set<CoreEventListener>()
  const emit: CoreEventListener = (event, payload) => {
    for (const listener of listeners) listener(event, payload)
  }

  const redaction = deps.secrets ?? noSecretRedaction
  /** Free text from outside (the platform's words) as it may be kept and shown: known and secret-shaped values out. */
  const redactText = (text: string): string => {
    const redacted = redaction.redactValue(text)
    return typeof redacted === 'string' ? redacted : ''
  }
  const settings = new SettingsStore(deps.store, deps.settingsOverrides)
  const vault = await CredentialVault.open({
    store: deps.store,
    cipher: deps.cipher,
    log,
    allowWeakStorage: () => settings.get().allowWeakSecretStorage,
    ...(deps.secrets ? { secrets: deps.secrets } : {}),
  })
  const clients = new Map<string, PlatformClient>()
  const clientFor = async (platformAddress: string): Promise<PlatformClient> => {
    const { extraCaFile } = settings.get()
    const cacheKey = `${platformAddress}\n${extraCaFile ?? ''}`
    let client = clients.get(cacheKey)
    if (!client) {
      const extraCaPem = extraCaFile ? await readExtraCaPem(extraCaFile) : undefined
      client = withRedactedErrors(
        createPlatformClient({
          baseUrl: platformAddress,
          fetch: deps.createFetch(extraCaPem),
          userAgent: `pos-companion/${deps.appVersion}`,
          ...deps.platformTuning,
        }),
        redactText,
      )
      clients.set(cacheKey, client)
    }
    return client
  }
  // Parts of the core built after the session that follow its changes (the outbox resumes on sign-in).
  const sessionFollowers: ((status: SessionStatus) => void)[] = []
  const session = new Session({
    vault,
    settings,
    clientFor,
    clock,
    log,
    onChange: (status) => {
      emit('sessionChanged', status)
      for (const follow of sessionFollowers) follow(status)
    },
  })
  const methodsCache = new MethodsCache(deps.store, clock)
  const board = new OrderBoard(deps.store, clock, (paymentKey, order) =>
    emit('orderChanged', { paymentKey, order }),
  )
  const handoverOutbox = new HandoverOutbox({
    journal: deps.journal ?? new MemoryJournal(),
    board,
    session,
    clock,
    log,
    ...(deps.handoverRetry ? { policy: deps.handoverRetry } : {}),
  })
  sessionFollowers.push((status) => handoverOutbox.onSessionChanged(status))

  const handlers: CoreHandlers = {
    getAppInfo: () => ok({ name: deps.appName, version: deps.appVersion, shell: deps.shell }),
    getSession: () => ok(session.status()),
    signIn: (input) =>
      attempt(() => {
        // Keys as typed are secrets even when the platform refuses them: a typo'd key is most of the real one.
        deps.secrets?.register(input.appSecretKey)
        deps.secrets?.register(input.restSecretKey)
        return session.signIn(input)
      }),
    signInWithStoredCredentials: () => attempt(() => session.resume()),
    signOut: ({ forgetCredentials }) =>
      attempt(() => {
        if (forgetCredentials) methodsCache.clear()
        return session.signOut(forgetCredentials)
      }),

    listBranches: () =>
      attempt(async () => {
        const branches = await session.withToken((client, token) => client.listBranches(token))
        session.noteBranchCount(branches.length)
        return branches
      }),
    getMethods: ({ forceRefresh }) =>
      attempt(() => {
        const credentialSetId = vault.credentialSetId
        if (!credentialSetId || !session.isSignedIn)
          throw new AppFailure({ code: 'signed-out', retryable: false })
        return methodsCache.get(credentialSetId, forceRefresh, () =>
          session.withToken((client, token) => client.getVariables(token)),
        )
      }),

    getSettings: () => ok(settings.get()),
    updateSettings: (update) =>
      attempt(async () => {
        const before = settings.get()
        const after = await settings.update(update)
        if (after.platformAddress !== before.platformAddress || after.extraCaFile !== before.extraCaFile) {
          clients.clear()
        }
        // A token belongs to the platform that issued it: a new address means signing in again.
        if (after.platformAddress !== before.platformAddress && session.isSignedIn)
          await session.signOut(false)
        if (after.allowWeakSecretStorage !== before.allowWeakSecretStorage) {
          await vault.refreshStorage()
          emit('sessionChanged', session.status())
        }
        return after
      }),

    listOrders: () => ok(board.list()),
    addOrder: ({ text, ...details }) =>
      attempt(() => {
        const paymentKey = extractOrderId(text)
        board.add(paymentKey, details)
        handoverOutbox.showOnBoard(paymentKey)
        return Promise.resolve(board.require(paymentKey))
      }),
    removeOrder: ({ paymentKey }) =>
      attempt(() => {
        board.require(paymentKey)
        handoverOutbox.assertRemovable(paymentKey)
        board.remove(paymentKey)
        return Promise.resolve(null)
      }),
    markOnTheWay: ({ paymentKey }) => attempt(() => handoverOutbox.press(paymentKey)),
    listHistory: (query) => {
      // History written by an older version may hold platform words that were never redacted.
      const page = handoverOutbox.listHistory(query)
      const entries = page.entries.map((entry) =>
        entry.error ? { ...entry, error: redactAppError(entry.error, redactText) } : entry,
      )
      return ok({ ...page, entries })
    },
    exportHistoryCsv: () =>
      attempt(() =>
        Promise.resolve(
          historyCsv(handoverOutbox.allHistory(), { language: settings.get().language, redact: redactText }),
        ),
      ),

    getDiagnostics: () =>
      attempt(() =>
        collectSupportBundle({
          appInfo: { name: deps.appName, version: deps.appVersion, shell: deps.shell },
          settings: settings.get(),
          session: session.status(),
          orders: board.list(),
          recentLogLines: deps.recentLogLines,
          now: clock.now(),
          redaction,
        }),
      ),
  }

  return {
    handlers,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async start() {
      if (!session.isSignedIn && session.hasStoredCredentials) {
        await session.resumeAtStart().catch((error: unknown) => {
          log.warn('core: could not sign in with the stored credentials at start', {
            code: toAppError(error).code,
          })
        })
      }
      // After the session had its chance: hand-overs owed from the last run go out with a token.
      handoverOutbox.start()
    },
    dispose() {
      handoverOutbox.dispose()
      session.dispose()
    },
  }

  function ok<T>(value: T): Promise<Result<T>> {
    return Promise.resolve({ ok: true, value })
  }

  async function attempt<T>(work: () => Promise<T>): Promise<Result<T>> {
    try {
      return { ok: true, value: await work() }
    } catch (error) {
      const appError = toAppError(error)
      if (appError.code === 'internal') log.error('core: unexpected failure', { error: String(error) })
      return { ok: false, error: appError }
    }
  }
}
