import { X509Certificate } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Certificate } from 'electron'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureTestCertificates } from '../../e2e/mock-platform/tls.ts'

vi.mock('electron', () => ({ net: { fetch: vi.fn() } }))
const { chainsToExtraCa, installPlatformFetch } = await import('./net-fetch.ts')

let dirs: string[] = []
let mine: Awaited<ReturnType<typeof ensureTestCertificates>>
let other: Awaited<ReturnType<typeof ensureTestCertificates>>

beforeAll(async () => {
  dirs = [await mkdtemp(join(tmpdir(), 'ca-a-')), await mkdtemp(join(tmpdir(), 'ca-b-'))]
  mine = await ensureTestCertificates(dirs[0] as string)
  other = await ensureTestCertificates(dirs[1] as string)
})
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

/** Electron hands the verify procedure the server's chain as linked Certificate objects. */
function chainOf(leafPem: string): Certificate {
  return { data: leafPem } as unknown as Certificate
}

describe('trusting the extra CA (D8)', () => {
  it('accepts a server certificate issued by the configured CA for the host it names', () => {
    const ca = new X509Certificate(mine.caPem)
    expect(chainsToExtraCa(chainOf(mine.certPem), '127.0.0.1', ca)).toBe(true)
    expect(chainsToExtraCa(chainOf(mine.certPem), 'localhost', ca)).toBe(true)
  })

  it('refuses a certificate for another host, or from another CA', () => {
    expect(
      chainsToExtraCa(chainOf(mine.certPem), 'platform.example.com', new X509Certificate(mine.caPem)),
    ).toBe(false)
    expect(chainsToExtraCa(chainOf(other.certPem), '127.0.0.1', new X509Certificate(mine.caPem))).toBe(false)
  })

  it("keeps Chromium's verdict unless Chromium refused and an extra CA vouches for the chain", () => {
    let verify: ((request: unknown, callback: (verdict: number) => void) => void) | undefined
    const session = { setCertificateVerifyProc: (proc: typeof verify) => (verify = proc) }
    const createFetch = installPlatformFetch(session as never)
    const verdictFor = (request: object) => {
      let verdict: number | undefined
      verify?.(request, (value) => (verdict = value))
      return verdict
    }
    const refusedByChromium = { errorCode: -202, hostname: '127.0.0.1', certificate: chainOf(mine.certPem) }
    createFetch(undefined)
    expect(verdictFor(refusedByChromium)).toBe(-3)
    createFetch(mine.caPem)
    expect(verdictFor(refusedByChromium)).toBe(0)
    expect(verdictFor({ ...refusedByChromium, hostname: 'evil.example' })).toBe(-3)
    expect(verdictFor({ errorCode: 0, hostname: '127.0.0.1', certificate: chainOf(mine.certPem) })).toBe(-3)
  })
})
