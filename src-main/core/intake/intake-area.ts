/**
 * The POS intake as one area of the core (docs/decisions.md D45-D49): the board's one add path and the outbox's
 * one hand-over for every way in (the IntakePort), the keyring, the local API's server and the drop folder,
 * each following Settings. `createCore` makes it from the board and the outbox; both shells get it from the
 * core and add only what is theirs (web mode's INTAKE line, Electron's link and second instance).
 */
import type { AccountLine } from '../../../src-shared/couriers.ts'
import type { DropFolderRefusal, IntakeInfo } from '../../../src-shared/intake-info.ts'
import type { BoardOrder, OrderDetails, Settings } from '../../../src-shared/domain.ts'
import { toPublicOrderView, type OrderSource, type PublicOrderView } from '../../../src-shared/intake-view.ts'
import { isSignedIn } from '../../../src-shared/session-rules.ts'
import { describeThrown, invalidInput } from '../app-failure.ts'
import type { CourierDay, PublicDayEnd } from '../couriers/courier-day.ts'
import type { PosCash, PublicCashRecord } from '../couriers/pos-cash.ts'
import type { HandoverOutbox } from '../orders/handover-outbox.ts'
import type { OrderBoard } from '../orders/order-board.ts'
import type { Clock, Logger } from '../ports.ts'
import type { Accounts } from '../session/accounts.ts'
import type { Session } from '../session/session.ts'
import { isErrorWithCode } from '../storage/durable-files.ts'
import { createPosFolder, DropFolder, DropFolderRefused } from './drop-folder.ts'
import type { IntakeKeyring } from './intake-key.ts'
import type { IntakeHealth, IntakePort } from './intake-port.ts'
import { startIntakeServer, type IntakeServer, type IntakeServerLimits } from './intake-server.ts'
import type { IntakeOrder } from './order-input.ts'

export interface IntakeAreaDeps {
  board: OrderBoard
  outbox: HandoverOutbox
  session: Pick<Session, 'status'>
  keyring: IntakeKeyring
  settings: {
    get(): Pick<Settings, 'intakePort' | 'intakeHandover' | 'dropFolder'> &
      Partial<Pick<Settings, 'dropFolderSharedConfirmed'>>
  }
  clock: Clock
  log: Logger
  /** The courier's day (D65): an order's courier and branch, the hand-over naming its courier, the day-end. */
  couriers: CourierDay
  /** The restaurant accounts (issue 29): an order's `account` by short name, the view's and health's names. */
  accounts?: Pick<Accounts, 'resolveShortName' | 'list'> | undefined
  /**
   * Serve the API and watch the folder (the shells); left out, the area answers Settings but listens nowhere
   * (tests and benchmarks that build a core). `port` wins over the Settings port for this run (web mode's
   * `--intake-port`, 0 = any free port).
   */
  serve?: IntakeServing | undefined
}

/** One account's share of `GET /v1/day-end` (issue 29). */
interface PublicAccountSplit {
  account: string | null
  packages: number
  cash_to_collect_kurus: number
}

export interface IntakeServing {
  port?: number | undefined
  limits?: Partial<IntakeServerLimits> | undefined
  dropStableMs?: number | undefined
  /** The data folder: the drop folder's taken and refused files are kept there (D69); without it, none is watched. */
  dataDir?: string | undefined
  /** The staff user's home, where "Create the POS folder" makes it (tests give their own). */
  home?: string | undefined
}

/**
 * A port the API could not have is tried again on its own (another program may let it go: an old instance
 * quitting after an update, a tool run once): every 5 s for the first half-minute, then every 30 s.
 */
const RETRY_SOON_MS = 5_000
const RETRY_SOON_TIMES = 6
const RETRY_LATER_MS = 30_000

type ServerState =
  | { status: 'off' }
  | { status: 'serving'; server: IntakeServer }
  | { status: 'port-in-use' | 'failed'; port: number }
type DropState =
  | { status: 'off' }
  | { status: 'watching'; folder: string; shared: boolean; watcher: DropFolder }
  | { status: 'refused'; folder: string; shared: boolean; refusal: DropFolderRefusal }
  | { status: 'failed'; folder: string; shared: boolean }

