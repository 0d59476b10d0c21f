/**
 * Electron's POS intake (docs/decisions.md D45-D47): the local API served from the main process,
 * `pos-companion://order/…` registered as the app's link, links and `--add-order` from a second launch or from
 * macOS's `open-url` put on the board (a link only ever adds), the window brought forward, and the second
 * launch's answer written for it to print. Plain functions over the few `app` calls they need, so tests drive
 * them without Electron.
 */
import { describeThrown } from '../core/app-failure.ts'
import type { Core } from '../core/app.ts'
import { ORDER_LINK_SCHEME, type LaunchRequest } from '../core/intake/order-link.ts'
import type { Logger } from '../core/ports.ts'
import {
  awaitReply,
  launchRequestOf,
  linkRequestOf,
  lockDataFor,
  refusalLine,
  replyIdOf,
  secondLaunchRequestOf,
  writeReply,
  type IntakeLockData,
  type ReplyWait,
} from './intake-launch.ts'

/** The part of Electron's `app` the intake uses. */
export interface IntakeApp {
  readonly isPackaged: boolean
  on(
    event: 'second-instance',
    listener: (event: unknown, argv: string[], cwd: string, data: unknown) => void,
  ): unknown
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown
  on(event: 'before-quit', listener: () => void): unknown
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean
  quit(): void
  exit(exitCode?: number): void
}

export interface IntakeLaunch {
  request: LaunchRequest
  /** For `app.requestSingleInstanceLock(…)`. */
  lockData: IntakeLockData
  /** Links macOS opened before the core was ready, kept for it. */
  early: string[]
  stopQueueing(): void
}

/**
 * Before the single-instance lock: what this launch asks for, the link registered, and macOS's `open-url`
 * listened for from the start (a link that launches the app arrives before `ready`).
 */
export function prepareIntakeLaunch(
  app: IntakeApp,
  process: { argv: string[]; defaultApp?: boolean },
): IntakeLaunch {
  const defaultApp = process.defaultApp === true
  // The installed app only: a development or test run must not take the link over from the installed one.
  if (app.isPackaged) app.setAsDefaultProtocolClient(ORDER_LINK_SCHEME)
  const request = launchRequestOf(process.argv, defaultApp)
  const early: string[] = []
  let queueing = true
  app.on('open-url', (event, url) => {
    event.preventDefault()
    if (queueing) early.push(url)
  })
  return { request, lockData: lockDataFor(request), early, stopQueueing: () => (queueing = false) }
}

/**
 * The second launch, once the lock said another app runs: a refused command line says why at once; an
 * `--add-order` waits for the running app's answer; anything else (a link, a plain second launch) just quits,
 * as the running app brings its window forward.
 */
export async function forwardToRunningApp(
  app: Pick<IntakeApp, 'quit' | 'exit'>,
  launch: Pick<IntakeLaunch, 'request' | 'lockData'>,
  dataDir: string,
  io: { write(line: string): void; wait: ReplyWait },
): Promise<void> {
  const { request, lockData } = launch
  if (request.kind === 'refused' && request.via === 'command-line') {
    io.write(refusalLine(request.reason))
    app.exit(2)
    return
  }
  if (lockData.intakeReply === undefined) {
    app.quit()
    return
  }
  const outcome = await awaitReply(dataDir, lockData.intakeReply, io.wait)
  io.write(outcome.line)
  app.exit(outcome.exitCode)
}

export interface InstallIntakeOptions {
  app: IntakeApp
  core: Pick<Core, 'intake'>
  launch: IntakeLaunch
  dataDir: string
  log: Logger
  /** Brings the window forward (restored, focused). */
  focus: () => void
}

/** After the core: serve the API, take links and command lines, answer second launches, stop at quit. */
export function installIntake(options: InstallIntakeOptions): Promise<void> {
  const { app, core, launch, dataDir, log, focus } = options
  const take = async (request: LaunchRequest, replyId?: string) => {
    const reply = await takeRequest(core, request, log)
    if (reply !== undefined && replyId !== undefined) {
      await writeReply(dataDir, replyId, reply).catch((error: unknown) =>
        log.warn('intake: could not answer the second launch', { error: describeThrown(error) }),
      )
    }
  }
  app.on('second-instance', (_event, argv, _cwd, data) => {
    focus()
    void take(secondLaunchRequestOf(argv, data), replyIdOf(data))
  })
  app.on('open-url', (_event, url) => {
    focus()
    void take(linkRequestOf(url))
  })
  launch.stopQueueing()
  for (const url of launch.early.splice(0)) void take(linkRequestOf(url))
  void take(launch.request)
  app.on('before-quit', () => void core.intake.stop())
  return core.intake.serve()
}

/** Adds the order a link or command line names; undefined when the launch asked for nothing. */
async function takeRequest(
  core: Pick<Core, 'intake'>,
  request: LaunchRequest,
  log: Logger,
): Promise<{ ok: true; paymentKey: string } | { ok: false; reason: string } | undefined> {
  if (request.kind === 'none') return undefined
  if (request.kind === 'refused') {
    log.warn('intake: refused a link or command line', { via: request.via, reason: request.reason })
    return { ok: false, reason: refusalLine(request.reason) }
  }
  try {
    await core.intake.addOrder(request.order, request.via)
    return { ok: true, paymentKey: request.order.paymentKey }
  } catch (error) {
    log.warn('intake: could not add an order from a link or command line', { error: describeThrown(error) })
    return { ok: false, reason: 'POS Companion could not add the order; see its log.' }
  }
}
