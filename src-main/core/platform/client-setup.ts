import { PlatformCallError } from './platform-error.ts'

// The platform client's options and inputs, checked before anything is sent: a refusal is a PlatformCallError as
// any other failure is, so callers handle one kind of error.

/** The base address with a trailing slash, so that relative paths extend its path instead of replacing a segment. */
export function platformBaseUrl(address: string): URL {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw PlatformCallError.from('setup', {
      code: 'invalid-input',
      retryable: false,
      detail: 'base address is not a URL',
    })
  }
  if (url.protocol !== 'https:') {
    throw PlatformCallError.from('setup', { code: 'insecure-address', retryable: false })
  }
  // Credentials in the address would end up in logs; a query or fragment would be silently lost when joining.
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw PlatformCallError.from('setup', {
      code: 'invalid-input',
      retryable: false,
      detail: 'base address must not carry credentials, a query or a fragment',
    })
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return url
}

export function positiveInteger(name: string, value: number): number {
  if (Number.isInteger(value) && value > 0) return value
  throw PlatformCallError.from('setup', {
    code: 'invalid-input',
    retryable: false,
    detail: `${name} must be a positive integer`,
  })
}

export function nonNegativeInteger(name: string, value: number): number {
  if (Number.isInteger(value) && value >= 0) return value
  throw PlatformCallError.from('setup', {
    code: 'invalid-input',
    retryable: false,
    detail: `${name} must be a non-negative integer`,
  })
}
