import { describe, expect, it } from 'vitest'
import { SecretRedactor } from '../logging/secret-redactor.ts'
import { generateIntakeKey, IntakeKeyring, isIntakeKey, type IntakeKeyStorage } from './intake-key.ts'

class MemoryKeyStorage implements IntakeKeyStorage {
  saved: string[] = []
  failSave = false

  stored: string | undefined

  constructor(stored?: string) {
    this.stored = stored
  }

  load() {
    return Promise.resolve(this.stored)
  }

  save(key: string) {
    if (this.failSave) return Promise.reject(new Error('vault unavailable'))
    this.stored = key
    this.saved.push(key)
    return Promise.resolve()
  }
}

describe('generateIntakeKey', () => {
  it('makes 32 random bytes as base64url, different every time', () => {
    const keys = new Set(Array.from({ length: 100 }, generateIntakeKey))
    expect(keys.size).toBe(100)
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(key, 'base64url')).toHaveLength(32)
      expect(isIntakeKey(key)).toBe(true)
    }
  })
})

describe('isIntakeKey', () => {
  it('takes 43 to 512 base64url characters, and nothing else', () => {
    for (const key of ['a'.repeat(43), 'Z'.repeat(512), `${'Az09_-'.repeat(7)}x`])
      expect(isIntakeKey(key)).toBe(true)
    for (const key of [
      'a'.repeat(42),
      'a'.repeat(513),
      `${'a'.repeat(43)}+`,
      `${'a'.repeat(43)}/`,
      `${'a'.repeat(43)}=`,
      ` ${'a'.repeat(43)}`,
      `${'a'.repeat(43)}\n`,
      `${'a'.repeat(43)}ş`,
    ]) {
      expect(isIntakeKey(key), JSON.stringify(key)).toBe(false)
    }
  })
})

describe('IntakeKeyring', () => {
  it('makes and saves a key at first start, and keeps it across starts', async () => {
    const storage = new MemoryKeyStorage()
    const registered: string[] = []
    const first = await IntakeKeyring.open(storage, { register: (value) => registered.push(value) })
    expect(storage.saved).toEqual([first.current])
    expect(registered).toEqual([first.current])
    const again = await IntakeKeyring.open(storage, new SecretRedactor())
    expect(again.current).toBe(first.current)
    expect(storage.saved).toHaveLength(1)
  })

  it('replaces a stored key that is too weak to use (damaged or hand-edited)', async () => {
    const storage = new MemoryKeyStorage('1234')
    const keyring = await IntakeKeyring.open(storage, new SecretRedactor())
    expect(keyring.current).not.toBe('1234')
    expect(isIntakeKey(keyring.current)).toBe(true)
    expect(keyring.matches('1234')).toBe(false)
  })

  it('redacts a stored key it replaces too, and saves the new one before using it', async () => {
    const damaged = 'old-key-with-a-space-in-it 0123456789abcdefghij'
    const registered: string[] = []
    const storage = new MemoryKeyStorage(damaged)
    const keyring = await IntakeKeyring.open(storage, { register: (value) => registered.push(value) })
    expect(registered).toEqual([damaged, keyring.current])
    expect(storage.saved).toEqual([keyring.current])
  })

  it('keeps a usable stored key: redacted and pinned, nothing saved', async () => {
    const stored = generateIntakeKey()
    const registered: string[] = []
    const pinned: [string, readonly string[]][] = []
    const storage = new MemoryKeyStorage(stored)
    const keyring = await IntakeKeyring.open(storage, {
      register: (value) => registered.push(value),
      pin: (slot, values) => pinned.push([slot, values]),
    })
    expect(keyring.current).toBe(stored)
    expect(registered).toEqual([stored, stored])
    expect(pinned).toEqual([['intake-key', [stored]]])
    expect(storage.saved).toEqual([])
  })

  it('does not start on a key it could not save', async () => {
    const storage = new MemoryKeyStorage()
    storage.failSave = true
    await expect(IntakeKeyring.open(storage, new SecretRedactor())).rejects.toThrow('vault unavailable')
  })

  it('matches only the exact key', async () => {
    const keyring = await IntakeKeyring.open(new MemoryKeyStorage(), new SecretRedactor())
    const key = keyring.current
    expect(keyring.matches(key)).toBe(true)
    for (const wrong of [
      '',
      key.slice(1),
      `${key}x`,
      key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase(),
    ]) {
      expect(keyring.matches(wrong)).toBe(false)
    }
  })

  it('rotates: the new key is saved first, the old one is refused at once', async () => {
    const storage = new MemoryKeyStorage()
    const keyring = await IntakeKeyring.open(storage, new SecretRedactor())
    const old = keyring.current
    const fresh = await keyring.rotate()
    expect(fresh).not.toBe(old)
    expect(storage.stored).toBe(fresh)
    expect([keyring.matches(old), keyring.matches(fresh)]).toEqual([false, true])
  })

  it('keeps the old key working when the new one cannot be saved', async () => {
    const storage = new MemoryKeyStorage()
    const keyring = await IntakeKeyring.open(storage, new SecretRedactor())
    const old = keyring.current
    storage.failSave = true
    await expect(keyring.rotate()).rejects.toThrow('vault unavailable')
    expect(keyring.current).toBe(old)
    expect(keyring.matches(old)).toBe(true)
  })

  it('gives every key it holds to the redactor, old ones too, so none reaches a log', async () => {
    const redactor = new SecretRedactor()
    const keyring = await IntakeKeyring.open(new MemoryKeyStorage(), redactor)
    const old = keyring.current
    const fresh = await keyring.rotate()
    const line = redactor.redactText(`POS sent key=${old} then ${fresh} and x-intake ${old.slice(0, 20)}`)
    expect(line).not.toContain(old)
    expect(line).not.toContain(fresh)
    expect(line).not.toContain(old.slice(0, 20))
  })

  it('pins the current key where the redactor can, so it is never forgotten among other secrets', async () => {
    const pinned: [string, readonly string[]][] = []
    const registered: string[] = []
    const keyring = await IntakeKeyring.open(new MemoryKeyStorage(), {
      register: (value) => registered.push(value),
      pin: (slot, values) => pinned.push([slot, values]),
    })
    const fresh = await keyring.rotate()
    expect(pinned.at(-1)).toEqual(['intake-key', [fresh]])
    expect(registered).toContain(fresh)
  })
})
