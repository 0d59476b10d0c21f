// The platform's own words (its envelope's `error` and `message`) are free text from outside: a platform or a
// gateway that echoes the request back can put a token or a key in them. They are redacted here, where they
// enter the app, so that the journal, the history, the CSV export and the screen only ever see the redacted
// text (D11).
import type { AppError } from '../../../src-shared/errors.ts'
import type { PlatformClient } from './platform-client.ts'
import { PlatformCallError } from './platform-error.ts'

export type RedactText = (text: string) => string

/** `client` with each failure's platform words passed through `redact`; everything else as it was. */
export function withRedactedErrors(client: PlatformClient, redact: RedactText): PlatformClient {
  const guard = <T>(call: Promise<T>): Promise<T> =>
    call.catch((error: unknown) => {
      throw error instanceof PlatformCallError ? redactedError(error, redact) : error
    })
  return {
    login: (credentials) => guard(client.login(credentials)),
    listBranches: (accessToken) => guard(client.listBranches(accessToken)),
    getVariables: (accessToken) => guard(client.getVariables(accessToken)),
    markOnTheWay: (accessToken, paymentKey, options) =>
      guard(client.markOnTheWay(accessToken, paymentKey, options)),
  }
}

/** The AppError's free-text fields redacted. */
export function redactAppError(appError: AppError, redact: RedactText): AppError {
  const copy: AppError = { ...appError }
  if (copy.platformError !== undefined) copy.platformError = redact(copy.platformError)
  if (copy.platformMessage !== undefined) copy.platformMessage = redact(copy.platformMessage)
  return copy
}

function redactedError(error: PlatformCallError, redact: RedactText): PlatformCallError {
  const redacted = new PlatformCallError(
    redactAppError(error.appError, redact),
    error.message,
    error.retryAfterMs,
  )
  if (error.stack !== undefined) redacted.stack = error.stack
  return redacted
}
