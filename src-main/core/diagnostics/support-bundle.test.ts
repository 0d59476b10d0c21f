import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, DEMO_ORDER_IDS } from '../../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../../e2e/mock-platform/server.ts'
import { Diagnostics } from '../../../src-shared/contract.ts'
import type { BoardOrder, SessionStatus } from '../../../src-shared/domain.ts'
import { createFileLog } from '../logging/file-log.ts'
import { REDACTED, SecretRedactor } from '../logging/secret-redactor.ts'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain.ts'
import { collectSupportBundle, SUPPORT_LOG_LINES } from './support-bundle.ts'
import { coreOnMock } from '../../../test-support/core/core-on-mock.ts'

const signedOut: SessionStatus = {
  state: 'signed-out',
  reason: 'never-signed-in',
  credentialsStored: true,
  secretStorage: 'os-keychain',
  platformAddress: null,
}
const order = (paymentKey: string, handover: BoardOrder['handover']): BoardOrder => ({
  paymentKey,
  addedAt: '2026-11-21T12:00:00.000Z',
  handover,
})

describe('collectSupportBundle', () => {
  it('counts the orders by hand-over state and keeps facts about secrets (not secrets) readable', async () => {
    const redaction = new SecretRedactor()
    const bundle = await collectSupportBundle({
      appInfo: { name: 'POS Companion', version: '1.2.3', shell: 'web' },
      settings: { ...DEFAULT_SETTINGS, allowWeakSecretStorage: true },
      session: signedOut,
      orders: [
        order('a', { state: 'none' }),
        order('b', { state: 'handed-over', at: '2026-11-21T12:01:00.000Z' }),
        order('c', { state: 'none' }),
      ],
      recentLogLines: (count) => Promise.resolve([`asked for ${String(count)}`]),
      now: Date.UTC(2026, 10, 21, 12, 5),
      redaction,
    })
    expect(bundle).toMatchObject({
      generatedAt: '2026-11-21T12:05:00.000Z',
      app: { version: '1.2.3', shell: 'web' },
      runtime: { node: process.versions.node },
      settings: { allowWeakSecretStorage: true },
      session: { secretStorage: 'os-keychain', credentialsStored: true },
      orders: { total: 3, byHandoverState: { none: 2, 'handed-over': 1 } },
      recentLogLines: [`asked for ${String(SUPPORT_LOG_LINES)}`],
    })
    expect(bundle.runtime.electron).toBeUndefined()
  })

  it('redacts a registered secret wherever it slipped in, and survives an unreadable log', async () => {
    const redaction = new SecretRedactor()
    redaction.register('slipped-token-123456')
    const bundle = await collectSupportBundle({
      appInfo: { name: 'POS Companion', version: '1', shell: 'web' },
      settings: DEFAULT_SETTINGS,
      session: {
        ...signedOut,
        error: { code: 'platform-refused', retryable: false, platformMessage: 'bad slipped-token-123456' },
      },
      orders: [],
      recentLogLines: () => Promise.reject(new Error('EACCES slipped-token-123456')),
      now: 0,
      redaction,
    })
    const text = JSON.stringify(bundle)
    expect(text).not.toContain('slipped-token-123456')
    expect(text).toContain(REDACTED)
    expect(bundle.recentLogLines).toEqual(['[the log could not be read: Error]'])
  })
})

describe('getDiagnostics on the real core, signed in to the mock platform', () => {
  let mock: MockPlatform
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'support-bundle-'))
    mock = await startMockPlatform({ dataDir: join(dir, 'mock'), port: 0 })
  })
  afterAll(async () => {
    await mock.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('answers a bundle within the contract that holds no key and no token', async () => {
    const redactor = new SecretRedactor()
    const log = createFileLog({ directory: join(dir, 'logs'), redactor })
    const core = await coreOnMock(mock, {
      log,
      secrets: redactor,
      recentLogLines: (count) => log.recentLines(count),
    })
    const { app_secret_key, rest_secret_key } = DEMO_CREDENTIALS.vendor
    const signIn = await core.handlers.signIn({
      platformAddress: mock.baseUrl,
      appSecretKey: app_secret_key,
      restSecretKey: rest_secret_key,
    })
    expect(signIn.ok).toBe(true)
    await core.handlers.addOrder({ text: DEMO_ORDER_IDS.kadikoyCashDelivery })
    // A line that would carry the token, to show the bundle's log lines are redacted.
    const [token] = (await mock.control.listTokens()).map((info) => info.access_token)
    log.warn(`test: pretend a token leaked ${token ?? ''}`)

    const result = await core.handlers.getDiagnostics(undefined)
    if (!result.ok) throw new Error(`expected a bundle, got ${result.error.code}`)
    expect(Diagnostics.safeParse(result.value).success).toBe(true)
    expect(result.value).toMatchObject({
      session: { state: 'signed-in', platformAddress: mock.baseUrl },
      orders: { total: 1, byHandoverState: { none: 1 } },
    })
    expect(result.value.recentLogLines.at(-1)).toContain(`pretend a token leaked ${REDACTED}`)
    const text = JSON.stringify(result.value)
    for (const secret of [app_secret_key, rest_secret_key, token ?? 'no token issued']) {
      expect(text).not.toContain(secret)
    }
    core.dispose()
  })
})
