// A whole small world for the hand-over outbox's tests: a fake platform that behaves like the spec (and the mock
// platform) says, the real Session in front of it, the board, and a journal that outlives "crashes".
import type { MarkOnTheWayOptions, PlatformClient } from '../../../src-main/core/platform/platform-client.ts'
import { PlatformCallError, type PlatformFailure } from '../../../src-main/core/platform/platform-error.ts'
import { CredentialVault } from '../../../src-main/core/secrets/credential-vault.ts'
import { Session } from '../../../src-main/core/session/session.ts'
import { TOKEN_LIFETIME_MS } from '../../../src-main/core/session/token-expiry.ts'
import { SettingsStore } from '../../../src-main/core/settings/settings-store.ts'
import { MemoryHistoryArchive } from '../../../src-main/core/storage/history-archive.ts'
import type { Journal } from '../../../src-main/core/storage/journal.ts'
import { MemoryJournal } from '../../../src-main/core/storage/memory-journal.ts'
import { ManualClock } from '../manual-clock.ts'
import { fakeCipher, MemoryStore, recordingLogger } from '../memory-adapters.ts'
import type { OrderBoard } from '../../../src-main/core/orders/order-board.ts'
import { HandoverOutbox } from '../../../src-main/core/orders/handover-outbox.ts'
import type { RetryPolicy } from '../../../src-main/core/orders/retry-policy.ts'
import { OUTBOX_SETTINGS, oneAccount, TEST_ACCOUNT, testBoard } from './test-parts.ts'

export const ADDRESS = 'https://platform.example.com/integrations'
export const KEYS = { appSecretKey: 'app-secret-1', restSecretKey: 'rest-secret-1' }
export const ORDER = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
export const OTHER_ORDER = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'

/** What the platform does with the next on-the-way call, instead of its normal behaviour. */
export type Step =
  | { fail: PlatformFailure }
  /** Acts on the call (the order goes IN_DELIVERY) but the answer never arrives: a timeout. */
  | 'act-then-time-out'
  /** Never answers (until the test calls `release`). */
  | 'hang'

const refusal = (httpStatus: number, error: string, code: PlatformFailure['code']): PlatformFailure => ({
  code,
  retryable: false,
  httpStatus,
  platformError: error,
})
export const NOT_CONFIRMED = refusal(409, 'sipariş durumu uygun değil', 'platform-refused')
export const NOT_FOUND = refusal(404, 'sipariş bulunamadı', 'order-not-found')
export const UNAVAILABLE: PlatformFailure = {
  code: 'server-error',
  retryable: true,
  httpStatus: 503,
  platformError: 'sunucu hatası',
}

/** The platform as the spec describes it: tokens, orders CONFIRMED → IN_DELIVERY once, refusals after. */
export class FakePlatform {
  readonly issued = new Set<string>()
  readonly inDelivery = new Set<string>()
  readonly known = new Set([ORDER, OTHER_ORDER])
  readonly steps: Step[] = []
  readonly calls: { paymentKey: string; options: MarkOnTheWayOptions | undefined }[] = []
  readonly hanging: (() => void)[] = []
  logins = 0
  handedOver = 0
  /** Runs as each on-the-way call arrives, before the platform acts (to look at the journal then). */
  onCall: (() => void) | undefined

  client(): PlatformClient {
    return {
      login: () => {
        this.logins += 1
        const accessToken = `token-${this.logins}`
        this.issued.add(accessToken)
        const expires = new Date(Date.UTC(2026, 10, 22, 15, 0, 0) + TOKEN_LIFETIME_MS)
        return Promise.resolve({
          accessToken,
          expirationDate: expires.toISOString().slice(0, 19).replace('T', ' '),
        })
      },
      listBranches: () => Promise.resolve([]),
      getVariables: () => Promise.resolve({ paymentMethods: [], shippingMethods: [] }),
      markOnTheWay: async (accessToken, paymentKey, options) => {
        this.calls.push({ paymentKey, options })
        this.onCall?.()
        await Promise.resolve()
        if (!this.issued.has(accessToken)) {
          throw new PlatformCallError('ontheway', {
            code: 'signed-out',
            retryable: false,
            httpStatus: 401,
            platformError: 'yetkisiz erişim',
          })
        }
        const step = this.steps.shift()
        if (step === 'hang') {
          await new Promise<void>((resolve) => this.hanging.push(resolve))
          throw new PlatformCallError('ontheway', { code: 'timeout', retryable: true })
        }
        if (step !== undefined && step !== 'act-then-time-out')
          throw new PlatformCallError('ontheway', step.fail)
        if (!this.known.has(paymentKey)) throw new PlatformCallError('ontheway', NOT_FOUND)
        if (this.inDelivery.has(paymentKey)) throw new PlatformCallError('ontheway', NOT_CONFIRMED)
        this.inDelivery.add(paymentKey)
        this.handedOver += 1
        if (step === 'act-then-time-out')
          throw new PlatformCallError('ontheway', { code: 'timeout', retryable: true })
        return { httpStatus: 200 }
      },
    }
  }

