/**
 * Electron's POS intake (docs/decisions.md D45–D47): the local API served from the main process,
 * `pos-companion://order/…` registered as the app's link, and links and `--add-order` put on the board, whether
 * they came with this launch, a second launch or macOS's `open-url` (a link only ever adds).
 *
 * `pos-companion --add-order KEY` must exit 0 once the order is on the board, or non-zero with one line. Electron
 * gives a second instance no answer from the first, so the answer goes through the data folder both share (and
 * only this user can write): the second instance passes a random reply id with its lock request; the first adds
 * the order and writes `intake-replies/<id>.json`; the second waits for that file, prints, and exits.
 */
import { app } from 'electron'
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describeThrown } from '../core/app-failure.ts'
import type { Core } from '../core/create-core.ts'
import { texts } from '../../src-shared/texts/index.ts'
import {
  ORDER_LINK_SCHEME,
  parseLaunchArgv,
  parseOrderLink,
  type LaunchRefusal,
  type LaunchRequest,
} from '../core/intake/order-link.ts'
import type { Logger } from '../core/ports.ts'

export const REPLIES_FOLDER = 'intake-replies'
/** Long enough for a cold first instance to open its data; a POS script must not hang for ever. */
const REPLY_TIMEOUT_MS = 20_000
const REPLY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

interface IntakeLockData {
  intakeReply?: string
  /**
   * A launch this instance refused says so itself: Chromium hands the running app the argv with every switch
   * moved before the plain values (electron/electron#20322), so it could not see what followed a link.
   */
  refused?: { via: 'link' | 'command-line'; reason: LaunchRefusal }
}

type IntakeReply = { ok: true; paymentKey: string } | { ok: false; reason: string }

/**
 * What the app's own argv asks for; `defaultApp` (an unpackaged run) skips the app's path after the executable.
 * Windows and Linux hand a link over as the last argument: anything after it (a switch smuggled into a
 * crafted link) refuses the link.
 */
export function launchRequestOf(argv: readonly string[], defaultApp: boolean): LaunchRequest {
  const firstArgument = defaultApp ? 2 : 1
  const args = argv.slice(firstArgument)
  const link = args.findIndex((arg) => arg.toLowerCase().startsWith(`${ORDER_LINK_SCHEME}:`))
  if (link !== -1 && link !== args.length - 1) {
    return { kind: 'refused', via: 'link', reason: 'argument-after-link' }
  }
  return parseLaunchArgv(argv, firstArgument)
}

/** The lock's additional data: a reply id when the command line waits for an answer, or this launch's refusal. */
export function lockDataFor(request: LaunchRequest, makeId: () => string = randomUUID): IntakeLockData {
  if (request.kind === 'refused') return { refused: { via: request.via, reason: request.reason } }
  return request.kind === 'order' && request.via === 'command-line' ? { intakeReply: makeId() } : {}
}

/** What a second launch asks of the running app: the refusal it found itself, else its argv read here. */
function secondLaunchRequestOf(argv: readonly string[], additionalData: unknown): LaunchRequest {
  // Another process's data: nothing is taken on trust but a known refusal.
  const refused: unknown = (additionalData as { refused?: unknown } | null | undefined)?.refused
  if (typeof refused === 'object' && refused !== null) {
    const { via: claimed, reason } = refused as { via?: unknown; reason?: unknown }
    const via = claimed === 'command-line' ? 'command-line' : 'link'
    return {
      kind: 'refused',
      via,
      reason:
        typeof reason === 'string' && Object.hasOwn(texts.tr.launch, reason)
          ? (reason as LaunchRefusal)
          : via === 'link'
            ? 'not-a-link'
            : 'unexpected-argument',
    }
  }
  return launchRequestOf(argv, false)
}

/** A reply id from another process's lock data, or undefined: it names a file, so nothing else is taken. */
export function replyIdOf(additionalData: unknown): string | undefined {
  if (typeof additionalData !== 'object' || additionalData === null) return undefined
  const id = (additionalData as IntakeLockData).intakeReply
  return typeof id === 'string' && REPLY_ID.test(id) ? id : undefined
}

function replyFile(dataDir: string, id: string): string {
  return join(dataDir, REPLIES_FOLDER, `${id}.json`)
}

/** The first instance's answer, written whole (write-then-read of a small file; the reader retries). */
export async function writeReply(dataDir: string, id: string, reply: IntakeReply): Promise<void> {
  await mkdir(join(dataDir, REPLIES_FOLDER), { recursive: true, mode: 0o700 })
  await writeFile(`${replyFile(dataDir, id)}.tmp`, JSON.stringify(reply), { mode: 0o600 })
  await rename(`${replyFile(dataDir, id)}.tmp`, replyFile(dataDir, id))
}

