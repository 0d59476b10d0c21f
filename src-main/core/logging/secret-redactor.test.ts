import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_TEXT_LENGTH, MIN_SECRET_LENGTH, REDACTED, SecretRedactor } from './secret-redactor.ts'

const RUNS = { numRuns: 200 }

/** Secrets as the platform or staff might make them: printable, long enough to be learnt. */
const secret = fc.string({ minLength: MIN_SECRET_LENGTH, maxLength: 40, unit: 'grapheme' })
const tokenLike = fc.base64String({ minLength: 16, maxLength: 64 }).map((value) => value.replace(/=+$/, 'x'))

describe('SecretRedactor by value', () => {
  it('removes every registered secret from any text it is embedded in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(secret, tokenLike), { minLength: 1, maxLength: 4 }),
        fc.array(fc.string({ maxLength: 30, unit: 'grapheme' }), { minLength: 1, maxLength: 6 }),
        (secrets, fillers) => {
          const redactor = new SecretRedactor()
          for (const value of secrets) redactor.register(value)
          const text = fillers
            .map((filler, index) => filler + (secrets[index % secrets.length] ?? ''))
            .join('')
          const redacted = redactor.redactText(text)
          for (const value of secrets) expect(redacted).not.toContain(value.trim())
        },
      ),
      RUNS,
    )
  })

  it('removes registered secrets from any value, at any depth, keys included', () => {
    fc.assert(
      fc.property(tokenLike, fc.jsonValue({ maxDepth: 4 }), (token, value) => {
        const redactor = new SecretRedactor()
        redactor.register(token)
        const planted = { outer: value, [`key-${token}`]: [`x${token}y`, { deep: token }] }
        const text = JSON.stringify(redactor.redactValue(planted))
        expect(text).not.toContain(token)
      }),
      RUNS,
    )
  })

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true }), (value) => {
        const redactor = new SecretRedactor()
        redactor.register('a-registered-secret')
        expect(() => JSON.stringify(redactor.redactValue(value))).not.toThrow()
      }),
      RUNS,
    )
  })

  it('leaves text without secrets as it was', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z ,.]{0,80}$/), (text) => {
        const redactor = new SecretRedactor()
        redactor.register('QWERTY-1234')
        fc.pre(!/(secret|token|passw|authorization|api.?key|cookie|bearer)/i.test(text))
        expect(redactor.redactText(text)).toBe(text)
      }),
      RUNS,
    )
  })

  it('also finds the URL-encoded form of a secret', () => {
    const redactor = new SecretRedactor()
    redactor.register('a b/c+d')
    expect(redactor.redactText(`https://x/?q=${encodeURIComponent('a b/c+d')}`)).toBe(
      `https://x/?q=${REDACTED}`,
    )
  })

  it('redacts the piece of a secret left at either end of a text that was cut short', () => {
    fc.assert(
      fc.property(tokenLike, fc.nat(), fc.string({ maxLength: 20 }), (token, cut, filler) => {
        const redactor = new SecretRedactor()
        redactor.register(token)
        const length = 8 + (cut % (token.length - 8))
        const head = redactor.redactText(`${filler}${token.slice(0, length)}`)
        const tail = redactor.redactText(`${token.slice(token.length - length)}${filler}`)
        expect(head).not.toContain(token.slice(0, length))
        expect(tail).not.toContain(token.slice(token.length - length))
      }),
      RUNS,
    )
  })

  it('ignores values too short to be secrets', () => {
    const redactor = new SecretRedactor()
    redactor.register('ab')
    expect(redactor.redactText('abab')).toBe('abab')
  })

  it('takes a value of exactly the shortest secret length as a secret, one shorter not', () => {
    const redactor = new SecretRedactor()
    const shortest = 'k'.repeat(MIN_SECRET_LENGTH)
    const shorter = 'q'.repeat(MIN_SECRET_LENGTH - 1)
    redactor.register(shortest)
    redactor.register(shorter)
    expect(redactor.redactText(`key=${shortest}; pin=${shorter}`)).toBe(`key=${REDACTED}; pin=${shorter}`)
  })

  it('redacts a secret that straddles the point where a long text is cut', () => {
    const redactor = new SecretRedactor()
    redactor.register('straddling-secret')
    const text = `${'x'.repeat(MAX_TEXT_LENGTH - 5)}straddling-secret and more`
    expect(redactor.redactText(text)).not.toContain('strad')
  })
})

