// What an intake request's body must be (docs/intake-api.md, "The rules"): `application/json` in UTF-8, at most
// 16 KiB, a JSON object. The server's own tests send these over HTTP; these pin each rule at its edge.
import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { assertJsonContentType, jsonObjectOf, MAX_BODY_BYTES, readBody, utf8Text } from './http-guards.ts'
import type { IntakeErrorCode } from './intake-errors.ts'
import { within } from '../../../test-support/core/within.ts'

/** A request as Node's HTTP server hands it over: header names lower-case, the body still to come. */
function incoming(headers: Record<string, string> = {}): IncomingMessage {
  const request = new IncomingMessage(new Socket())
  request.headers = headers
  return request
}

function refusalOf(action: () => unknown): IntakeErrorCode | undefined {
  try {
    action()
    return undefined
  } catch (error) {
    return (error as { code?: IntakeErrorCode }).code
  }
}

describe('assertJsonContentType', () => {
  const refusal = (contentType?: string) =>
    refusalOf(() => {
      assertJsonContentType(incoming(contentType === undefined ? {} : { 'content-type': contentType }))
    })

  it.each([
    'application/json',
    'Application/JSON',
    'application/json ; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
    'application/json; Charset = utf-8',
    // A parameter other than charset says nothing about the bytes.
    'application/json; profile=pos',
  ])('takes %s', (contentType) => {
    expect(refusal(contentType)).toBeUndefined()
  })

  it.each([
    undefined,
    '',
    'text/plain',
    'application/jsonp',
    'application/json-patch+json',
    'application/json; charset=iso-8859-9',
    'application/json; charset=utf-16',
    'application/json; charset',
    'application/json; charset=',
    'application/json; profile=pos; charset=latin1',
  ])('refuses %s as an unsupported media type', (contentType) => {
    expect(refusal(contentType)).toBe('unsupported-media-type')
  })
})

// Each read is bounded: a change that leaves a body unread fails in seconds, not at the test's timeout.
describe('readBody', () => {
  it('reads every chunk of a body up to the limit, exactly', async () => {
    const request = incoming({ 'content-length': '10' })
    const read = readBody(request, 10)
    request.push(Buffer.from('{"a":'))
    request.push(Buffer.from('123}'))
    request.push(Buffer.from('\n'))
    request.push(null)
    expect((await within(read, 'the body'))?.toString()).toBe('{"a":123}\n')
  })

  it('reads an empty body as no bytes', async () => {
    const request = incoming()
    const read = readBody(request)
    request.push(null)
    expect(await within(read, 'the body')).toEqual(Buffer.alloc(0))
  })

  it('refuses a declared length over the limit before reading anything', async () => {
    const request = incoming({ 'content-length': String(MAX_BODY_BYTES + 1) })
    await expect(within(readBody(request), 'the refusal')).rejects.toMatchObject({ code: 'body-too-large' })
    expect(request.listenerCount('data')).toBe(0)
    const atLimit = incoming({ 'content-length': String(MAX_BODY_BYTES) })
    const read = readBody(atLimit)
    atLimit.push(Buffer.alloc(MAX_BODY_BYTES, 0x20))
    atLimit.push(null)
    expect(await within(read, 'the body')).toHaveLength(MAX_BODY_BYTES)
  })

  it('refuses a body that grows past the limit without a declared length, and stops reading it', async () => {
    const request = incoming()
    const read = readBody(request, 8)
    request.push(Buffer.from('12345'))
    request.push(Buffer.from('6789'))
    await expect(within(read, 'the refusal')).rejects.toMatchObject({ code: 'body-too-large' })
    // The rest stays unread (the server answers 413 on the same socket, then drops it).
    expect(request.listenerCount('data')).toBe(0)
    expect(request.isPaused()).toBe(true)
  })

  it('fails with the request’s own error', async () => {
    const request = incoming()
    const read = readBody(request)
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
    request.destroy(reset)
    await expect(within(read, 'the failure')).rejects.toBe(reset)
  })
})

describe('utf8Text', () => {
  it('decodes UTF-8', () => {
    expect(utf8Text(Buffer.from('{"label":"Ayşe · Çağla"}'))).toBe('{"label":"Ayşe · Çağla"}')
  })

  it('refuses bytes that are not UTF-8, even inside a string where JSON would still parse', () => {
    const latin5 = Buffer.concat([Buffer.from('{"label":"Ay'), Buffer.from([0xfe]), Buffer.from('e"}')])
    expect(refusalOf(() => utf8Text(latin5))).toBe('malformed-json')
  })
})

describe('jsonObjectOf', () => {
  it('reads a JSON object', () => {
    expect(jsonObjectOf(Buffer.from(' {"payment_key":"x","n":1} '))).toEqual({ payment_key: 'x', n: 1 })
  })

  it.each(['', '{', '[]', '[{"payment_key":"x"}]', 'null', '1', '"text"', 'true'])(
    'refuses %j as malformed',
    (text) => {
      expect(refusalOf(() => jsonObjectOf(Buffer.from(text)))).toBe('malformed-json')
    },
  )

  it('refuses an object in bytes that are not UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('{"label":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])
    expect(refusalOf(() => jsonObjectOf(bytes))).toBe('malformed-json')
  })
})
