/**
 * A clock e2e tests move forward, for a real web-mode process (loaded with `node --import`, never by the app):
 * `Date.now()` and `new Date()` read the wall clock plus an offset that the test writes, as a number of
 * milliseconds, into the file named by POS_TEST_CLOCK_FILE. When the offset grows, every `setTimeout` already
 * due on the shifted clock fires at once, so the core's timers (the attention's crossing and its ring) run as if
 * the time had passed. The other timers keep their real time; none is ever fired early.
 */
import { readFileSync, unwatchFile, watchFile } from 'node:fs'

const file = process.env['POS_TEST_CLOCK_FILE']
if (file) installShiftedClock(file)

function installShiftedClock(controlFile: string): void {
  const RealDate = Date
  const realNow = RealDate.now.bind(RealDate)
  const realSetTimeout = globalThis.setTimeout
  const realClearTimeout = globalThis.clearTimeout
  let offset = 0
  const shiftedNow = () => realNow() + offset

  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(shiftedNow())
      else super(...(args as [string | number | Date]))
    }
    static override now(): number {
      return shiftedNow()
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor

  /** Each pending timeout's due time on the shifted clock, and how to fire it. */
  const pending = new Map<unknown, { due: number; fire: () => void }>()
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const delay = Math.max(0, Number(ms) || 0)
    const handle = realSetTimeout(() => {
      pending.delete(handle)
      callback(...args)
    }, delay)
    pending.set(handle, { due: shiftedNow() + delay, fire: () => callback(...args) })
    return handle
  }) as typeof setTimeout
  globalThis.clearTimeout = (handle: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(handle)
    realClearTimeout(handle)
  }

  const follow = () => {
    let next: number
    try {
      next = Number(readFileSync(controlFile, 'utf8').trim())
    } catch {
      return
    }
    if (!Number.isFinite(next) || next <= offset) return
    offset = next
    const now = shiftedNow()
    const due = [...pending].filter(([, timer]) => timer.due <= now).sort(([, a], [, b]) => a.due - b.due)
    for (const [handle, timer] of due) {
      pending.delete(handle)
      realClearTimeout(handle as Parameters<typeof clearTimeout>[0])
      timer.fire()
    }
  }
  follow()
  watchFile(controlFile, { interval: 50, persistent: false }, follow)
  process.once('exit', () => unwatchFile(controlFile))
}
