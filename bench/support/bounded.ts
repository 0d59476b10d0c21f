// Every step of a benchmark is bounded: a step that does not finish in its time fails with what it was
// waiting for, so the run reports it and goes on to the next benchmark instead of hanging (issue 31).

/** Raised when a step runs out of time; its message names the step. */
export class StepTimedOut extends Error {}

/**
 * `work`, or a StepTimedOut naming `what` once `seconds` have gone. The work itself is not stopped (a page
 * evaluation or a bridge call cannot be); the benchmark's clean-up (closing its page and its server) ends it.
 */
export async function within<T>(
  what: string | (() => string),
  seconds: number,
  work: Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new StepTimedOut(
            `${typeof what === 'string' ? what : what()}: not done within ${String(seconds)} s`,
          ),
        ),
      seconds * 1000,
    )
  })
  try {
    return await Promise.race([work, timedOut])
  } finally {
    clearTimeout(timer)
  }
}
