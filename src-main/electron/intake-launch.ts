/**
 * The link and the command line in Electron (docs/decisions.md D47), before the app is ready:
 * what this launch asks for, the data the single-instance lock carries to the app already running, and the
 * second instance's wait for its answer.
 *
 * `pos-companion --add-order KEY` must exit 0 once the order is on the board, or non-zero with one line. Electron
 * gives a second instance no answer from the first, so the answer goes through the data folder both share (and
 * only this user can write): the second instance passes a random reply id with its lock request; the first adds
 * the order and writes `intake-replies/<id>.json`; the second waits for that file, prints, and exits.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  LAUNCH_REFUSALS,
  ORDER_LINK_SCHEME,
  parseLaunchArgv,
  parseOrderLink,
  type LaunchRefusal,
  type LaunchRequest,
} from '../core/intake/order-link.ts'
import type { IntakeOrder } from '../core/intake/order-input.ts'

export const REPLIES_FOLDER = 'intake-replies'
/** Long enough for a cold first instance to open its data; a POS script must not hang for ever. */
export const REPLY_TIMEOUT_MS = 20_000
const REPLY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

export interface IntakeLockData {
  intakeReply?: string
  /**
   * A launch this instance refused says so itself: Chromium hands the running app the argv with every switch
   * moved before the plain values (electron/electron#20322), so it could not see what followed a link.
   */
  refused?: { via: 'link' | 'command-line'; reason: LaunchRefusal }
}

export type IntakeReply = { ok: true; paymentKey: string } | { ok: false; reason: string }

/** An order that arrived by a link or the command line, waiting for the core when it came too early. */
export interface ArrivedOrder {
  order: IntakeOrder
  via: 'link' | 'command-line'
}

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
    return { kind: 'refused', via: 'link', reason: 'unexpected-argument' }
  }
  return parseLaunchArgv(argv, firstArgument)
}

/** The lock's additional data: a reply id when the command line waits for an answer, or this launch's refusal. */
export function lockDataFor(request: LaunchRequest, makeId: () => string = randomUUID): IntakeLockData {
  if (request.kind === 'refused') return { refused: { via: request.via, reason: request.reason } }
  return request.kind === 'order' && request.via === 'command-line' ? { intakeReply: makeId() } : {}
}

/** What a second launch asks of the running app: the refusal it found itself, else its argv read here. */
export function secondLaunchRequestOf(argv: readonly string[], additionalData: unknown): LaunchRequest {
  // Another process's data: nothing is taken on trust but a known refusal.
  const refused: unknown = (additionalData as { refused?: unknown } | null | undefined)?.refused
  if (typeof refused === 'object' && refused !== null) {
    const { via, reason } = refused as { via?: unknown; reason?: unknown }
    return {
      kind: 'refused',
      via: via === 'command-line' ? 'command-line' : 'link',
      reason:
        typeof reason === 'string' && Object.hasOwn(LAUNCH_REFUSALS, reason)
          ? (reason as LaunchRefusal)
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

export function replyFile(dataDir: string, id: string): string {
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
export function refusalLine(reason: keyof typeof LAUNCH_REFUSALS): string {
  const text = LAUNCH_REFUSALS[reason]
  return `${text.tr} / ${text.en}`
}

/** What a link opened on macOS (`open-url`) asks for. */
export function linkRequestOf(url: string): LaunchRequest {
  const parsed = parseOrderLink(url)
  return parsed.ok
    ? { kind: 'order', via: 'link', order: parsed.order }
    : { kind: 'refused', via: 'link', reason: parsed.reason }
}

/** The real clock and sleep for `awaitReply`. */
export const systemReplyWait: ReplyWait = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
}
