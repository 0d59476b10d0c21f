// Rules of the platform client that Stryker found unpinned (issue 23); each test fails on the mutants named
// beside it. No server: the fetch port is a stand-in.
import { describe, expect, it } from 'vitest'
import { createBoundedFetch, ResponseTooLargeError } from './bounded-fetch.ts'
import { createPlatformClient, PlatformCallError, type PlatformClientDeps } from './platform-client.ts'

const BRANCHES = JSON.stringify({ status: true, data: [{ id: 'b1', name: 'Kadıköy' }] })

function client(fetch: typeof globalThis.fetch, overrides: Partial<PlatformClientDeps> = {}) {
  return createPlatformClient({
    baseUrl: 'https://platform.example.com/integrations',
    fetch,
    userAgent: 'pos-companion/0.1.0-test',
    redactText: (text) => text,
    retry: { limit: 2, baseDelayMs: 0, maxDelayMs: 0 },
    ...overrides,
  })
}

async function rejection(promise: Promise<unknown>): Promise<PlatformCallError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformCallError)
    return error as PlatformCallError
  }
  throw new Error('expected the call to fail')
}

function setupFailure(overrides: Partial<PlatformClientDeps>): PlatformCallError {
  try {
    client(() => Promise.reject(new Error('nothing is sent')), overrides)
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformCallError)
    return error as PlatformCallError
  }
  throw new Error('expected the setup to be refused')
}

describe('an answer over the size cap (D9)', () => {
  // bounded-fetch: the refusal of a 2xx answer over the cap dropped (its condition made false, or the throw).
  it('is refused by the bounded fetch itself, with its status, not handed on cut short', async () => {
    const bounded = createBoundedFetch(() => Promise.resolve(new Response('x'.repeat(2048))), 1024)
    const refused = await bounded('https://platform.example.com/').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(ResponseTooLargeError)
    expect(refused).toMatchObject({ httpStatus: 200 })
  })

  it('says so in the failure the log keeps, and is asked once only', async () => {
    let calls = 0
    const fetch = () => {
      calls += 1
      return Promise.resolve(new Response(BRANCHES.padEnd(4096, ' ')))
    }
    const error = await rejection(client(fetch, { maxResponseBytes: 1024 }).listBranches('t'))
    expect(error.appError).toEqual({ code: 'unexpected-answer', retryable: false, httpStatus: 200 })
    expect(error.message).toBe('platform branches: unexpected-answer (HTTP 200, answer too large)')
    expect(calls).toBe(1)
  })
})

describe('an answer at the size cap', () => {
  /** A body that arrives in pieces, with or without a declared length. */
  function chunked(pieces: string[], declared: boolean): typeof globalThis.fetch {
    const bytes = pieces.map((piece) => new TextEncoder().encode(piece))
    const length = bytes.reduce((sum, piece) => sum + piece.byteLength, 0)
    return () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const piece of bytes) controller.enqueue(piece)
              controller.close()
            },
          }),
          declared ? { headers: { 'content-length': String(length) } } : {},
        ),
      )
  }

  // `declared > maxBytes` and `total > maxBytes` as `>=`; the pieces joined with `offset -=`.
  it.each([true, false])('is served whole, its pieces in order (length declared: %s)', async (declared) => {
    const pieces = ['{"status":true,', '"data":[{"id":"b1",', '"name":"Kadıköy"}]}']
    const cap = new TextEncoder().encode(pieces.join('')).byteLength
    const bounded = createBoundedFetch(chunked(pieces, declared), cap)
    expect(await (await bounded('https://platform.example.com/')).text()).toBe(pieces.join(''))
  })
})

describe('the options, checked before anything is sent', () => {
  // checkedInteger: its message blanked, or the wrong word for a bound of 1 or of 0.
  it('names the option and the bound it broke', () => {
    expect(setupFailure({ timeoutMs: 0 }).message).toBe(
      'platform setup: invalid-input (timeoutMs must be a positive integer)',
    )
    expect(setupFailure({ maxResponseBytes: 1.5 }).message).toBe(
      'platform setup: invalid-input (maxResponseBytes must be a positive integer)',
    )
    expect(setupFailure({ retry: { limit: -1, baseDelayMs: 0, maxDelayMs: 0 } }).message).toBe(
      'platform setup: invalid-input (retry.limit must be a non-negative integer)',
    )
    expect(setupFailure({ retry: { limit: 0, baseDelayMs: -1, maxDelayMs: 0 } }).message).toBe(
      'platform setup: invalid-input (retry.baseDelayMs must be a non-negative integer)',
    )
    expect(setupFailure({ retry: { limit: 0, baseDelayMs: 0, maxDelayMs: 0.5 } }).message).toBe(
      'platform setup: invalid-input (retry.maxDelayMs must be a non-negative integer)',
    )
    expect(setupFailure({ timeoutMs: 0 }).appError).toEqual({ code: 'invalid-input', retryable: false })
  })
})

describe('what a failure says for the log', () => {
  const answering = (body: string) => () => Promise.resolve(new Response(body))

  // The call names blanked; the "not JSON" catch emptied (it then read as a wrong shape); the envelope test forced.
  it('names the call and why the answer was refused', async () => {
    expect((await rejection(client(answering('<html>')).listBranches('t'))).message).toBe(
      'platform branches: unexpected-answer (HTTP 200, not JSON)',
    )
    expect((await rejection(client(answering('{"status":true}')).getVariables('t'))).message).toBe(
      'platform variables: unexpected-answer (HTTP 200, wrong shape)',
    )
  })

  // platformBaseUrl: the credentials test with `&&`, or either half made false.
  it.each([
    'https://user@platform.example.com/integrations',
    'https://:secret@platform.example.com/integrations',
    'https://platform.example.com/integrations?x=1',
    'https://platform.example.com/integrations#x',
  ])('refuses a base address that carries more than a place: %s', (baseUrl) => {
    expect(setupFailure({ baseUrl }).message).toBe(
      'platform setup: invalid-input (base address must not carry credentials, a query or a fragment)',
    )
  })
})
