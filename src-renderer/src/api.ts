import type { Api } from '../../src-shared/contract.ts'
import type { AppError, Result } from '../../src-shared/errors.ts'

declare global {
  interface Window {
    /** Set by the Electron preload or the web-mode bridge; absent when the page is opened on its own. */
    api?: Api
  }
}

/** A failed call as React Query sees it: the AppError travels inside, for the UI to put into words. */
class AppErrorException extends Error {
  readonly appError: AppError

  constructor(appError: AppError) {
    super(appError.code)
    this.name = 'AppErrorException'
    this.appError = appError
  }
}

export function bridge(): Api | undefined {
  return window.api
}

export function requireBridge(): Api {
  const api = window.api
  if (!api) throw new AppErrorException({ code: 'internal', retryable: false })
  return api
}

export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call
  if (!result.ok) throw new AppErrorException(result.error)
  return result.value
}

export function appErrorOf(error: unknown): AppError | undefined {
  if (error instanceof AppErrorException) return error.appError
  return error ? { code: 'internal', retryable: false } : undefined
}
