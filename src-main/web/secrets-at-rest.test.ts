// D11 on disk: a real web-mode process signs in to the mock platform, works, meets a 401 and re-logs in, fails
// in several ways, and is even sent the secrets inside requests that get logged; then every file in its data
// folder (the rotating logs, settings.json, the key file) is read as bytes and searched for the app secret, the
// restaurant secret, a mistyped secret, every access token the mock issued, and the launch token.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { DEMO_CREDENTIALS, DEMO_ORDER_IDS } from '../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../e2e/mock-platform/server.ts'
import { REDACTED } from '../core/logging/secret-redactor.ts'
import { messagesOf, openBridgeSocket } from '../../test-support/web/clients.ts'
import { filesUnder } from '../../test-support/core/files-under.ts'
import { killWebMains, runWebMain } from '../../test-support/web/run-web-main.ts'

const MISTYPED_SECRET = 'mistyped-rest-secret-91c4e7'

let dir: string
let dataDir: string
let mock: MockPlatform

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'secrets-at-rest-'))
  dataDir = join(dir, 'data')
  await mkdir(join(dir, 'renderer'))
  await writeFile(
    join(dir, 'renderer', 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  )
  mock = await startMockPlatform({ dataDir: join(dir, 'mock'), port: 0 })
})
afterAll(async () => {
  killWebMains()
  await mock.close()
  await rm(dir, { recursive: true, force: true })
})

function bridge(socket: WebSocket) {
  const messages = messagesOf(socket)
  let nextId = 1
  return async (
    call: string,
    input?: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: unknown }> => {
    const id = nextId++
    socket.send(JSON.stringify({ id, call, input }))
    const answer = (await messages.answerTo(id)) as {
      result: { ok: boolean; value?: unknown; error?: unknown }
    }
    return answer.result
  }
}

describe('secrets at rest (D11)', () => {
  it('leaves no key, no access token and no launch token in any file of the data folder', async () => {
    const web = runWebMain([
      ...['--port', '0', '--data-dir', dataDir, '--renderer-dir', join(dir, 'renderer')],
      ...['--api-base', mock.baseUrl, '--extra-ca', join(dir, 'mock', 'ca.pem')],
    ])
    const { port, token: launchToken } = await web.ready()

    const opened = await openBridgeSocket(port, { token: launchToken })
    if (!opened.socket) throw new Error('upgrade refused')
    const call = bridge(opened.socket)
    const { app_secret_key: appSecret, rest_secret_key: restSecret } = DEMO_CREDENTIALS.vendor

    // A mistyped key first: refused by the platform, and still a secret (it is most of the real one).
    const refused = await call('signIn', {
      platformAddress: mock.baseUrl,
      appSecretKey: appSecret,
      restSecretKey: MISTYPED_SECRET,
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'wrong-credentials' } })
    expect(
      await call('signIn', {
        platformAddress: mock.baseUrl,
        appSecretKey: appSecret,
        restSecretKey: restSecret,
      }),
    ).toMatchObject({ ok: true })
    expect(await call('listBranches')).toMatchObject({ ok: true })
    expect(await call('getMethods', { forceRefresh: true })).toMatchObject({ ok: true })
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

    // A 401 on an expired token: one re-login, a second token.
    await mock.control.expireTokens()
    expect(await call('listBranches')).toMatchObject({ ok: true })
    // Failures: a 5xx, and a platform that refuses even a fresh token (signed out), then stored keys again.
    await mock.control.injectFault({ route: 'variables', kind: 'status', status: 500, times: 0 })
    expect(await call('getMethods', { forceRefresh: true })).toMatchObject({
      ok: false,
      error: { code: 'server-error' },
    })
    await mock.control.injectFault({ route: 'branches', kind: 'token-rejected', times: 0 })
    expect(await call('listBranches')).toMatchObject({ ok: false, error: { code: 'signed-out' } })
    await mock.control.clearFaults()
    expect(await call('signInWithStoredCredentials')).toMatchObject({ ok: true })

    const issued = (await mock.control.listTokens()).map((token) => token.access_token)
    expect(issued.length).toBeGreaterThanOrEqual(3)
    const secrets = [appSecret, restSecret, MISTYPED_SECRET, launchToken, ...issued]

    // Hostile requests that get logged (the call's name is), carrying every secret: each must come out redacted.
    for (const secret of secrets) expect(await call(`probe-${secret}`)).toMatchObject({ ok: false })

    const diagnostics = await call('getDiagnostics')
    expect(diagnostics).toMatchObject({ ok: true })
    const bundle = JSON.stringify(diagnostics.value)
    expect(bundle).toContain(REDACTED)

    opened.socket.terminate()
    web.process.kill('SIGTERM')
    expect(await web.exited).toBe(0)

    const files = await filesUnder(dataDir)
    const names = files.map((file) => file.path.slice(dataDir.length + 1))
    expect(names).toEqual(expect.arrayContaining(['settings.json', join('logs', 'main.log')]))
    const log = files.find((file) => file.path.endsWith('main.log'))?.bytes.toString('utf8') ?? ''
    // Not vacuous: the log saw the probes (redacted), the sign-in, the failures.
    expect(log).toContain(`dispatch: refused an unknown call {"call":"probe-${REDACTED}"}`)

    for (const secret of secrets) {
      for (const file of files) {
        expect({ file: file.path, found: file.bytes.includes(Buffer.from(secret, 'utf8')) }).toEqual({
          file: file.path,
          found: false,
        })
      }
      expect(bundle).not.toContain(secret)
      expect(web.stderr()).not.toContain(secret)
    }
  })
})
