// How failures of either fetch port are classified: undici's nested causes and Electron net.fetch's
// `net::ERR_…` messages. A scripted fetch stands in for Electron, which does not run under vitest.
import { describe, expect, it } from 'vitest'

import type { AppError } from '../../../src-shared/errors.ts'
import { createPlatformClient, PlatformCallError } from './platform-client.ts'
import { findCertificateFailure, findChromiumNetworkFailure } from './transport-failure.ts'

const FAST_RETRY = { limit: 2, baseDelayMs: 1, maxDelayMs: 5 }

function undiciFailure(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('socket'), { code }) })
}

function failingClient(error: Error | string) {
  let attempts = 0
  const client = createPlatformClient({
    redactText: (text) => text,
    baseUrl: 'https://platform.invalid/integrations',
    userAgent: 'pos-companion/test',
    retry: FAST_RETRY,
    fetch: () => {
      attempts += 1
      // A string too: the client must turn even a non-Error rejection into a PlatformCallError.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      return Promise.reject(error)
    },
  })
  return { client, attempts: () => attempts }
}

async function failure(promise: Promise<unknown>): Promise<PlatformCallError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformCallError)
    return error as PlatformCallError
  }
  throw new Error('expected the call to fail')
}

describe('findCertificateFailure', () => {
  it.each([
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'CERT_HAS_EXPIRED',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  ])('finds %s in the cause chain', (code) => {
    expect(findCertificateFailure(new Error('wrapped', { cause: undiciFailure(code) }))).toBe(code)
  })

  it('finds an Electron certificate error in the message', () => {
    expect(findCertificateFailure(new Error('net::ERR_CERT_AUTHORITY_INVALID'))).toBe(
      'ERR_CERT_AUTHORITY_INVALID',
    )
    expect(
      findCertificateFailure(
        new TypeError('fetch failed', { cause: new Error('net::ERR_CERT_DATE_INVALID') }),
      ),
    ).toBe('ERR_CERT_DATE_INVALID')
  })

  it('does not mistake other network failures for certificate failures', () => {
    expect(findCertificateFailure(undiciFailure('ECONNREFUSED'))).toBeUndefined()
    expect(findCertificateFailure(new Error('net::ERR_CONNECTION_REFUSED'))).toBeUndefined()
    expect(findChromiumNetworkFailure(new Error('net::ERR_CONNECTION_RESET'))).toBe('ERR_CONNECTION_RESET')
    expect(findChromiumNetworkFailure(new Error('net::ERR_CERT_INVALID'))).toBeUndefined()
  })

  it('survives a cause cycle', () => {
    const a: Error & { cause?: unknown } = new Error('a')
    a.cause = new Error('b', { cause: a })
    expect(findCertificateFailure(a)).toBeUndefined()
  })
})

describe('the client with a failing fetch port', () => {
  it('maps an Electron certificate error to untrusted-certificate, one attempt', async () => {
    const { client, attempts } = failingClient(new Error('net::ERR_CERT_AUTHORITY_INVALID'))
    const error = await failure(client.login({ appSecretKey: 'a', restSecretKey: 'b' }))
    expect(error.appError).toEqual<AppError>({ code: 'untrusted-certificate', retryable: false })
    expect(attempts()).toBe(1)
  })

  it('maps an undici certificate error to untrusted-certificate, one attempt', async () => {
    const { client, attempts } = failingClient(undiciFailure('CERT_HAS_EXPIRED'))
    expect((await failure(client.listBranches('t'))).appError.code).toBe('untrusted-certificate')
    expect(attempts()).toBe(1)
  })

  it('retries an Electron network error, then reports unreachable', async () => {
    const { client, attempts } = failingClient(new Error('net::ERR_NAME_NOT_RESOLVED'))
    const error = await failure(client.getVariables('t'))
    expect(error.appError).toEqual<AppError>({ code: 'unreachable', retryable: true })
    expect(error.message).toContain('ERR_NAME_NOT_RESOLVED')
    expect(attempts()).toBe(FAST_RETRY.limit + 1)
  })

  it('reports anything unforeseen as internal, without its message', async () => {
    const { client, attempts } = failingClient(new RangeError('leaked rest-secret-value'))
    const error = await failure(client.login({ appSecretKey: 'a', restSecretKey: 'rest-secret-value' }))
    expect(error.appError).toEqual<AppError>({ code: 'internal', retryable: false })
    expect(error.message).not.toContain('rest-secret-value')
    expect(attempts()).toBe(1)
  })

  it('turns even a thrown non-Error into a PlatformCallError', async () => {
    const { client } = failingClient('a string')
    expect((await failure(client.listBranches('t'))).appError.code).toBe('internal')
  })
})

describe('creation', () => {
  it.each([
    ['http://platform.example/integrations', 'insecure-address'],
    ['ftp://platform.example/', 'insecure-address'],
    ['not an address', 'invalid-input'],
    ['https://user:pass@platform.example/', 'invalid-input'],
  ] as const)('refuses %s as %s', (baseUrl, code) => {
    expect(() =>
      createPlatformClient({
        baseUrl,
        userAgent: 'x',
        redactText: (text) => text,
        fetch: () => Promise.reject(new Error('unused')),
      }),
    ).toThrow(expect.objectContaining({ appError: { code, retryable: false } }) as Error)
  })
})

