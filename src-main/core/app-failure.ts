import { AppError, type InputProblem } from '../../src-shared/errors.ts'

/** A failure the core means to report: it carries the AppError that crosses the bridge as it is. */
export class AppFailure extends Error {
  readonly appError: AppError

  constructor(appError: AppError) {
    super(`${appError.code}${appError.problem ? `: ${appError.problem}` : ''}`)
    this.name = 'AppFailure'
    this.appError = appError
  }
}

export function invalidInput(problem: InputProblem): AppFailure {
  return new AppFailure({ code: 'invalid-input', problem, retryable: false })
}

/**
 * Whatever was thrown, the AppError to show. Errors that carry a valid `appError` (ours, and the platform
 * client's) keep it; anything else is a bug on our side and becomes `internal`, never a stack trace.
 */
export function toAppError(error: unknown): AppError {
  if (typeof error === 'object' && error !== null && 'appError' in error) {
    const parsed = AppError.safeParse(error.appError)
    if (parsed.success) return parsed.data
  }
  return { code: 'internal', retryable: false }
}

/**
 * A thrown value as one line for the log. Never throws itself: `String(value)` does, for an object without a
 * prototype or with a throwing toString, and a log call must not turn one failure into another.
 */
export function describeThrown(value: unknown): string {
  try {
    if (value instanceof Error) return `${value.name}: ${value.message}`
    return typeof value === 'object' && value !== null ? Object.prototype.toString.call(value) : String(value)
  } catch {
    return `[unprintable ${typeof value}]`
  }
}
