// One platform client per platform address and extra CA: what each client is built with, and when it is rebuilt.
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestCertificates } from '../../../test-support/core/local-https-server.ts'
import { ensureTestCertificates } from '../../../test-support/core/local-https-server.ts'
import { PlatformClients } from './platform-clients.ts'

let dir: string
let certificates: TestCertificates

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'platform-clients-'))
  certificates = await ensureTestCertificates(dir)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const OK = JSON.stringify({ status: true, data: 'OK' })

/** PlatformClients over a settings value the test changes, recording every fetch it is asked to build. */
function clientsWith(settings: { extraCaFile?: string }) {
  const built: (string | undefined)[] = []
  const requests: Request[] = []
  const clients = new PlatformClients({
    settings: { get: () => settings as never },
    appVersion: '1.2.3',
    redactText: (text) => `[${text}]`,
    createFetch: (extraCaPem) => {
      built.push(extraCaPem)
      return (input, init) => {
        requests.push(new Request(input, init))
        return Promise.resolve(
          new Response(requests.length === 1 ? OK : JSON.stringify({ status: false, error: 'olmaz' }), {
            status: requests.length === 1 ? 200 : 409,
          }),
        )
      }
    },
    tuning: { timeoutMs: 1000, retry: { limit: 0, baseDelayMs: 0, maxDelayMs: 0 } },
  })
  return { clients, built, requests }
}

describe('PlatformClients', () => {
  it('builds a client for the address, with the app version as User-Agent and the redactor', async () => {
    const { clients, built, requests } = clientsWith({})
    const client = await clients.clientFor('https://platform.example/integrations')
    await client.markOnTheWay('t', 'k')
    expect(requests[0]?.url).toBe('https://platform.example/integrations/orders/ontheway/k')
    expect(requests[0]?.headers.get('user-agent')).toBe('pos-companion/1.2.3')
    expect(built).toEqual([undefined])
    // The platform's words reach the error through the redactor it was given (D11).
    const refused = await client.markOnTheWay('t', 'k').catch((error: unknown) => error)
    expect(refused).toMatchObject({ appError: { code: 'platform-refused', platformError: '[olmaz]' } })
  })

  it('keeps one client per address, and builds another for another address', async () => {
    const { clients, built } = clientsWith({})
    const first = await clients.clientFor('https://a.example/integrations')
    expect(await clients.clientFor('https://a.example/integrations')).toBe(first)
    expect(await clients.clientFor('https://b.example/integrations')).not.toBe(first)
    expect(built).toHaveLength(2)
  })

  it('builds its fetch with the extra CA read from the file the settings name', async () => {
    const settings: { extraCaFile?: string } = { extraCaFile: certificates.caFile }
    const { clients, built } = clientsWith(settings)
    const withCa = await clients.clientFor('https://a.example/integrations')
    expect(built[0]?.trim()).toBe(certificates.caPem.trim())
    // Another CA file, even with the same certificates: another client.
    const copy = path.join(dir, 'copy-of-ca.pem')
    await copyFile(certificates.caFile, copy)
    settings.extraCaFile = copy
    const withCopy = await clients.clientFor('https://a.example/integrations')
    expect(withCopy).not.toBe(withCa)
    // The CA setting changed without a clear(): still a client of its own, without the CA.
    delete settings.extraCaFile
    expect(await clients.clientFor('https://a.example/integrations')).not.toBe(withCopy)
    expect(built).toEqual([built[0], built[0], undefined])
  })

  it('keeps one client per account, even for the same address and CA', async () => {
    const { clients, built } = clientsWith({})
    const first = await clients.clientFor('https://a.example/integrations', { account: 'a' })
    expect(await clients.clientFor('https://a.example/integrations', { account: 'a' })).toBe(first)
    expect(await clients.clientFor('https://a.example/integrations', { account: 'b' })).not.toBe(first)
    expect(built).toHaveLength(2)
  })

  it("builds an account's client with the account's own CA setting, none included, over Settings' CA", async () => {
    const { clients, built } = clientsWith({ extraCaFile: certificates.caFile })
    await clients.clientFor('https://a.example/integrations', { account: 'a', extraCaFile: null })
    expect(built).toEqual([undefined])
  })

  it('builds new clients after clear()', async () => {
    const { clients, built } = clientsWith({})
    const first = await clients.clientFor('https://a.example/integrations')
    clients.clear()
    expect(await clients.clientFor('https://a.example/integrations')).not.toBe(first)
    expect(built).toHaveLength(2)
  })
})
