import type { SecretRedaction } from '../ports.ts'

/** What a redacted value becomes in a log line or a support bundle. */
export const REDACTED = '[redacted]'

/**
 * Values shorter than this are not learnt: a key or token is never that short, and redacting every `abc` in
 * every line would make the log useless without protecting anything real.
 */
export const MIN_SECRET_LENGTH = 4

/**
 * The run's own secrets are few; a cap keeps a long-running app's redaction cheap (oldest forgotten first).
 * Pinned secrets (the ones in use now) are kept beyond it.
 */
const MAX_KNOWN_SECRETS = 64
/**
 * Text cut short (a bounded log field, a capped platform message) can end with the start of a secret, or begin
 * with its end. A piece this long at either end of a text is redacted too; a shorter one tells next to nothing.
 */
const MIN_CUT_PIECE = 8
/** Replacing one secret can in theory assemble another out of the marker; after this many passes, give up. */
const MAX_PASSES = 4
const LINE_WITHHELD = '[line withheld: it kept matching a secret]'
/** Longer texts are cut (after known secrets are replaced, so a cut never leaves half of one behind). */
export const MAX_TEXT_LENGTH = 16 * 1024
/** How deep and how wide details are copied; beyond that they are summarised, never walked. */
const MAX_DEPTH = 6
const MAX_ENTRIES = 100

