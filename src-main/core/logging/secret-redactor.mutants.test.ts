import { describe, expect, it } from 'vitest'
import { MAX_TEXT_LENGTH, REDACTED, SecretRedactor } from './secret-redactor.ts'

/** The register's cap (MAX_KNOWN_SECRETS in the module): this many learnt secrets are all kept. */
const CAP = 64
/** How many entries of an array or object are copied (MAX_ENTRIES in the module). */
const WIDTH = 100
/** How many nested objects or arrays are copied before the rest is summarised (MAX_DEPTH). */
const DEPTH = 6

/** Distinct learnt secrets of one length, none a piece of another (so cut-end matching cannot blur them). */
const learnt = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => `learnt-${String(from + index).padStart(3, '0')}-secret`)

const isRedacted = (redactor: SecretRedactor, value: string) => redactor.redactText(value) === REDACTED

describe('SecretRedactor register and cap', () => {
  it('keeps exactly its cap of learnt secrets, forgetting the oldest only beyond it', () => {
    const redactor = new SecretRedactor()
    const values = learnt(CAP + 1)
    for (const value of values.slice(0, CAP)) redactor.register(value)
    expect(isRedacted(redactor, values[0] ?? '')).toBe(true)
    redactor.register(values[CAP] ?? '')
    expect(isRedacted(redactor, values[0] ?? '')).toBe(false)
    expect(isRedacted(redactor, values[1] ?? '')).toBe(true)
    expect(isRedacted(redactor, values[CAP] ?? '')).toBe(true)
  })

  it('makes a secret learnt again the newest, so one still in use is not forgotten', () => {
    const redactor = new SecretRedactor()
    redactor.register('in-use-token-AAAA')
    for (const value of learnt(CAP - 1)) redactor.register(value)
    redactor.register('in-use-token-AAAA')
    redactor.register('one-more-secret-BBBB')
    expect(isRedacted(redactor, 'in-use-token-AAAA')).toBe(true)
    expect(isRedacted(redactor, learnt(1)[0] ?? '')).toBe(false)
  })

  it('does not let a pinned secret that is registered again take a place in the capped register', () => {
    const redactor = new SecretRedactor()
    const values = learnt(CAP)
    redactor.pin('launch-token', ['pinned-launch-CCCC'])
    for (const value of values.slice(0, CAP - 1)) redactor.register(value)
    redactor.register('pinned-launch-CCCC')
    redactor.register(values[CAP - 1] ?? '')
    for (const value of values) expect(isRedacted(redactor, value)).toBe(true)
    expect(isRedacted(redactor, 'pinned-launch-CCCC')).toBe(true)
  })

  it('frees the place a learnt secret held once it is pinned', () => {
    const redactor = new SecretRedactor()
    const values = learnt(CAP)
    for (const value of values.slice(0, CAP - 1)) redactor.register(value)
    redactor.register('now-pinned-DDDD')
    redactor.pin('credential-vault', ['now-pinned-DDDD'])
    redactor.register(values[CAP - 1] ?? '')
    for (const value of values) expect(isRedacted(redactor, value)).toBe(true)
    expect(isRedacted(redactor, 'now-pinned-DDDD')).toBe(true)
  })

  it('keeps to its cap when a released pinned value joins a full register', () => {
    const redactor = new SecretRedactor()
    const values = learnt(CAP)
    for (const value of values) redactor.register(value)
    redactor.pin('credential-vault', ['old-token-EEEE'])
    redactor.pin('credential-vault', ['new-token-FFFF'])
    expect(isRedacted(redactor, values[0] ?? '')).toBe(false)
    expect(isRedacted(redactor, values[1] ?? '')).toBe(true)
    expect(isRedacted(redactor, 'old-token-EEEE')).toBe(true)
    expect(isRedacted(redactor, 'new-token-FFFF')).toBe(true)
  })

  it.each([
    ['the short one learnt first', ['ABCD1234', 'prefix-part-ABCD1234-suffix-part']],
    ['the long one learnt first', ['prefix-part-ABCD1234-suffix-part', 'ABCD1234']],
  ])('replaces a secret that contains another whole, %s', (_order, values) => {
    const redactor = new SecretRedactor()
    for (const value of values) redactor.register(value)
    expect(redactor.redactText('sent prefix-part-ABCD1234-suffix-part now')).toBe(`sent ${REDACTED} now`)
  })

  it('finds the trimmed form of a secret typed with spaces around it', () => {
    const redactor = new SecretRedactor()
    redactor.register('  a b/c-secret ')
    expect(redactor.redactText('(a b/c-secret)')).toBe(`(${REDACTED})`)
  })

  it('finds the URL-encoded form of the trimmed secret', () => {
    const redactor = new SecretRedactor()
    redactor.register('  a b/c-secret ')
    expect(redactor.redactText(`GET /x?q=${encodeURIComponent('a b/c-secret')}&page=2`)).toBe(
      `GET /x?q=${REDACTED}&page=2`,
    )
  })
})