export interface ReplyWait {
  /** Resolves after `ms`; tests pass a fake. */
  sleep(ms: number): Promise<void>
  now(): number
}

/** The real clock and sleep for `awaitReply`. */
export const systemReplyWait: ReplyWait = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
}

/** The second instance: waits for its reply file, removes it, and says what to print and how to exit. */
export async function awaitReply(
  dataDir: string,
  id: string,
  wait: ReplyWait,
  timeoutMs = REPLY_TIMEOUT_MS,
): Promise<{ line: string; exitCode: number }> {
  const deadline = wait.now() + timeoutMs
  const file = replyFile(dataDir, id)
  while (wait.now() < deadline) {
    const text = await readFile(file, 'utf8').catch(() => undefined)
    if (text !== undefined) {
      await rm(file, { force: true })
      return outcomeOf(text)
    }
    await wait.sleep(100)
  }
  return { line: 'POS Companion did not answer in time; the order may not be on the board.', exitCode: 3 }
}

function outcomeOf(text: string): { line: string; exitCode: number } {
  try {
    const reply = JSON.parse(text) as IntakeReply
    if (reply.ok) return { line: `on the board: ${reply.paymentKey}`, exitCode: 0 }
    return { line: reply.reason, exitCode: 1 }
  } catch {
    return { line: 'POS Companion answered something unreadable.', exitCode: 3 }
  }
}

/** The one line a refused launch prints, English (a script's log) after Turkish (the staff's language). */
function refusalLine(reason: LaunchRefusal): string {
  return `${texts.tr.launch[reason]} / ${texts.en.launch[reason]}`
}

/** What a link opened on macOS (`open-url`) asks for. */
function linkRequestOf(url: string): LaunchRequest {
  const parsed = parseOrderLink(url)
  return parsed.ok
    ? { kind: 'order', via: 'link', order: parsed.order }
    : { kind: 'refused', via: 'link', reason: parsed.reason }
}

interface IntakeLaunch {
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
export function prepareIntakeLaunch(process: { argv: string[]; defaultApp?: boolean }): IntakeLaunch {
  // The installed app only: a development or test run must not take the link over from the installed one.
  if (app.isPackaged) app.setAsDefaultProtocolClient(ORDER_LINK_SCHEME)
  const request = launchRequestOf(process.argv, process.defaultApp === true)
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

interface ElectronIntakeDeps {
  core: Pick<Core, 'intake'>
  launch: IntakeLaunch
  dataDir: string
  log: Logger
  /** Brings the window forward (restored, focused) when macOS opens a link. */
  focus: () => void
}

export interface ElectronIntake {
  /** A second launch (main-window.ts hears it and brings the window forward first): add and answer. */
  takeSecondLaunch(argv: string[], data: unknown): void
  /** Settles once the API serves (or could not, which the core reports); never rejects. */
  serving: Promise<void>
}

/** After the core: serve the API, take this launch's order, the early links and macOS's links; stop at quit. */
export function installIntake(deps: ElectronIntakeDeps): ElectronIntake {
  const { core, launch, dataDir, log, focus } = deps
  const take = async (request: LaunchRequest, replyId?: string) => {
    const reply = await takeRequest(core, request, log)
    if (reply !== undefined && replyId !== undefined) {
      await writeReply(dataDir, replyId, reply).catch((error: unknown) =>
        log.warn('intake: could not answer the second launch', { error: describeThrown(error) }),
      )
    }
  }
  app.on('open-url', (_event, url) => {
    focus()
    void take(linkRequestOf(url))
  })
  launch.stopQueueing()
  for (const url of launch.early.splice(0)) void take(linkRequestOf(url))
  void take(launch.request)
  // will-quit, not before-quit: a quit that staff call off at its question must leave the intake serving.
  app.on('will-quit', () => void core.intake.stop())
  return {
    takeSecondLaunch: (argv, data) => void take(secondLaunchRequestOf(argv, data), replyIdOf(data)),
    serving: core.intake.serve({ dataDir }),
  }
}

/** Adds the order a link or command line names; undefined when the launch asked for nothing. */
async function takeRequest(
  core: Pick<Core, 'intake'>,
  request: LaunchRequest,
  log: Logger,
): Promise<IntakeReply | undefined> {
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