  revokeTokens(): void {
    this.issued.clear()
  }
}

/** A view of the shared journal that a "crash" cuts off: a dead process writes nothing more. */
class ProcessJournal implements Journal {
  readonly #shared: { records: unknown[] }
  dead = false
  failNextAppend = false

  constructor(shared: { records: unknown[] }) {
    this.#shared = shared
  }

  read(): unknown[] {
    return structuredClone(this.#shared.records)
  }

  append(record: unknown): void {
    if (this.dead) throw new Error('the process is gone')
    if (this.failNextAppend) {
      this.failNextAppend = false
      throw new Error('ENOSPC: no space left on device')
    }
    this.#shared.records.push(JSON.parse(JSON.stringify(record)) as unknown)
  }

  replace(records: readonly unknown[]): void {
    if (this.dead) throw new Error('the process is gone')
    this.#shared.records = JSON.parse(JSON.stringify(records)) as unknown[]
  }

  bytes(): number {
    return JSON.stringify(this.#shared.records).length
  }
}

export interface Running {
  session: Session
  board: OrderBoard
  outbox: HandoverOutbox
  journal: ProcessJournal
}

/** Everything that survives a restart (store, journal, platform, clock), and the app running on top of it. */
export class OutboxWorld {
  readonly clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0))
  readonly store = new MemoryStore()
  readonly journal: { records: unknown[] } = { records: [] }
  /** The board's own log and the history's archive (D55, D56): they outlive a crash like the journal. */
  readonly boardLog = new MemoryJournal()
  readonly archive = new MemoryHistoryArchive()
  readonly platform = new FakePlatform()
  readonly log = recordingLogger()
  readonly policy: RetryPolicy = { baseDelayMs: 2_000, maxDelayMs: 300_000, maxRetryAfterMs: 3_600_000 }
  random = () => 0.5
  /** The journal's size that makes the outbox compact it while running; the app's own when left out. */
  compactAtBytes: number | undefined
  /** The undo window of a press (D40); none (sent at once) when left out. */
  undoWindowMs: number | undefined
  app!: Running

  static async start(): Promise<OutboxWorld> {
    const world = new OutboxWorld()
    await world.boot()
    await world.app.session.signIn({ platformAddress: ADDRESS, ...KEYS })
    return world
  }

  /** Starts the app on what the world holds, as a process would; the outbox is not started yet. */
  async boot(): Promise<Running> {
    const settings = new SettingsStore(this.store)
    const vault = await CredentialVault.open({
      account: TEST_ACCOUNT,
      store: this.store,
      cipher: fakeCipher('strong'),
      log: this.log,
      allowWeakStorage: () => false,
    })
    const client = this.platform.client()
    const session = new Session({
      vault,
      settings,
      clientFor: () => Promise.resolve(client),
      clock: this.clock,
      log: this.log,
    })
    const board = testBoard({ store: this.store, clock: this.clock, boardLog: this.boardLog })
    const journal = new ProcessJournal(this.journal)
    const outbox = new HandoverOutbox({
      journal,
      board,
      sessions: oneAccount(session),
      clock: this.clock,
      log: this.log,
      policy: this.policy,
      random: () => this.random(),
      archive: this.archive,
      ...(this.compactAtBytes === undefined ? {} : { compactAtBytes: this.compactAtBytes }),
      timeZone: OUTBOX_SETTINGS.timeZone,
      undoWindowMs: () => this.undoWindowMs ?? 0,
    })
    this.app = { session, board, outbox, journal }
    return this.app
  }

  /** SIGKILL: the process stops at once, mid-send or not; its timers and writes die with it. */
  async crashAndRestart(): Promise<Running> {
    this.app.journal.dead = true
    this.app.outbox.dispose()
    this.app.session.dispose()
    await this.boot()
    this.app.outbox.start()
    return this.app
  }

  /** Adds a restaurant-courier delivery order to the board. */
  addOrder(paymentKey = ORDER, label?: string): void {
    this.app.board.add(paymentKey, {
      courierType: 'restaurant',
      shippingMethod: 'delivery',
      ...(label === undefined ? {} : { label }),
    })
  }

  handover(paymentKey = ORDER) {
    return this.app.board.require(paymentKey).handover
  }

  recordTypes(): string[] {
    return this.journal.records.map((record) => {
      const { type, result } = record as { type: string; result?: string }
      return result === undefined ? type : `${type}:${result}`
    })
  }

  /** Lets every promise started so far settle. */
  async settle(): Promise<void> {
    await this.clock.advance(0)
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve))
  }
}