describe('SecretRedactor by structure', () => {
  const redactor = new SecretRedactor()

  it.each([
    ['READY http://127.0.0.1:5173/?token=AbC_dEf-123', 'READY http://127.0.0.1:5173/?token=[redacted]'],
    ['GET /bridge?x=1&token=abc123&y=2', 'GET /bridge?x=1&token=[redacted]&y=2'],
    ['Access-Token: 9f8e7d6c5b4a', 'Access-Token: [redacted]'],
    ['{"access_token":"with \\"quote\\" and space","ok":true}', '{"access_token":"[redacted]","ok":true}'],
    [
      'app_secret_key=demo-app-secret rest_secret_key=x',
      'app_secret_key=[redacted] rest_secret_key=[redacted]',
    ],
    ["password: 'hunter2'", "password: '[redacted]'"],
    ['Authorization: Bearer eyJhbGciOi.J9.x', 'Authorization: Bearer [redacted]'],
    // A quoted value is one value, spaces and all: no word of a pass phrase may be left behind.
    ["secret: 'my pass phrase' (typed)", "secret: '[redacted]' (typed)"],
    ['password="two words, one secret" ok', 'password="[redacted]" ok'],
    ['api_key = "it\'s [bracketed]"', 'api_key = "[redacted]"'],
    ["Password: 'a b' then token='c d'", "Password: '[redacted]' then token='[redacted]'"],
  ])('%s', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    // The app's own log line (web/file-key-cipher.ts): its area, `secrets`, is not a secret's name.
    'secrets: the key file was damaged; a new key was made and the old file kept',
    'secrets: the',
    'tokens: 3 renewed',
    'Cookies: none sent',
    'passwords = not stored',
    'api_keys: both entered',
    "secrets: 'vault' was damaged",
  ])('leaves %j as it is: a plural names a group, not one value', (text) => {
    expect(redactor.redactText(text)).toBe(text)
  })

  it.each([
    ['secret: the', 'secret: [redacted]'],
    ['token: 3renewed', 'token: [redacted]'],
    ['my_secrets_key=abc', 'my_secrets_key=[redacted]'],
  ])('still redacts %j, where the name is one value', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    ['Cookie: a=1; b=2', 'Cookie: [redacted]'],
    ['Cookie: sid=abc; csrf=def; theme=dark then more', 'Cookie: [redacted] then more'],
    ['Set-Cookie: sid=abc123; Path=/; HttpOnly', 'Set-Cookie: [redacted]; HttpOnly'],
    ['Cookie: a=1; emptied=; c=3', 'Cookie: [redacted]'],
  ])('redacts every cookie of a cookie header, not only the first: %j', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    // After any other name a `;` ends the value: what follows is the line's own text.
    ['token=abc; retries=3', 'token=[redacted]; retries=3'],
    ['Cookie: a=1; then the request failed', 'Cookie: [redacted]; then the request failed'],
  ])('stops at the end of the cookies, leaving the text after them: %j', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    ['api-key: abc]def', 'api-key: [redacted]'],
    ['token=a]]b next', 'token=[redacted] next'],
    // A `]` with nothing of the value after it still closes the brackets the line put around it.
    ['[token=abc] sent', '[token=[redacted]] sent'],
  ])('redacts a value with a `]` inside it whole: %j', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    ['token: abc)def', 'token: [redacted]'],
    ['secret=a}}b next', 'secret=[redacted] next'],
    ['api-key: x)y}z]w', 'api-key: [redacted]'],
    // A `)` or `}` with nothing of the value after it still closes the brackets the line put around it.
    ['(token=abc) sent', '(token=[redacted]) sent'],
    ['{password: abc}, next', '{password: [redacted]}, next'],
    ['call(token=abc)', 'call(token=[redacted])'],
  ])('redacts a value with a `)` or `}` inside it whole: %j', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    ['Cookie: a="x y"; b=2', 'Cookie: [redacted]'],
    ['Cookie: b=2; a="x y" then more', 'Cookie: [redacted] then more'],
    ['Cookie: a=""; b=2', 'Cookie: [redacted]'],
  ])('redacts a quoted cookie value whole, and the cookies after it: %j', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    ['Set-Cookie: sid=1; HttpOnly; other=2', 'Set-Cookie: [redacted]'],
    ['Set-Cookie: sid=1; Secure; HttpOnly; other=2; Path=/', 'Set-Cookie: [redacted]'],
    ['Set-Cookie: sid=1; Partitioned; other=2', 'Set-Cookie: [redacted]'],
    // A flag with no pair after it is the line's own text, and so is a word that is no cookie flag.
    ['Set-Cookie: sid=1; Secure; HttpOnly', 'Set-Cookie: [redacted]; Secure; HttpOnly'],
    ['Cookie: a=1; failed; retries=3', 'Cookie: [redacted]; failed; retries=3'],
  ])('redacts the cookies after a Set-Cookie flag: %j', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    // A cookie's expiry date holds a comma: the pairs after it are cookies all the same.
    ['Set-Cookie: sid=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; other=2', 'Set-Cookie: [redacted]'],
    ['Set-Cookie: sid=1; expires=Wed, 21-Oct-26 07:28:00 GMT; HttpOnly; other=2', 'Set-Cookie: [redacted]'],
    // Several Set-Cookie headers joined in one line (as fetch's `headers.get` gives them): `, ` between them.
    ['Set-Cookie: a=1; Path=/, b=2', 'Set-Cookie: [redacted]'],
    ['Set-Cookie: a=1, b=2; HttpOnly, c=3', 'Set-Cookie: [redacted]'],
  ])('redacts the cookies after an expiry date or a comma: %j', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it.each([
    ['Cookie: a="x y', 'x y'],
    ['Cookie: b=2; a="x y', 'x y'],
    ['password="two words', 'two words'],
    ["secret: 'my pass phrase", 'pass phrase'],
  ])('redacts a quoted value that is never closed, to the end of its line: %j', (text, value) => {
    const redacted = redactor.redactText(`${text}\nnext line`)
    expect(redacted).not.toContain(value.split(' ')[1])
    expect(redacted).toContain(REDACTED)
    expect(redacted).toMatch(/\nnext line$/)
  })

  it.each([
    ['password="two words" sent', 'password="[redacted]" sent'],
    ['password="two words', 'password="[redacted]'],
    ["secret: 'a b' then", "secret: '[redacted]' then"],
    ["secret: 'a b", "secret: '[redacted]"],
  ])('keeps the closing quote of a closed value, and adds none to an unclosed one: %j', (text, expected) => {
    expect(redactor.redactText(text)).toBe(expected)
  })

  it('replaces values under secret-sounding keys whatever their type', () => {
    expect(
      redactor.redactDetails({
        accessToken: 'x',
        'Access-Token': 42,
        appSecretKey: { nested: true },
        password: null,
        expirationDate: '2026-01-01 00:00:00',
        nested: { rest_secret_key: ['a'] },
      }),
    ).toEqual({
      accessToken: REDACTED,
      'Access-Token': REDACTED,
      appSecretKey: REDACTED,
      password: REDACTED,
      expirationDate: '2026-01-01 00:00:00',
      nested: { rest_secret_key: REDACTED },
    })
  })

  it('copes with cycles and errors', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic['self'] = cyclic
    expect(redactor.redactValue(cyclic)).toEqual({ name: 'loop', self: '[circular]' })
    expect(redactor.redactValue(new Error('token=abcdef'))).toEqual({
      name: 'Error',
      message: 'token=[redacted]',
    })
  })
})

