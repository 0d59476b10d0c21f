/**
 * The POS intake as one area of the core (docs/decisions.md D45-D49): the keyring, the IntakePort
 * over the board and the outbox, the local API's server and the drop folder, each following Settings. Both
 * shells get it from the core; they add only what is theirs (web mode's INTAKE line, Electron's link and
 * second instance).
 */
import type { IntakeInfo } from '../../../src-shared/intake-settings.ts'
import type { OrderSource } from '../../../src-shared/intake-view.ts'
import { describeThrown } from '../app-failure.ts'
import { isErrorWithCode } from '../storage/durable-files.ts'
import type { Clock, Logger } from '../ports.ts'
import {
  createBoardIntakePort,
  type BoardIntakeDependencies,
  type BoardIntakePort,
} from './board-intake-port.ts'
import { DropFolder } from './drop-folder.ts'
import type { IntakeKeyring } from './intake-key.ts'
import { startIntakeServer, type IntakeServer, type IntakeServerLimits } from './intake-server.ts'
import type { IntakeOrder } from './order-input.ts'

export interface IntakeAreaOptions extends Omit<BoardIntakeDependencies, 'handoverAllowed' | 'now'> {
  keyring: IntakeKeyring
  settings: { get(): { intakePort: number; intakeHandover: boolean; dropFolder: string | null } }
  clock: Clock
  log: Logger
  /**
   * Serve the API and watch the folder (the shells); left out, the area answers Settings but listens nowhere
   * (tests and benchmarks that build a core). `port` wins over the Settings port for this run (web mode's
   * `--intake-port`, 0 = any free port).
   */
  serve?: IntakeServing | undefined
}

export interface IntakeServing {
  port?: number | undefined
  limits?: Partial<IntakeServerLimits> | undefined
  dropStableMs?: number | undefined
}

type ServerState =
  | { status: 'off' }
  | { status: 'serving'; server: IntakeServer }
  | { status: 'port-in-use' | 'failed'; port: number }
type DropState =
  | { status: 'off' }
  | { status: 'watching'; folder: string; watcher: DropFolder }
  | { status: 'failed'; folder: string }

export class IntakeArea {
  readonly port: BoardIntakePort
  readonly #options: IntakeAreaOptions
  #server: ServerState = { status: 'off' }
  #drop: DropState = { status: 'off' }
  /** Settings changes and start/stop, one at a time: a port is never asked for twice at once. */
  #turn: Promise<void> = Promise.resolve()
  #stopped = false
  #serving: IntakeServing | undefined
  readonly #keyListeners: ((key: string) => void)[] = []

  constructor(options: IntakeAreaOptions) {
    this.#options = options
    this.#serving = options.serve
    this.port = createBoardIntakePort({
      ...options,
      handoverAllowed: () => options.settings.get().intakeHandover,
      now: () => options.clock.now(),
    })
  }

  /** Adds an order from a link, the command line or the folder: the same path as the API's. */
  addOrder(order: IntakeOrder, source: OrderSource) {
    return this.port.addOrder(order, source)
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

  /** Starts (or restarts) what Settings asks for; resolves once done, never throws. */
  follow(): Promise<void> {
    this.#turn = this.#turn.then(() => this.#follow())
    return this.#turn
  }

  async stop(): Promise<void> {
    this.#stopped = true
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
      key: this.#options.keyring.current,
      url: server.status === 'serving' ? server.server.url : null,
      port:
        server.status === 'serving'
          ? server.server.port
          : server.status === 'off'
            ? this.#wantedPort()
            : server.port,
      status: server.status,
      dropFolder: { folder: drop.status === 'off' ? null : drop.folder, status: drop.status },
    }
  }

  async rotateKey(): Promise<IntakeInfo> {
    const key = await this.#options.keyring.rotate()
    for (const listener of this.#keyListeners) listener(key)
    return this.info()
  }

  #wantedPort(): number {
    return this.#serving?.port ?? this.#options.settings.get().intakePort
  }

  async #follow(): Promise<void> {
    if (this.#stopped || this.#serving === undefined) return
    await this.#followServer()
    await this.#followDrop()
  }

  async #followServer(): Promise<void> {
    const wanted = this.#wantedPort()
    const server = this.#server
    if (server.status === 'serving' && (wanted === 0 || server.server.port === wanted)) return
    await this.#closeServer()
    const { keyring, log, clock } = this.#options
    const serve = this.#serving
    try {
      const started = await startIntakeServer({
        port: wanted,
        intake: this.port,
        keys: keyring,
        clock,
        log,
        ...(serve?.limits ? { limits: serve.limits } : {}),
      })
      this.#server = { status: 'serving', server: started }
    } catch (error) {
      const inUse = isErrorWithCode(error, 'EADDRINUSE') || isErrorWithCode(error, 'EACCES')
      log.warn('intake: the API could not listen', { port: wanted, error: describeThrown(error) })
      this.#server = { status: inUse ? 'port-in-use' : 'failed', port: wanted }
    }
  }

  async #followDrop(): Promise<void> {
    const folder = this.#options.settings.get().dropFolder
    const drop = this.#drop
    if (drop.status !== 'off' && drop.folder === folder) return
    await this.#closeDrop()
    if (folder === null) return
    const { log } = this.#options
    const serve = this.#serving
    try {
      const watcher = await DropFolder.start({
        folder,
        log,
        ...(serve?.dropStableMs === undefined ? {} : { stableMs: serve.dropStableMs }),
        addOrder: (order) => this.addOrder(order, 'drop-folder'),
      })
      this.#drop = { status: 'watching', folder, watcher }
    } catch (error) {
      log.warn('intake: the drop folder could not be watched', { error: describeThrown(error) })
      this.#drop = { status: 'failed', folder }
    }
  }

  async #closeServer(): Promise<void> {
    const server = this.#server
    this.#server = { status: 'off' }
    if (server.status === 'serving') await server.server.close()
  }

  async #closeDrop(): Promise<void> {
    const drop = this.#drop
    this.#drop = { status: 'off' }
    if (drop.status === 'watching') await drop.watcher.close()
  }
}