/** Staff at the till and the POS through its key may change what is known of an order; the others only add (D71). */
function mayChangeWhatIsKnown(source: OrderSource): boolean {
  return source === 'pos-api' || source === 'typed'
}

/** The facts the board's order does not have yet. */
function onlyUnknown(facts: OrderDetails, order: BoardOrder): OrderDetails {
  return Object.fromEntries(
    Object.entries(facts).filter(([field]) => order[field as keyof OrderDetails] === undefined),
  )
}

export class IntakeArea implements IntakePort {
  readonly #deps: IntakeAreaDeps
  #server: ServerState = { status: 'off' }
  #drop: DropState = { status: 'off' }
  /** Settings changes and start/stop, one at a time: a port is never asked for twice at once. */
  #turn: Promise<void> = Promise.resolve()
  #stopped = false
  #serving: IntakeServing | undefined
  readonly #keyListeners: ((key: string) => void)[] = []
  readonly #listenListeners: (() => void)[] = []
  /** The next try of a port the API could not have, and its number since Settings were last followed. */
  #retry: { cancel: () => void; tries: number } | undefined
  /** When each order last changed, for the view's `updated_at` (a change without a time of its own). */
  readonly #changedAt = new Map<string, string>()

  constructor(deps: IntakeAreaDeps) {
    this.#deps = deps
    this.#serving = deps.serve
  }

  /**
   * The board's one add path, for every way in (the API, a link, the command line, the folder, and staff's
   * own typing): adds the order, or merges what is new by the board's rule (D45, D71); never hands over. A
   * change the board refused is logged: which way in, which fields, never their values. The courier it names
   * goes with the package (D65).
   */
  async addOrder(
    order: IntakeOrder,
    source: OrderSource,
  ): Promise<{ view: PublicOrderView; created: boolean }> {
    const { board, outbox, log, couriers } = this.#deps
    // Whose it is, before anything is written: a name the app has no account of is refused (issue 29).
    const account = this.#accountOf(order)
    // An order already on the board keeps its account; none named and none known: the default's.
    const { details, courierId } = await this.#courierFacts(
      order,
      source,
      account ?? board.get(order.paymentKey)?.account,
    )
    const before = board.get(order.paymentKey)
    // What the ledger or History knows of an order is known, on the board or off it (issue 27.3): a way in that
    // only adds finds the order with it, and the board's one rule (D71) lets it fill only what is still unknown.
    const known = mayChangeWhatIsKnown(source) ? undefined : couriers.knownOrder(order.paymentKey)
    if (known) {
      const unknownHere = before ? onlyUnknown(known.details, before) : known.details
      // Nothing to fill: the add below is the order's one write.
      if (Object.keys(unknownHere).length > 0) board.add(order.paymentKey, unknownHere, source, account)
    }
    const added = board.add(order.paymentKey, details, source, account)
    outbox.showOnBoard(order.paymentKey)
    // A courier the ledger named stays, though the journal no longer holds the assignment.
    const knownCourier = known?.courierId
    const keptCourier = knownCourier !== undefined && courierId !== undefined
    if (keptCourier && courierId !== knownCourier) {
      log.warn('couriers: kept the courier of an order; another way in offered another', { source })
    }
    couriers.orderAdded(order.paymentKey, keptCourier ? undefined : courierId, source)
    if (order.ready === true) board.markReady(order.paymentKey)
    if (added.refusedChange && added.refusedChange !== before?.refusedChange) {
      log.warn('intake: kept what was known of an order; another way in offered to change it', {
        source,
        fields: added.refusedChange.fields,
      })
    }
    this.#note(order.paymentKey)
    const now = board.get(order.paymentKey) ?? added
    return { view: this.#viewOf(now), created: before === undefined && known === undefined }
  }

