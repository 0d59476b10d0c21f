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

/** What node:fs says when the disk, or the user's share of it, has no room left. */
const DISK_FULL_CODES: ReadonlySet<unknown> = new Set(['ENOSPC', 'EDQUOT'])

/**
 * Whatever was thrown, the AppError to show. Errors that carry a valid `appError` (ours, and the platform
 * client's) keep it. A full disk is no bug: staff must hear that the action was not recorded (and, as every
 * action is written down before it is sent, not sent), and that trying again once there is room may work.
 * Anything else is a bug on our side and becomes `internal`, never a stack trace.
 */
export function toAppError(error: unknown): AppError {
  if (typeof error === 'object' && error !== null && 'appError' in error) {
    const parsed = AppError.safeParse(error.appError)
    if (parsed.success) return parsed.data
  }
  if (isDiskFull(error)) return { code: 'disk-full', retryable: true }
  return { code: 'internal', retryable: false }
}

function isDiskFull(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && DISK_FULL_CODES.has(error.code)
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