describe('SecretRedactor pinned secrets (D33: the current keys, token and launch token are never forgotten)', () => {
  const others = (count: number) =>
    Array.from({ length: count }, (_, index) => `other-secret-${String(index)}`)

  it('keeps a pinned secret however many others are learnt after it', () => {
    const redactor = new SecretRedactor()
    redactor.pin('credential-vault', ['app-secret-AAAA1111', 'current-token-CCCC'])
    redactor.pin('launch-token', ['launch-token-DDDD'])
    for (const value of others(500)) redactor.register(value)
    const line = redactor.redactText('app-secret-AAAA1111 current-token-CCCC launch-token-DDDD')
    expect(line).toBe(`${REDACTED} ${REDACTED} ${REDACTED}`)
  })

  it('still forgets the oldest unpinned secrets beyond its cap', () => {
    const redactor = new SecretRedactor()
    redactor.register('learnt-first-EEEE')
    for (const value of others(500)) redactor.register(value)
    expect(redactor.redactText('learnt-first-EEEE')).toBe('learnt-first-EEEE')
    expect(redactor.redactText('other-secret-499')).toBe(REDACTED)
  })

  it('releases the values a slot held when new ones are pinned there, still redacting them for a while', () => {
    const redactor = new SecretRedactor()
    redactor.pin('credential-vault', ['token-one-FFFF'])
    redactor.pin('credential-vault', ['token-two-GGGG'])
    expect(redactor.redactText('token-one-FFFF token-two-GGGG')).toBe(`${REDACTED} ${REDACTED}`)
    for (const value of others(500)) redactor.register(value)
    expect(redactor.redactText('token-one-FFFF token-two-GGGG')).toBe(`token-one-FFFF ${REDACTED}`)
  })

  it('redacts the URL-encoded form of a pinned secret too', () => {
    const redactor = new SecretRedactor()
    redactor.pin('launch-token', ['a+b/c=d-HHHH'])
    for (const value of others(500)) redactor.register(value)
    expect(redactor.redactText(`x ${encodeURIComponent('a+b/c=d-HHHH')} y`)).toBe(`x ${REDACTED} y`)
  })
})