  /**
   * The order's branch and courier, checked (D65). Staff and the POS's API are refused one the app does not
   * know (`unknown-branch`, `unknown-courier`): they can correct it. A link, the command line and the folder
   * only add (D71), and a refused drop file would be retried for ever: the order comes in without it, logged.
   */
  async #courierFacts(
    order: IntakeOrder,
    source: OrderSource,
    account: string | undefined,
  ): Promise<{ details: IntakeOrder['details']; courierId: string | undefined }> {
    const { couriers, log } = this.#deps
    const strict = mayChangeWhatIsKnown(source)
    const { branch, ...rest } = order.details
    let details = order.details
    let courierId: string | undefined
    try {
      if (branch !== undefined) await couriers.checkBranch(branch, account)
    } catch (error) {
      if (strict) throw error
      log.warn('intake: an order came without its branch, which the keys do not list', { source })
      details = rest
    }
    try {
      if (order.courier !== undefined) courierId = couriers.courierOf(order.courier).id
    } catch (error) {
      if (strict) throw error
      log.warn('intake: an order came without its courier, whom the app does not know', { source })
    }
    return { details, courierId }
  }

  getOrder(paymentKey: string): PublicOrderView | undefined {
    const order = this.#deps.board.get(paymentKey)
    return order ? this.#viewOf(order) : undefined
  }

  /**
   * "Kuryeye Verildi" through the outbox, answered once the intent is in the journal. The outbox's refusals
   * (`unknown-order`, `not-eligible`, `already-sending`) and a failed journal write come before its first
   * `await`; what follows is the first attempt at the platform, whose failure the board shows and the log keeps.
   */
  async handOver(paymentKey: string, courier?: string): Promise<PublicOrderView> {
    // The courier's refusals (`unknown-courier`, `courier-required`) and a failed ledger write throw here.
    const sending = this.#deps.couriers.handOver(
      paymentKey,
      courier === undefined ? undefined : { name: courier },
    )
    let refusal: { error: unknown } | undefined
    sending.catch((error: unknown) => {
      refusal = { error }
    })
    // A hand-over refused at once is already rejected: its catch runs before this one turn of the microtask
    // queue ends. One still pending has written its intent and is now talking to the platform.
    await Promise.resolve()
    if (refusal) throw refusal.error
    sending.catch((error: unknown) =>
      this.#deps.log.warn('intake: a hand-over asked for through the API failed', {
        error: describeThrown(error),
      }),
    )
    const order = this.#deps.board.get(paymentKey)
    if (!order) throw new Error('intake: the order left the board while it was handed over')
    return this.#viewOf(order)
  }

  markReady(paymentKey: string): PublicOrderView | undefined {
    if (!this.#deps.board.get(paymentKey)) return undefined
    this.#note(paymentKey)
    return this.#viewOf(this.#deps.board.markReady(paymentKey))
  }

  dayEnd(day?: string): PublicDayEnd {
    const shown = this.#deps.couriers.publicDayEnd(day)
    // Stryker disable next-line ArrayDeclaration: equivalent, one stray account splits nothing either
    const accounts = this.#deps.accounts?.list() ?? []
    if (accounts.length < 2) return shown
    // Several accounts (issue 29): each courier's line and the day split by account, by short name (null:
    // packages handed over before accounts existed). The settlement is the one just kept, read again.
    const settled = this.#deps.couriers.dayEnd(shown.date)
    const nameOf = (id: string | null) => accounts.find((account) => account.id === id)?.shortName ?? null
    const split = (lines: readonly AccountLine[] | undefined): PublicAccountSplit[] =>
      (lines ?? []).map((line) => ({
        account: nameOf(line.account),
        packages: line.packages,
        cash_to_collect_kurus: line.cashToCollectKurus,
      }))
    const withAccounts: PublicDayEnd & { accounts: PublicAccountSplit[] } = {
      ...shown,
      couriers: shown.couriers.map((courier, index) => ({
        ...courier,
        accounts: split(settled.couriers[index]?.accounts),
      })),
      accounts: split(settled.allOrders.accounts),
    }
    return withAccounts
  }

  courierCash(cash: PosCash): { record: PublicCashRecord; created: boolean } {
    return this.#deps.couriers.posCash(cash)
  }

  async doorPayment(paymentKey: string, method: string): Promise<PublicOrderView | undefined> {
    if (!(await this.#deps.couriers.doorPayment(paymentKey, method))) return undefined
    const order = this.#deps.board.get(paymentKey)
    return order ? this.#viewOf(order) : undefined
  }

  health(): IntakeHealth {
    const accounts = this.#deps.accounts?.list().map((account) => ({
      account: account.shortName,
      signedIn: account.state === 'signed-in' || account.state === 'renewing',
    }))
    return {
      signedIn: isSignedIn(this.#deps.session.status()),
      owed: this.#deps.outbox.countOwed(),
      ...(accounts === undefined ? {} : { accounts }),
    }
  }

  /** The account an order names by short name (any letter case, Turkish rules); none named: the default's. */
  #accountOf(order: IntakeOrder): string | undefined {
    if (order.account === undefined) return undefined
    const account = this.#deps.accounts?.resolveShortName(order.account)
    if (account === undefined) throw invalidInput('unknown-account')
    return account
  }

  handoverAllowed(): boolean {
    return this.#deps.settings.get().intakeHandover
  }

  /** Every `orderChanged`: the view's `updated_at` follows it; an order that left the board is forgotten. */
  orderChanged(paymentKey: string, order: BoardOrder | null): void {
    if (order === null) this.#changedAt.delete(paymentKey)
    else this.#note(paymentKey)
  }

  /** The shells' start: serve the API and watch the folder from now on, as Settings asks; never throws. */
  serve(serving: IntakeServing = {}): Promise<void> {
    this.#serving = serving
    return this.follow()
  }

  /** Told of every new key (web mode rewrites its key file). */
  onKeyRotated(listener: (key: string) => void): void {
    this.#keyListeners.push(listener)
  }

  /** Told after every try to listen, whether the port was had or not (the attention's port line follows it). */
  onListenTried(listener: () => void): void {
    this.#listenListeners.push(listener)
  }

  /** Starts (or restarts) what Settings asks for; resolves once done, never throws. */
  follow(): Promise<void> {
    // A change of Settings (or the shell's start) tries at once, and starts the retries' count afresh.
    this.#stopRetrying()
    this.#turn = this.#turn.then(() => this.#follow())
    return this.#turn
  }

  async stop(): Promise<void> {
    this.#stopped = true
    this.#stopRetrying()
    this.#turn = this.#turn.then(async () => {
      await this.#closeServer()
      await this.#closeDrop()
    })
    await this.#turn
  }

  info(): IntakeInfo {
    const server = this.#server
    const drop = this.#drop
    return {
      key: this.#deps.keyring.current,
      url: server.status === 'serving' ? server.server.url : null,
      port:
        server.status === 'serving'
          ? server.server.port
          : server.status === 'off'
            ? this.#wantedPort()
            : server.port,
      status: server.status,
      dropFolder: {
        folder: drop.status === 'off' ? null : drop.folder,
        status: drop.status,
        ...(drop.status === 'refused' ? { refusal: drop.refusal } : {}),
      },
    }
  }

  /** "Create the POS folder" (issue 27): the app's own drop folder in the staff user's home; its path. */
  async createPosFolder(): Promise<string> {
    const serving = this.#serving
    if (serving?.dataDir === undefined) throw new Error('no data folder to keep the drop folder’s files in')
    const { dataDir, home } = serving
    // Stryker disable next-line ConditionalExpression: equivalent, createPosFolder reads an undefined home as none
    const created = await createPosFolder(home === undefined ? { dataDir } : { dataDir, home })
    if (!created.ok) throw new Error(`the POS folder was not created: ${created.refusal}`)
    return created.folder
  }

  async rotateKey(): Promise<IntakeInfo> {
    const key = await this.#deps.keyring.rotate()
    for (const listener of this.#keyListeners) listener(key)
    return this.info()
  }

  #wantedPort(): number {
    return this.#serving?.port ?? this.#deps.settings.get().intakePort
  }

  async #follow(): Promise<void> {
    if (this.#stopped || this.#serving === undefined) return
    await this.#followServer()
    await this.#followDrop()
  }

  async #followServer(): Promise<void> {
    const wanted = this.#wantedPort()
    const before = this.#server
    if (before.status === 'serving') {
      if (wanted === 0 || before.server.port === wanted) return
      await this.#closeServer()
    }
    // Trying a port again keeps saying it is taken until it listens: the attention's line does not flicker.
    const again = (before.status === 'port-in-use' || before.status === 'failed') && before.port === wanted
    if (!again) this.#server = { status: 'off' }
    const { keyring, log, clock } = this.#deps
    const serve = this.#serving
    try {
      const started = await startIntakeServer({
        port: wanted,
        intake: this,
        keys: keyring,
        clock,
        log,
        // Stryker disable next-line OptionalChaining: equivalent, the API is followed only while serving (#follow)
        ...(serve?.limits ? { limits: serve.limits } : {}),
      })
      this.#server = { status: 'serving', server: started }
      this.#retry = undefined
      if (again) log.info('intake: the API listens now', { port: started.port })
    } catch (error) {
      const inUse = isErrorWithCode(error, 'EADDRINUSE') || isErrorWithCode(error, 'EACCES')
      // Said once per port, not at every try.
      if (!again) log.warn('intake: the API could not listen', { port: wanted, error: describeThrown(error) })
      this.#server = { status: inUse ? 'port-in-use' : 'failed', port: wanted }
      this.#retryLater()
    }
    for (const listener of this.#listenListeners) listener()
  }

  #retryLater(): void {
    const tries = (this.#retry?.tries ?? 0) + 1
    const delay = tries <= RETRY_SOON_TIMES ? RETRY_SOON_MS : RETRY_LATER_MS
    const cancel = this.#deps.clock.setTimer(delay, () => {
      this.#turn = this.#turn.then(() => (this.#stopped ? undefined : this.#followServer()))
    })
    this.#retry = { cancel, tries }
  }

  #stopRetrying(): void {
    this.#retry?.cancel()
    this.#retry = undefined
  }

  async #followDrop(): Promise<void> {
    const { dropFolder: folder, dropFolderSharedConfirmed: shared = false } = this.#deps.settings.get()
    const drop = this.#drop
    if (drop.status === 'watching' && drop.folder === folder && drop.shared === shared) return
    await this.#closeDrop()
    if (folder === null) return
    const { log } = this.#deps
    const serve = this.#serving
    try {
      // Stryker disable next-line OptionalChaining: equivalent, the folder is followed only while serving (#follow)
      if (serve?.dataDir === undefined) throw new Error('no data folder to keep the drop folder’s files in')
      const watcher = await DropFolder.start({
        folder,
        dataDir: serve.dataDir,
        sharedConfirmed: shared,
        log,
        // Stryker disable next-line ConditionalExpression: equivalent, DropFolder reads an undefined stableMs as none
        ...(serve.dropStableMs === undefined ? {} : { stableMs: serve.dropStableMs }),
        addOrder: (order) => this.addOrder(order, 'drop-folder'),
        // Swapped after it was checked (issue 27): nothing more is taken; Settings and the status line say so.
        onFolderChanged: () => this.#dropFolderChanged(folder),
      })
      this.#drop = { status: 'watching', folder, shared, watcher }
      if (watcher.changed) this.#dropFolderChanged(folder)
    } catch (error) {
      log.warn('intake: the drop folder could not be watched', { error: describeThrown(error) })
      this.#drop =
        error instanceof DropFolderRefused
          ? { status: 'refused', folder, shared, refusal: error.refusal }
          : { status: 'failed', folder, shared }
    }
  }

  async #closeServer(): Promise<void> {
    const server = this.#server
    this.#server = { status: 'off' }
    if (server.status === 'serving') await server.server.close()
  }

  #dropFolderChanged(folder: string): void {
    const drop = this.#drop
    if (drop.status !== 'watching' || drop.folder !== folder) return
    this.#drop = { status: 'refused', folder, shared: drop.shared, refusal: 'changed' }
    void drop.watcher.close()
    for (const listener of this.#listenListeners) listener()
  }

  async #closeDrop(): Promise<void> {
    const drop = this.#drop
    this.#drop = { status: 'off' }
    if (drop.status === 'watching') await drop.watcher.close()
  }

  #note(paymentKey: string): void {
    this.#changedAt.set(paymentKey, new Date(this.#deps.clock.now()).toISOString())
  }

  #viewOf(order: BoardOrder): PublicOrderView {
    const account = this.#deps.accounts?.list().find((one) => one.id === order.account)?.shortName
    return toPublicOrderView(order, this.#changedAt.get(order.paymentKey), account)
  }
}