/** Names that say "the value is a secret", wherever they appear: `app_secret_key`, `Access-Token`, `password`. */
const SECRET_NAME = String.raw`[A-Za-z0-9_-]*(?:secret|token|passw(?:or)?d|authorization|api[_-]?key|cookie)[A-Za-z0-9_-]*`
const SECRET_KEY = new RegExp(`^${SECRET_NAME}$`, 'i')
/** Keys that name a fact about a secret, not the secret: `secretStorage`, `credentialsStored`, `tokenCount`. */
const ABOUT_A_SECRET = /(storage|stored|count|expiry|expiresat|length|state|kind|type|reason)$/i
const holdsSecret = (key: string) => SECRET_KEY.test(key) && !ABOUT_A_SECRET.test(key)
/** Matching starts only where a word starts, which keeps the scan linear on long runs of letters. */
const WORD_START = '(?<![A-Za-z0-9_-])'
/** `"access_token":"…"` in JSON text (the value may hold escaped quotes and spaces). */
const JSON_SECRET_FIELD = new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*")((?:[^"\\]|\\.)*)(")`, 'gi')
/**
 * An unquoted value: it ends where a URL, a list or a bracket around it ends. A closing bracket (`]`, `)`, `}`)
 * with more of the value after it is part of the value (`abc]def`, `abc)def`); one that closes the line's own
 * brackets (`(token=abc) sent`) still ends it. A marker left by a known secret is taken whole, so neither the
 * rest of the value nor a stray `]` of the marker is left behind.
 */
const UNQUOTED_VALUE = String.raw`(?:\[redacted\]|[^\s"'&,;)}\]]|[)}\]]+(?=[^\s"'&,;)}\]]))+`
/** `token=…` in a URL, `Access-Token: …` or `Authorization: Bearer …` in a header dump, `secret: '…'` in prose. */
const NAMED_SECRET = new RegExp(
  String.raw`(${WORD_START}${SECRET_NAME}["']?\s*[:=]\s*["']?(?:(?:bearer|basic)\s+)?)(${UNQUOTED_VALUE})`,
  'gi',
)
/** A quoted value never closed on its line runs to the line's end: no part of it is left behind. */
const TO_LINE_END = String.raw`(?=\n|$)`
/** A cookie's expiry date (`Wed, 21 Oct 2026 07:28:00 GMT`): the comma in it does not end the cookies. */
const COOKIE_DATE = String.raw`[A-Za-z]{3},\s?\d{1,2}[ -][A-Za-z]{3}[ -]\d{2,4} \d{1,2}:\d{2}:\d{2} GMT`
/**
 * A cookie's value: unquoted, a date, or quoted (`a="x y"`), spaces and all, up to its closing quote on the same
 * line (or the line's end).
 */
const COOKIE_VALUE = String.raw`(?:"[^"\n]{0,1024}(?:"|${TO_LINE_END})|${COOKIE_DATE}|${UNQUOTED_VALUE})`
/** A cookie's name, up to its `=`. */
const COOKIE_NAME = String.raw`[^\s"'&,;=)}\]]+=`
/** The flags of a `Set-Cookie` line: they stand alone, with no `=value`, between the pairs. */
const COOKIE_FLAG = String.raw`(?:secure|httponly|partitioned)\s*[;,]\s*`
/**
 * `Cookie: a=1; b=2`, `Set-Cookie: sid=…; HttpOnly; other=…`: a cookie header holds a value in each
 * `; name=value` pair, and every one is a secret, flags between them included; several Set-Cookie headers joined
 * in one line (`a=1; Path=/, b=2`, as fetch gives them) are separated by `, `. Only a cookie's pairs go on past a
 * `;` or `,`: after any other name, or after a last flag, what follows is the line's own text
 * (`token=abc; retries=3`, `sid=…; Secure`).
 */
const COOKIE_SECRET = new RegExp(
  String.raw`(${WORD_START}[A-Za-z0-9_-]*cookie[A-Za-z0-9_-]*["']?\s*[:=]\s*)(?:${COOKIE_NAME}${COOKIE_VALUE}|${UNQUOTED_VALUE})(?:[;,]\s*(?:${COOKIE_FLAG})*${COOKIE_NAME}${COOKIE_VALUE}?)*`,
  'gi',
)
/**
 * `secret: 'my pass phrase'`, `password="two words"`: a quoted value is one value, spaces and all, so it is
 * redacted up to its closing quote (on the same line, within a bound that keeps the scan cheap), or to the line's
 * end when it is never closed.
 */
const QUOTED_SECRET = new RegExp(
  String.raw`(${WORD_START}${SECRET_NAME}["']?\s*[:=]\s*)(?:"[^"\n]{1,1024}(?:"|${TO_LINE_END})|'[^'\n]{1,1024}(?:'|${TO_LINE_END}))`,
  'gi',
)
/**
 * A plural (`secrets:`, `tokens: 3`, `Cookies:`) names a group, not one value: it is how a log line names its
 * area ("secrets: the key file was damaged"), and redacting the word after it garbles the line.
 */
const GROUP_NAME = /^[A-Za-z0-9_-]*(?:secret|token|passw(?:or)?d|authorization|api[_-]?key|cookie)s\b/i
/** `Bearer …` in an Authorization header. */
const BEARER = /(\bbearer\s+)([A-Za-z0-9._~+/-]+=*)/gi

/**
 * Removes secrets from anything on its way to a log or a support bundle (D11), two ways:
 * - by value: every secret the core holds (the keys as typed, each access token, web mode's launch token) is
 *   registered here the moment the core learns it, and any occurrence of it is replaced, wherever it stands;
 * - by structure: values under secret-sounding keys, `token=` in URLs, `Access-Token:` headers and bearer
 *   tokens are replaced even when their value was never registered (a token from a previous run, say).
 */
export class SecretRedactor implements SecretRedaction {
  /** Learnt values, oldest first; beyond the cap the oldest is forgotten. */
  readonly #known = new Set<string>()
  /** Values held per slot (the vault's current keys and token, the launch token): never forgotten while held. */
  readonly #pinned = new Map<string, Set<string>>()
  /** Longest first, so a secret that contains another is replaced whole. */
  // Stryker disable next-line ArrayDeclaration: nothing is known before the first register or pin, which rebuild this; only a text holding the placeholder itself could tell
  #ordered: string[] = []

  register(value: string): void {
    for (const form of formsOf(value)) {
      if (this.#isPinned(form)) continue
      // Learnt again: it becomes the newest, so a secret still in use is the last to be forgotten.
      this.#known.delete(form)
      this.#known.add(form)
    }
    this.#forgetOldest()
    this.#reorder()
  }

  /**
   * Holds `values` under `slot` for as long as they stay there, beyond the cap. Values the slot held before
   * are released to the ordinary register: still redacted, and forgotten in their turn like any other.
   */
  pin(slot: string, values: readonly string[]): void {
    const released = this.#pinned.get(slot) ?? new Set<string>()
    const held = new Set(values.flatMap(formsOf))
    this.#pinned.set(slot, held)
    // The released go back to the ordinary register; those still held leave it again on the next line.
    for (const form of released) this.#known.add(form)
    for (const form of held) this.#known.delete(form)
    this.#forgetOldest()
    this.#reorder()
  }

  #isPinned(form: string): boolean {
    for (const held of this.#pinned.values()) if (held.has(form)) return true
    return false
  }

  #forgetOldest(): void {
    for (const oldest of this.#known) {
      if (this.#known.size <= MAX_KNOWN_SECRETS) return
      this.#known.delete(oldest)
    }
  }

  #reorder(): void {
    const all = new Set(this.#known)
    for (const held of this.#pinned.values()) for (const form of held) all.add(form)
    this.#ordered = [...all].sort((a, b) => b.length - a.length)
  }

  redactText(text: string): string {
    let result = this.#redactKnown(text)
    if (result.length > MAX_TEXT_LENGTH) result = `${result.slice(0, MAX_TEXT_LENGTH)}…[cut]`
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      result = this.#redactKnown(result)
      result = result
        .replace(
          JSON_SECRET_FIELD,
          (_match, head: string, _value: string, tail: string) => head + REDACTED + tail,
        )
        .replace(QUOTED_SECRET, (match, head: string) => {
          if (GROUP_NAME.test(head)) return match
          const quote = match.charAt(head.length)
          // The value holds no quote of its kind: the match ends with one only where the value was closed.
          return head + quote + REDACTED + (match.endsWith(quote) ? quote : '')
        })
        // A value already `[redacted]` is replaced by itself: the marker is taken whole, so no `]` is added.
        .replace(COOKIE_SECRET, (match, head: string) => (GROUP_NAME.test(head) ? match : head + REDACTED))
        .replace(NAMED_SECRET, (match, head: string) => (GROUP_NAME.test(head) ? match : head + REDACTED))
        .replace(BEARER, (_match, head: string) => head + REDACTED)
      if (!this.#containsKnown(result)) return result
    }
    return LINE_WITHHELD
  }

  /**
   * A copy of `value` safe to serialise: strings redacted, values under secret-sounding keys replaced whole,
   * cycles and excessive depth or width cut short. Never throws.
   */
  redactValue(value: unknown): unknown {
    return this.#copy(value, 0, new Set())
  }

  redactDetails(details: Record<string, unknown>): Record<string, unknown> {
    return this.#copy(details, 0, new Set()) as Record<string, unknown>
  }

  #copy(value: unknown, depth: number, seen: Set<object>): unknown {
    if (typeof value === 'string') return this.redactText(value)
    if (typeof value === 'bigint') return this.redactText(value.toString())
    if (typeof value === 'symbol' || typeof value === 'function') return `[${typeof value}]`
    if (typeof value !== 'object' || value === null) return value
    if (seen.has(value)) return '[circular]'
    if (depth >= MAX_DEPTH) return '[too deep]'
    seen.add(value)
    try {
      if (value instanceof Error) {
        return { name: this.redactText(value.name), message: this.redactText(value.message) }
      }
      if (Array.isArray(value)) {
        return value.slice(0, MAX_ENTRIES).map((item: unknown) => this.#copy(item, depth + 1, seen))
      }
      const copy: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(value).slice(0, MAX_ENTRIES)) {
        const safeKey = this.redactText(key)
        copy[safeKey] = holdsSecret(key) ? REDACTED : this.#copy(item, depth + 1, seen)
      }
      return copy
    } catch {
      // A getter that throws, a revoked proxy: say so rather than fail the log call.
      return '[unreadable]'
    } finally {
      seen.delete(value)
    }
  }

  #redactKnown(text: string): string {
    let result = text
    for (const secret of this.#ordered) result = result.split(secret).join(REDACTED)
    for (const secret of this.#ordered) result = redactCutEnds(result, secret)
    return result
  }

  #containsKnown(text: string): boolean {
    return this.#ordered.some((secret) => text.includes(secret))
  }
}

/** The forms a secret is found in: as given, trimmed, and URL-encoded; too-short ones are not secrets. */
function formsOf(value: string): string[] {
  const forms = new Set([value, value.trim(), encodeURIComponent(value.trim())])
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH)
}

/** Replaces the longest start of `secret` that ends `text`, and the longest end of it that starts `text`. */
function redactCutEnds(text: string, secret: string): string {
  let result = text
  // The one-character checks first keep this linear in practice: most lengths fail on them at once.
  const last = result.charCodeAt(result.length - 1)
  for (let length = Math.min(secret.length - 1, result.length); length >= MIN_CUT_PIECE; length--) {
    // Stryker disable next-line ConditionalExpression: equivalent, only a shortcut: the endsWith below checks this character too
    if (secret.charCodeAt(length - 1) !== last) continue
    if (result.endsWith(secret.slice(0, length))) {
      result = result.slice(0, result.length - length) + REDACTED
      break
    }
  }
  const first = result.charCodeAt(0)
  for (let length = Math.min(secret.length - 1, result.length); length >= MIN_CUT_PIECE; length--) {
    // Stryker disable next-line ConditionalExpression: equivalent, only a shortcut: the startsWith below checks this character too
    if (secret.charCodeAt(secret.length - length) !== first) continue
    if (result.startsWith(secret.slice(secret.length - length))) {
      result = REDACTED + result.slice(length)
      break
    }
  }
  return result
}
