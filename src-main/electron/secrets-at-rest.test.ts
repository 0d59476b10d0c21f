// D11 on disk, the desktop shell's way: the real core with Electron's own adapters (electron-store for settings
// and stored secrets, the safeStorage cipher, the file journal and the rotating log in userData) signs in to the
// mock platform, works, meets a 401 and re-logs in, fails, and is sent the secrets inside calls that get logged;
// then every file of the userData folder is read as bytes and searched for every secret. Electron itself cannot
// run here: `electron` is a stand-in whose safeStorage really encrypts (AES-GCM with a key held in memory, as
// the OS keychain holds it outside the folder), so a secret written in clear would be found.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_CREDENTIALS, DEMO_ORDER_IDS } from '../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../e2e/mock-platform/server.ts'
import type { Core } from '../core/create-core.ts'
import { dispatch } from '../core/dispatch.ts'
import { createFileLog } from '../core/logging/file-log.ts'
import { REDACTED, SecretRedactor } from '../core/logging/secret-redactor.ts'
import { coreOnMock } from '../../test-support/core/core-on-mock.ts'
import { filesUnder } from '../../test-support/core/files-under.ts'
import { FileJournal, HANDOVER_JOURNAL_FILE } from '../core/storage/file-journal.ts'

const userData = vi.hoisted(() => ({ dir: '' }))

vi.mock('electron', async () => {
  const crypto = await import('node:crypto')
  const keychainKey = crypto.randomBytes(32) // lives outside the data folder, as the OS keychain's does
  const encrypt = (plainText: string) => {
    const iv = crypto.randomBytes(12)
    const cipher = crypto.createCipheriv('aes-256-gcm', keychainKey, iv)
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()])
    return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), body])
  }
  const decrypt = (data: Buffer) => {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keychainKey, data.subarray(3, 15))
    decipher.setAuthTag(data.subarray(15, 31))
    return Buffer.concat([decipher.update(data.subarray(31)), decipher.final()]).toString('utf8')
  }
  const app = {
    getPath: (name: string) => (name === 'userData' ? userData.dir : tmpdir()),
    getVersion: () => '0.0.0-test',
    getName: () => 'POS Companion',
  }
  const safeStorage = {
    isEncryptionAvailable: () => true,
    isAsyncEncryptionAvailable: () => Promise.resolve(true),
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: encrypt,
    decryptString: decrypt,
    encryptStringAsync: (plainText: string) => Promise.resolve(encrypt(plainText)),
    decryptStringAsync: (data: Buffer) => Promise.resolve({ result: decrypt(data), shouldReEncrypt: false }),
  }
  const electron = { app, ipcMain: { on: () => undefined, handle: () => undefined }, shell: {}, safeStorage }
  return { default: electron, ...electron }
})

// electron-store loads the real `electron` package outside Vitest's module graph, where no stand-in reaches.
// Its constructor is a few lines over `conf` (the engine that reads and writes the file), repeated here as
// electron-store 11 has them: the same file name, folder and format as in the app.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf')
  class ElectronStore extends Conf {
    constructor(options: { name?: string } & Record<string, unknown> = {}) {
      const { name = 'config', ...rest } = options
      super({ ...rest, configName: name, projectVersion: '0.0.0-test', cwd: userData.dir })
    }
  }
  return { default: ElectronStore }
})

const { createElectronStore } = await import('./electron-store-adapter.ts')
const { createSafeStorageCipher } = await import('./safe-storage-cipher.ts')

const MISTYPED_SECRET = 'mistyped-rest-secret-5d20aa'

let dir: string
let mock: MockPlatform

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'electron-secrets-at-rest-'))
  userData.dir = join(dir, 'userData')
  mock = await startMockPlatform({ dataDir: join(dir, 'mock'), port: 0 })
})
afterAll(async () => {
  await mock.close()
  await rm(dir, { recursive: true, force: true })
})

/**
 * The bytes as written, plus every base64 run in them decoded: the keychain's cipher text is stored as base64,
 * so a cipher that did not encrypt would otherwise hide the secret from a plain byte search.
 */
