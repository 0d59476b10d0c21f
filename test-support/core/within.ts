/**
 * `promise`, or a failure naming `what` when it has not settled within `ms`. For a start, a close or a wait that
 * takes well under a second: a change that stops it answering fails its test in seconds, not at the test's (or
 * Stryker's, about a minute) own timeout.
 */
export async function within<T>(
  promise: Promise<T> | undefined,
  what: string,
  ms = 3_000,
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
