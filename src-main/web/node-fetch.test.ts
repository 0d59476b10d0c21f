import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { TestCertificates } from '../../test-support/core/local-https-server.ts'
import type { LocalHttpsServer } from '../../test-support/core/local-https-server.ts'
import {
  ensureTestCertificates,
  sendJson,
  startLocalHttpsServer,
} from '../../test-support/core/local-https-server.ts'
import { createNodeFetch } from './node-fetch.ts'

let dataDir: string
let certificates: TestCertificates
let server: LocalHttpsServer

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'node-fetch-'))
  certificates = await ensureTestCertificates(dataDir)
  server = await startLocalHttpsServer(certificates)
  server.handle((request, res) => sendJson(res, 200, { method: request.method, body: request.body }))
})

afterAll(async () => {
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('createNodeFetch', () => {
  it('trusts the extra CA and passes a Request through whole', async () => {
    const nodeFetch = createNodeFetch({ extraCaPem: certificates.caPem })
    const request = new Request(`${server.origin}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'pos-companion/test' },
      body: '{"a":"ç"}',
    })
    const response = await nodeFetch(request)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ method: 'POST', body: '{"a":"ç"}' })
    const recorded = server.requests.at(-1)
    expect(recorded?.headers['user-agent']).toBe('pos-companion/test')
    expect(recorded?.headers['content-length']).toBe(String(Buffer.byteLength('{"a":"ç"}')))
  })

  it('refuses a private CA that was not configured', async () => {
    const error: unknown = await createNodeFetch()(`${server.origin}/echo`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    const cause = (error as { cause?: { code?: string } }).cause
    expect(cause?.code).toMatch(
      /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER/,
    )
  })
})
