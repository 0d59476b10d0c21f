/**
 * How long a start, a close, an answer or an outcome may take in the tests that wait on real files, timers and
 * sockets: each takes well under a second here. Bounded far below a test's timeout, so a change that stops the code
 * answering fails in seconds, not at the test's (or Stryker's, about a minute) own timeout. Stryker's runs set a
 * shorter bound (vitest.stryker.config.ts): there most mutants that a real-file test kills are killed by this wait
 * running out, and at 3 s that was 59% of a drop-folder sample's time.
 */
export const ANSWER_WITHIN_MS = Number(process.env['ANSWER_WITHIN_MS'] ?? '3000')

/** `promise`, or a failure naming `what` when it has not settled within `ms`. */
export async function within<T>(
  promise: Promise<T> | undefined,
  what: string,
  ms = ANSWER_WITHIN_MS,
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} took over ${String(ms)} ms`))
    }, ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Waits until `condition` holds, looking every 10 ms; a failure naming `what` when it has not within `ms`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = ANSWER_WITHIN_MS,
): Promise<void> {
  const end = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
