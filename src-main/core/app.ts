// The composition root: every shell builds the core here, with its own adapters for the ports. It only wires;
// each area's rules live beside that area (session/, settings/, orders/, catalog/, diagnostics/).
import type { EventName } from '../../src-shared/channels.ts'
import type { AppInfo, EventPayload } from '../../src-shared/contract.ts'
import type { Settings } from '../../src-shared/domain.ts'
import { toAppError } from './app-failure.ts'
import { catalogHandlers } from './catalog/catalog-handlers.ts'
import { MethodsCache } from './catalog/methods-cache.ts'
import { attemptLogging, type Attempt, type CoreHandlers } from './core-handlers.ts'
import { diagnosticsHandlers } from './diagnostics/diagnostics-handlers.ts'
import type { IntakeArea, IntakeAreaOptions } from './intake/intake-area.ts'
import { followingSettings, intakeHandlers, openIntakeArea } from './intake/intake-handlers.ts'
import { Listeners } from './listeners.ts'
import { HandoverOutbox } from './orders/handover-outbox.ts'
import { orderHandlers } from './orders/order-handlers.ts'
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
import { CredentialVault } from './secrets/credential-vault.ts'
import { Session } from './session/session.ts'
import { sessionHandlers } from './session/session-handlers.ts'
import { settingsHandlers } from './settings/settings-handlers.ts'
import { SettingsStore } from './settings/settings-store.ts'
import type { HistoryArchive } from './storage/history-archive.ts'
import type { Journal } from './storage/journal.ts'

export type { CoreHandlers } from './core-handlers.ts'

export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void

export interface CoreDependencies {
  appName: string
  appVersion: string
  shell: AppInfo['shell']
  store: KeyValueStore
  /** The hand-over outbox's durable journal: the shells give a FileJournal in their data folder. */
  journal: Journal
  /** The board's own log and the history's day files (D55, D56): `openDataFiles` gives all three. */
  boardLog: Journal
  historyArchive: HistoryArchive
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
  intake?: IntakeAreaOptions['serve']
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
  /** What a shell that runs all day needs of the core: the tray's counts and switch, the wake's checks (D51). */
  allDay: AllDayControls
}

export interface AllDayControls {
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
}

/** The one composition function: every shell builds the core through here, with its own adapters. */
export async function createCore(deps: CoreDependencies): Promise<Core> {
  const { store, journal, log, secrets } = deps
  const clock = deps.clock ?? systemClock
  const events = new Listeners<[EventName, unknown]>()
  const emit: CoreEventListener = (event, payload) => events.emit(event, payload)
  const attempt = attemptLogging(log)
  const redactText = textRedactor(secrets)

  const settings = new SettingsStore(store, deps.settingsOverrides)
  const allowWeakStorage = () => settings.get().allowWeakSecretStorage
  const vault = await CredentialVault.open({ store, cipher: deps.cipher, log, allowWeakStorage, secrets })
  const clients = new PlatformClients({
    settings,
    createFetch: deps.createFetch,
    appVersion: deps.appVersion,
    redactText,
    tuning: deps.platformTuning,
  })
  const session = new Session({
    vault,
    settings,
    clientFor: (address) => clients.clientFor(address),
    clock,
    log,
  })
  // The renderer hears of a session change before the outbox acts on it, as it subscribes first.
  session.onChange((status) => emit('sessionChanged', status))
  const methodsCache = new MethodsCache(store, clock)
  const board = new OrderBoard({
    store,
    clock,
    onChange: (paymentKey, order) => emit('orderChanged', { paymentKey, order }),
    boardLog: deps.boardLog,
    log,
  })
  const timeZone = () => settings.get().platformTimeZone
  const outbox = new HandoverOutbox({
    journal,
    board,
    session,
    clock,
    log,
    archive: deps.historyArchive,
    timeZone,
    undoWindowMs: () => settings.get().undoWindowSeconds * 1000,
    ...(deps.handoverRetry ? { policy: deps.handoverRetry } : {}),
  })
  const sweeper = sweepHandedOver({ board, clock, timeZone, stay: () => settings.get().handedOverStay })

  const intake = await openIntakeArea({
    ...deps,
    board,
    outbox,
    session,
    settings,
    clock,
    serve: deps.intake,
  })
  events.add(intakeFollowingOrders(intake))

  const handlers = wireHandlers({
    deps,
    parts: { settings, clients, session, vault, methodsCache, board, outbox, intake },
    emit,
    attempt,
    redactText,
    clock,
  })
  handlers.updateSettings = followingSettings(handlers.updateSettings, intake, (settings) =>
    emit('settingsChanged', settings),
  )

  return {
    handlers,
    subscribe: (listener) => events.add(listener as (event: EventName, payload: unknown) => void),
    intake,
    ...lifecycle(session, outbox, log, sweeper),
    allDay: allDayControls(outbox, session),
  }
}