function searchable(bytes: Buffer): Buffer {
  const runs = bytes.toString('latin1').match(/[A-Za-z0-9+/]{16,}={0,2}/g) ?? []
  return Buffer.concat([bytes, ...runs.map((run) => Buffer.from(run, 'base64'))])
}

describe('secrets at rest in the desktop app (D11)', () => {
  it('leaves no key and no access token in any file of the userData folder', async () => {
    // The fake keychain is a real cipher: what it writes does not contain what it was given.
    const probe = await (await import('electron')).safeStorage.encryptStringAsync('plain-probe')
    expect(probe.includes(Buffer.from('plain-probe'))).toBe(false)

    const redactor = new SecretRedactor()
    const log = createFileLog({ directory: join(userData.dir, 'logs'), redactor })
    const core: Core = await coreOnMock(mock, {
      shell: 'electron',
      store: createElectronStore(),
      journal: new FileJournal(join(userData.dir, HANDOVER_JOURNAL_FILE), log),
      cipher: await createSafeStorageCipher('linux'),
      log,
      secrets: redactor,
      recentLogLines: (count) => log.recentLines(count),
    })
    const call = (name: string, input?: unknown) => dispatch(core.handlers, name, input, log)
    const { app_secret_key: appSecret, rest_secret_key: restSecret } = DEMO_CREDENTIALS.vendor

    const refused = await call('signIn', {
      platformAddress: mock.baseUrl,
      appSecretKey: appSecret,
      restSecretKey: MISTYPED_SECRET,
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'wrong-credentials' } })
    const signIn = { platformAddress: mock.baseUrl, appSecretKey: appSecret, restSecretKey: restSecret }
    expect(await call('signIn', signIn)).toMatchObject({ ok: true })
    expect(await call('listBranches')).toMatchObject({ ok: true })
    expect(
      await call('addOrder', {
        text: DEMO_ORDER_IDS.kadikoyCashDelivery,
        courierType: 'restaurant',
        shippingMethod: 'delivery',
      }),
    ).toMatchObject({ ok: true })
    expect(await call('handOverOrder', { paymentKey: DEMO_ORDER_IDS.kadikoyCashDelivery })).toMatchObject({
      ok: true,
    })
    await mock.control.expireTokens()
    expect(await call('listBranches')).toMatchObject({ ok: true })
    await mock.control.injectFault({ route: 'branches', kind: 'token-rejected', times: 0 })
    expect(await call('listBranches')).toMatchObject({ ok: false, error: { code: 'signed-out' } })
    await mock.control.clearFaults()
    expect(await call('signInWithStoredCredentials')).toMatchObject({ ok: true })

    const issued = (await mock.control.listTokens()).map((token) => token.access_token)
    expect(issued.length).toBeGreaterThanOrEqual(3)
    const secrets = [appSecret, restSecret, MISTYPED_SECRET, ...issued]
    for (const secret of secrets) expect(await call(`probe-${secret}`)).toMatchObject({ ok: false })
    const diagnostics = await call('getDiagnostics')
    expect(diagnostics).toMatchObject({ ok: true })
    core.dispose()

    const files = await filesUnder(userData.dir)
    const names = files.map((file) => file.path.slice(userData.dir.length + 1))
    expect(names).toEqual(
      expect.arrayContaining(['settings.json', HANDOVER_JOURNAL_FILE, join('logs', 'main.log')]),
    )
    // Not vacuous: the keys are stored (encrypted) in electron-store's file, and the log saw the probes.
    const settingsFile = files.find((file) => file.path.endsWith('settings.json'))?.bytes.toString('utf8')
    expect(settingsFile).toContain(mock.baseUrl)
    const logText = files.find((file) => file.path.endsWith('main.log'))?.bytes.toString('utf8') ?? ''
    expect(logText).toContain(`dispatch: refused an unknown call {"call":"probe-${REDACTED}"}`)

    const bundle = JSON.stringify(diagnostics)
    for (const secret of secrets) {
      for (const file of files) {
        expect({
          file: file.path,
          found: searchable(file.bytes).includes(Buffer.from(secret, 'utf8')),
        }).toEqual({
          file: file.path,
          found: false,
        })
      }
      expect(bundle).not.toContain(secret)
    }
  })
})
