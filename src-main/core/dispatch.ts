import { calls, isCallName } from '../../src-shared/contract.ts'
import { resultSchema, type AppError, type Result } from '../../src-shared/errors.ts'
import { describeThrown } from './app-failure.ts'
import type { CoreHandlers } from './create-core.ts'
import { issuePaths } from './schema-issues.ts'

export interface DispatchLog {
  warn(message: string, details?: Record<string, unknown>): void
  /** Where given, each call that answers an error is noted: the support log shows what staff saw fail. */
  info?(message: string, details?: Record<string, unknown>): void
}

/** The one answer to anything the contract refuses; it says no more than that, so probing learns nothing. */
export const MALFORMED: AppError = { code: 'invalid-input', problem: 'malformed', retryable: false }
const INTERNAL: AppError = { code: 'internal', retryable: false }

/**
 * Validate-then-dispatch, shared by every bridge (Electron IPC, web mode): the call is one of the contract's,
 * the payload parses with its zod schema, and the answer parses with the call's output schema before it leaves
 * (zod drops fields the contract does not name, so nothing the core holds leaks by accident). Never throws.
 *
 * Logs carry the call's name and, for a refusal, where the payload failed (paths, never values): a payload can
 * hold secrets (signIn).
 */
export async function dispatch(
  handlers: CoreHandlers,
  call: unknown,
  payload: unknown,
  log: DispatchLog,
): Promise<Result<unknown>> {
  if (!isCallName(call)) {
    log.warn('dispatch: refused an unknown call', { call: describeUnknownCall(call) })
    return { ok: false, error: MALFORMED }
  }
  const input = calls[call].input.safeParse(payload)
  if (!input.success) {
    log.warn('dispatch: refused a payload that does not parse', { call, issues: issuePaths(input.error) })
    return { ok: false, error: MALFORMED }
  }

  let result: unknown
  try {
    const handler = handlers[call] as (input: unknown) => Promise<Result<unknown>>
    result = await handler(input.data)
  } catch (error) {
    log.warn('dispatch: a handler threw', { call, error: describeThrown(error) })
    return { ok: false, error: INTERNAL }
  }

  const answer = resultSchema(calls[call].output).safeParse(result)
  if (!answer.success) {
    log.warn('dispatch: a handler answered outside the contract', {
      call,
      issues: issuePaths(answer.error),
    })
    return { ok: false, error: INTERNAL }
  }
  if (!answer.data.ok) log.info?.(`dispatch: ${call} answered an error`, errorFacts(answer.data.error))
  return answer.data
}

/** The error as the log keeps it: the code and what the platform said, never the call's input. */
function errorFacts(error: AppError): Record<string, unknown> {
  const { code, problem, httpStatus, platformError, retryable } = error
  return Object.fromEntries(
    Object.entries({ code, problem, httpStatus, platformError, retryable }).filter(
      ([, value]) => value !== undefined,
    ),
  )
}

/** Enough of a refused call name to debug with, bounded so a caller cannot flood the log. */
function describeUnknownCall(call: unknown): string {
  return typeof call === 'string' ? call.slice(0, 64) : typeof call
}