/** Free text from outside (the platform's words) as it may be kept and shown: known and secret-shaped values out. */
function textRedactor(secrets: SecretRedaction): (text: string) => string {
  return (text) => {
    const redacted = secrets.redactValue(text)
    return typeof redacted === 'string' ? redacted : ''
  }
}

/** The API's `updated_at` follows every change of an order, and forgets an order that left the board. */
function intakeFollowingOrders(intake: CoreParts['intake']): (event: EventName, payload: unknown) => void {
  return (event, payload) => {
    if (event !== 'orderChanged') return
    const { paymentKey, order } = payload as EventPayload<'orderChanged'>
    if (order === null) intake.port.forget(paymentKey)
    else intake.port.noteChanged(paymentKey)
  }
}

/** What the all-day shell may do with the outbox and the session (tray, wake, the network's return). */
function allDayControls(outbox: HandoverOutbox, session: Session): AllDayControls {
  return {
    countOwed: () => outbox.countOwed(),
    pauseSending: () => outbox.pauseSending(),
    resumeSending: () => outbox.resumeSending(),
    isPaused: () => outbox.isPaused,
    retryOwedNow: () => outbox.retryOwedNow(),
    checkSession: () => session.checkSession(),
  }
}

function lifecycle(
  session: Session,
  outbox: HandoverOutbox,
  log: Logger,
  stopSweeping: () => void,
): Pick<Core, 'start' | 'dispose'> {
  return {
    async start() {
      if (session.isSignedOut && session.hasStoredCredentials) {
        await session.resumeAtStart().catch((error: unknown) => {
          log.warn('core: could not sign in with the stored credentials at start', {
            code: toAppError(error).code,
          })
        })
      }
      // After the session had its chance: hand-overs owed from the last run go out with a token.
      outbox.start()
    },
    dispose() {
      stopSweeping()
      outbox.dispose()
      session.dispose()
    },
  }
}

interface CoreParts {
  settings: SettingsStore
  clients: PlatformClients
  session: Session
  vault: CredentialVault
  methodsCache: MethodsCache
  board: OrderBoard
  outbox: HandoverOutbox
  intake: Awaited<ReturnType<typeof openIntakeArea>>
}

/** Each area's handlers, given the parts they work on: the map the bridges dispatch into. */
function wireHandlers({
  deps,
  parts,
  emit,
  attempt,
  redactText,
  clock,
}: {
  deps: CoreDependencies
  parts: CoreParts
  emit: CoreEventListener
  attempt: Attempt
  redactText: (text: string) => string
  clock: Clock
}): CoreHandlers {
  const { settings, clients, session, vault, methodsCache, board, outbox, intake } = parts
  const { secrets } = deps
  const appInfo = { name: deps.appName, version: deps.appVersion, shell: deps.shell }
  return {
    ...sessionHandlers({ session, secrets, forgetCatalog: () => methodsCache.clear(), attempt }),
    ...catalogHandlers({ methodsCache, vault, session, attempt }),
    ...settingsHandlers({
      settings,
      clients,
      session,
      vault,
      announceSession: (status) => emit('sessionChanged', status),
      attempt,
    }),
    ...orderHandlers({ board, outbox, settings, redactText, attempt }),
    ...diagnosticsHandlers({
      appInfo,
      sources: () => ({
        settings: settings.get(),
        session: session.status(),
        orders: board.list(),
        recentLogLines: deps.recentLogLines,
        now: clock.now(),
        redaction: secrets,
      }),
      attempt,
    }),
    ...intakeHandlers(intake, attempt),
  }
}