describe('the certificate codes Node reports (its tls docs, "X509 certificate error codes")', () => {
  // Each one means the platform's certificate was not trusted, and asking again will not change that (D8).
  it.each([
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_CRL',
    'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
    'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
    'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
    'CERT_SIGNATURE_FAILURE',
    'CRL_SIGNATURE_FAILURE',
    'CERT_NOT_YET_VALID',
    'CERT_HAS_EXPIRED',
    'CRL_NOT_YET_VALID',
    'CRL_HAS_EXPIRED',
    'ERROR_IN_CERT_NOT_BEFORE_FIELD',
    'ERROR_IN_CERT_NOT_AFTER_FIELD',
    'ERROR_IN_CRL_LAST_UPDATE_FIELD',
    'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'CERT_CHAIN_TOO_LONG',
    'CERT_REVOKED',
    'INVALID_CA',
    'PATH_LENGTH_EXCEEDED',
    'INVALID_PURPOSE',
    'CERT_UNTRUSTED',
    'CERT_REJECTED',
    'HOSTNAME_MISMATCH',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])('%s is an untrusted certificate, asked once', async (code) => {
    const { client, attempts } = failingClient(undiciFailure(code))
    const error = await failure(client.listBranches('t'))
    expect(error.appError).toEqual<AppError>({ code: 'untrusted-certificate', retryable: false })
    expect(error.message).toBe(`platform branches: untrusted-certificate (${code})`)
    expect(attempts()).toBe(1)
  })
})

describe('the cause chain', () => {
  /** `code` at the end of a chain of `length` errors. */
  function chain(length: number, code: string): Error {
    let error: Error = Object.assign(new Error('socket'), { code })
    for (let link = 1; link < length; link += 1) error = new Error(`wrapper ${link}`, { cause: error })
    return error
  }

  it('is followed eight links deep, and no further', () => {
    expect(findCertificateFailure(chain(8, 'CERT_HAS_EXPIRED'))).toBe('CERT_HAS_EXPIRED')
    expect(findCertificateFailure(chain(9, 'CERT_HAS_EXPIRED'))).toBeUndefined()
  })

  it('looks inside an AggregateError (undici trying several addresses)', () => {
    const aggregate = new AggregateError([
      Object.assign(new Error('v6'), { code: 'ENETUNREACH' }),
      Object.assign(new Error('v4'), { code: 'CERT_HAS_EXPIRED' }),
    ])
    expect(findCertificateFailure(new TypeError('fetch failed', { cause: aggregate }))).toBe(
      'CERT_HAS_EXPIRED',
    )
  })

  it('ignores a code that is not a string, and a cause that is not an object', () => {
    expect(findCertificateFailure(Object.assign(new Error('x'), { code: 42 }))).toBeUndefined()
    expect(findCertificateFailure(new Error('x', { cause: 'CERT_HAS_EXPIRED' }))).toBeUndefined()
    expect(findCertificateFailure(new Error('x', { cause: null }))).toBeUndefined()
    expect(findCertificateFailure('net::ERR_CERT_DATE_INVALID')).toBeUndefined()
    expect(findCertificateFailure(null)).toBeUndefined()
    // Only an Error's message is read as Chromium's: an object that merely has one says nothing.
    expect(findCertificateFailure({ message: 'net::ERR_CERT_DATE_INVALID' })).toBeUndefined()
    expect(findChromiumNetworkFailure({ message: 'net::ERR_CONNECTION_RESET' })).toBeUndefined()
  })

  it('reads past what an AggregateError holds that is not an error', () => {
    const aggregate = new AggregateError([
      'text',
      null,
      7,
      Object.assign(new Error('v4'), { code: 'CERT_REVOKED' }),
    ])
    expect(findCertificateFailure(aggregate)).toBe('CERT_REVOKED')
  })

  it('gives the log a string code only, passing over a numeric one deeper down', async () => {
    const cause = Object.assign(new Error('socket'), { code: -111 })
    const { client } = failingClient(
      Object.assign(new TypeError('fetch failed', { cause }), { code: 'ECONNREFUSED' }),
    )
    expect((await failure(client.listBranches('t'))).message).toBe(
      'platform branches: unreachable (ECONNREFUSED)',
    )
  })

  it('gives the log its most specific code: the deepest one', async () => {
    const cause = new Error('connect', {
      cause: Object.assign(new Error('socket'), { code: 'ECONNREFUSED' }),
    })
    const { client } = failingClient(
      Object.assign(new TypeError('fetch failed', { cause }), { code: 'UND_ERR' }),
    )
    const error = await failure(client.listBranches('t'))
    expect(error.appError).toEqual<AppError>({ code: 'unreachable', retryable: true })
    expect(error.message).toBe('platform branches: unreachable (ECONNREFUSED)')
  })

  it("gives Electron's net error name when the chain has no code", async () => {
    const { client } = failingClient(
      new Error('wrapped', { cause: new Error('net::ERR_INTERNET_DISCONNECTED') }),
    )
    expect((await failure(client.listBranches('t'))).message).toBe(
      'platform branches: unreachable (ERR_INTERNET_DISCONNECTED)',
    )
  })

  it('keeps a code found higher up when a deeper link has none', async () => {
    const error = Object.assign(new TypeError('fetch failed', { cause: new Error('no code') }), {
      code: 'ECONNRESET',
    })
    expect((await failure(failingClient(error).client.listBranches('t'))).message).toBe(
      'platform branches: unreachable (ECONNRESET)',
    )
    const electron = new Error('net::ERR_CONNECTION_RESET', { cause: new Error('no name') })
    expect((await failure(failingClient(electron).client.listBranches('t'))).message).toBe(
      'platform branches: unreachable (ERR_CONNECTION_RESET)',
    )
  })
})
