import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmod, link, mkdir, open, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { silentLogger, type Logger, type SecretCipher } from '../core/ports.ts'
import { isErrorWithCode, temporaryNameFor } from '../core/storage/durable-files.ts'

const ALGORITHM = 'aes-256-gcm'
const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Web mode's SecretCipher (D11 without an OS keychain): AES-256-GCM under a random key kept in its own file,
 * readable by the owner only and never inside the settings file, so a copy of the settings alone opens
 * nothing. Each encryption draws a fresh IV; the output is base64 of iv | tag | ciphertext, and GCM's tag
 * makes any change to it fail to decrypt instead of yielding wrong secrets.
 */
export function createFileKeyCipher(keyFile: string, log: Logger = silentLogger): SecretCipher {
  let key: Promise<Buffer> | undefined
  // Created on first use, not at start: a run that never stores a secret leaves no key behind. One promise,
  // so concurrent first calls share one key. A failure is not cached: the next call tries again.
  const currentKey = (): Promise<Buffer> =>
    (key ??= loadOrCreateKey(keyFile, log).catch((error: unknown) => {
      key = undefined
      throw error
    }))

  return {
    strength: 'strong',
    async encrypt(plainText) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv(ALGORITHM, await currentKey(), iv)
      const cipherText = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), cipherText]).toString('base64')
    },
    async decrypt(encoded) {
      const bytes = Buffer.from(encoded, 'base64')
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('secret blob too short')
      const decipher = createDecipheriv(ALGORITHM, await currentKey(), bytes.subarray(0, IV_BYTES))
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      // `final` throws when the tag does not match: tampered data, or a blob made under another key.
      const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
      return plain.toString('utf8')
    },
  }
}

async function loadOrCreateKey(keyFile: string, log: Logger): Promise<Buffer> {
  const existing = await readKey(keyFile)
  if (existing?.length === KEY_BYTES) {
    await tightenMode(keyFile)
    return existing
  }
  if (existing) {
    // A damaged key opens nothing: keep it aside and start over; the vault then asks staff to sign in again.
    const aside = `${keyFile}.damaged-${String(Date.now())}`
    await rename(keyFile, aside)
    log.warn('secrets: the key file was damaged; a new key was made and the old file kept', {
      keptAs: basename(aside),
    })
  }
  return createKey(keyFile)
}

async function readKey(keyFile: string): Promise<Buffer | undefined> {
  try {
    return await readFile(keyFile)
  } catch (error) {
    if (isErrorWithCode(error, 'ENOENT')) return undefined
    throw error
  }
}

/**
 * Writes the key to a temporary file first and then links it into place: the link fails if another process
 * made a key in the meantime, and then that key wins, so two launches never encrypt under different keys.
 */
async function createKey(keyFile: string): Promise<Buffer> {
  await mkdir(dirname(keyFile), { recursive: true, mode: 0o700 })
  const key = randomBytes(KEY_BYTES)
  const temporary = temporaryNameFor(keyFile)
  const handle = await open(temporary, 'wx', 0o600)
  try {
    await handle.writeFile(key)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await link(temporary, keyFile)
  } catch (error) {
    if (isErrorWithCode(error, 'EEXIST')) {
      await rm(temporary, { force: true })
      const winner = await readKey(keyFile)
      if (winner?.length === KEY_BYTES) return winner
      throw new Error('secret key file appeared damaged while being created', { cause: error })
    }
    // File systems without hard links: a plain rename is still atomic, only not race-free.
    await rename(temporary, keyFile)
    return key
  }
  await rm(temporary, { force: true })
  return key
}

/** A key file copied in with looser permissions is made owner-only again (POSIX; Windows uses ACLs). */
async function tightenMode(keyFile: string): Promise<void> {
  if (process.platform === 'win32') return
  try {
    await chmod(keyFile, 0o600)
  } catch {
    // Not ours to change (another owner): reading it still works; nothing more to do.
  }
}
