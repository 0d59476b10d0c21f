import type { CallName, CallOutput, ParsedInput } from '../../src-shared/contract.ts'
import type { Result } from '../../src-shared/errors.ts'
import { describeThrown, toAppError } from './app-failure.ts'
import type { Logger } from './ports.ts'

/** What the core offers for each contract call; the Electron IPC layer and web mode both call these. */
export type CoreHandlers = {
  [C in CallName]: (input: ParsedInput<C>) => Promise<Result<CallOutput<C>>>
}

/** Runs a handler's work and turns whatever it throws into the AppError that crosses the bridge. */
export type Attempt = <T>(work: () => Promise<T>) => Promise<Result<T>>

/** A handler's answer when nothing can fail. */
export function ok<T>(value: T): Promise<Result<T>> {
  return Promise.resolve({ ok: true, value })
}

/** The one `attempt` every area's handlers use: an unexpected failure is logged once, here, and never thrown. */
export function attemptLogging(log: Logger): Attempt {
  return async (work) => {
    try {
      return { ok: true, value: await work() }
    } catch (error) {
      const appError = toAppError(error)
      if (appError.code === 'internal')
        log.error('core: unexpected failure', { error: describeThrown(error) })
      return { ok: false, error: appError }
    }
  }
}
