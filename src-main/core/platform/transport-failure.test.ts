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