describe('SecretRedactor structure rules', () => {
  it('redacts a bearer token that no header name announces', () => {
    const redactor = new SecretRedactor()
    expect(redactor.redactText('retrying with Bearer abc.DEF-123_x~y+z/w== after 401')).toBe(
      `retrying with Bearer ${REDACTED} after 401`,
    )
  })

  it('redacts the whole value after a secret name even when only its end was a known secret', () => {
    const redactor = new SecretRedactor()
    redactor.register('KNOWN-SECRET-1234')
    const line = redactor.redactText('token=abcUNKNOWNKNOWN-SECRET-1234 next')
    expect(line).not.toContain('abcUNKNOWN')
    expect(line.startsWith(`token=${REDACTED}`)).toBe(true)
    expect(line.endsWith(' next')).toBe(true)
  })
  it('leaves no stray bracket when a known secret ends the value after a secret name', () => {
    const redactor = new SecretRedactor()
    redactor.register('KNOWN-SECRET-1234')
    expect(redactor.redactText('token=abcKNOWN-SECRET-1234 next')).toBe(`token=${REDACTED} next`)
  })

  it('redacts what follows a known secret inside the value after a secret name', () => {
    const redactor = new SecretRedactor()
    redactor.register('KNOWN-SECRET-1234')
    expect(redactor.redactText('token=KNOWN-SECRET-1234tail next')).toBe(`token=${REDACTED} next`)
  })
})

describe('SecretRedactor passes', () => {
  // A secret built around the marker: each replacement of it assembles it again, one character shorter.
  const around = 'x[redacted]'

  it('keeps replacing while a replacement assembles a secret again', () => {
    const redactor = new SecretRedactor()
    redactor.register(around)
    expect(redactor.redactText(`${'x'.repeat(5)}[redacted]`)).toBe(REDACTED)
  })

  it('withholds a line that still holds a secret after its passes, rather than log it', () => {
    const redactor = new SecretRedactor()
    redactor.register(around)
    const line = redactor.redactText(`${'x'.repeat(6)}[redacted]`)
    expect(line).toBe('[line withheld: it kept matching a secret]')
  })
})

describe('SecretRedactor text length', () => {
  it('leaves a text of exactly the maximum length whole', () => {
    const text = 'a'.repeat(MAX_TEXT_LENGTH)
    expect(new SecretRedactor().redactText(text)).toBe(text)
  })

  it('cuts a longer text at the maximum length and says so', () => {
    const text = `${'a'.repeat(MAX_TEXT_LENGTH)}bcd`
    expect(new SecretRedactor().redactText(text)).toBe(`${'a'.repeat(MAX_TEXT_LENGTH)}…[cut]`)
  })
})

describe('SecretRedactor values', () => {
  const redactor = new SecretRedactor()

  it('summarises functions and symbols instead of copying them', () => {
    expect(redactor.redactValue({ callback: () => 1, tag: Symbol('tag'), n: 1 })).toEqual({
      callback: '[function]',
      tag: '[symbol]',
      n: 1,
    })
    expect(redactor.redactValue(() => 1)).toBe('[function]')
  })

  it('keeps null and other plain values as they are', () => {
    expect(redactor.redactValue(null)).toBeNull()
    expect(redactor.redactDetails({ reason: null, count: 3, ok: true, none: undefined })).toEqual({
      reason: null,
      count: 3,
      ok: true,
      none: undefined,
    })
  })

  const nestedObjects = (levels: number): unknown =>
    levels === 0 ? 'leaf' : { inner: nestedObjects(levels - 1) }
  const nestedArrays = (levels: number): unknown => (levels === 0 ? 'leaf' : [nestedArrays(levels - 1)])

  it('copies objects to its depth limit and summarises what is deeper', () => {
    expect(redactor.redactValue(nestedObjects(DEPTH))).toEqual(nestedObjects(DEPTH))
    const deeper = redactor.redactValue(nestedObjects(DEPTH + 1))
    expect(JSON.stringify(deeper)).toBe(
      JSON.stringify(nestedObjects(DEPTH)).replace('"leaf"', '"[too deep]"'),
    )
  })

  it('copies arrays to its depth limit and summarises what is deeper', () => {
    expect(redactor.redactValue(nestedArrays(DEPTH))).toEqual(nestedArrays(DEPTH))
    const deeper = redactor.redactValue(nestedArrays(DEPTH + 1))
    expect(JSON.stringify(deeper)).toBe(JSON.stringify(nestedArrays(DEPTH)).replace('"leaf"', '"[too deep]"'))
  })

  it('copies only the first entries of a wide array', () => {
    const wide = Array.from({ length: WIDTH + 50 }, (_, index) => index)
    expect(redactor.redactValue(wide)).toEqual(wide.slice(0, WIDTH))
  })

  it('copies only the first entries of a wide object', () => {
    const wide = Object.fromEntries(
      Array.from({ length: WIDTH + 50 }, (_, index) => [`k${String(index)}`, index]),
    )
    const copy = redactor.redactValue(wide) as Record<string, unknown>
    expect(Object.keys(copy)).toEqual(Object.keys(wide).slice(0, WIDTH))
  })

  it('says a value could not be read instead of failing the log call', () => {
    const broken = {
      get field(): unknown {
        throw new Error('boom')
      },
    }
    expect(redactor.redactDetails({ broken, fine: 'yes' })).toEqual({ broken: '[unreadable]', fine: 'yes' })
  })

  it('copies an object met twice, not in a cycle, both times', () => {
    const shared = { value: 1 }
    expect(redactor.redactValue({ first: shared, second: shared, list: [shared, shared] })).toEqual({
      first: { value: 1 },
      second: { value: 1 },
      list: [{ value: 1 }, { value: 1 }],
    })
  })
})
