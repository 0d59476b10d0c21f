import { X509Certificate } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Certificate } from 'electron'
import { daysFromNow, forge, type Forged } from '../../test-support/core/forge-certificates.ts'

const netFetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() =>
  Promise.resolve(new Response('{}')),
)
vi.mock('electron', () => ({ net: { fetch: netFetch } }))
const { chainsToExtraCa, installPlatformFetch } = await import('./net-fetch.ts')

/** The chain as Electron hands it to a verify procedure: the leaf, each linked to the next by `issuerCert`. */
export function electronChain(...certificates: Forged[]): Certificate {
  let next: Certificate | undefined
  for (const certificate of [...certificates].reverse()) {
    next = { data: certificate.pem, ...(next ? { issuerCert: next } : {}) } as unknown as Certificate
  }
  if (!next) throw new Error('a chain needs at least one certificate')
  return next
}

const HOST = 'platform.example.com'
let ca: Forged
let intermediate: Forged
let leaf: Forged

beforeAll(async () => {
  ca = await forge({ name: 'Restaurant CA', isCa: true })
  intermediate = await forge({ name: 'Restaurant Issuing CA', isCa: true, issuer: ca })
  leaf = await forge({ name: HOST, hosts: [HOST, '127.0.0.1'], issuer: intermediate })
})

const trusts = (chain: Forged[], host = HOST, anchor: Forged = ca) =>
  chainsToExtraCa(electronChain(...chain), host, [new X509Certificate(anchor.pem)])

describe('trusting the extra CA (D8)', () => {
  it('accepts a leaf for the host issued by the CA, directly or through a CA intermediate', async () => {
    const direct = await forge({ name: HOST, hosts: [HOST], issuer: ca })
    expect(trusts([direct])).toBe(true)
    expect(trusts([direct, ca])).toBe(true)
    expect(trusts([leaf, intermediate])).toBe(true)
    expect(trusts([leaf, intermediate, ca])).toBe(true)
    expect(trusts([leaf, intermediate], '127.0.0.1')).toBe(true)
  })

  it('refuses a self-signed leaf for the host sent together with a certificate the CA issued', async () => {
    const selfSigned = await forge({ name: HOST, hosts: [HOST] })
    const issuedByCa = await forge({ name: 'shop.example', hosts: ['shop.example'], issuer: ca })
    expect(trusts([selfSigned, issuedByCa])).toBe(false)
    expect(trusts([selfSigned, intermediate])).toBe(false)
  })

  it('refuses a leaf that names another host', () => {
    expect(trusts([leaf, intermediate], 'evil.example')).toBe(false)
  })

  it('refuses a chain through an expired intermediate', async () => {
    const expired = await forge({
      name: 'Old Issuing CA',
      isCa: true,
      issuer: ca,
      notBefore: daysFromNow(-60),
      notAfter: daysFromNow(-1),
    })
    const issued = await forge({ name: HOST, hosts: [HOST], issuer: expired })
    expect(trusts([issued, expired])).toBe(false)
  })

  it('refuses a chain through an intermediate that is not a CA', async () => {
    const notCa = await forge({ name: 'shop.example', hosts: ['shop.example'], issuer: ca })
    const issued = await forge({ name: HOST, hosts: [HOST], issuer: notCa })
    expect(trusts([issued, notCa])).toBe(false)
  })

  // Issue 23.1: the test above passes on key usage alone (OpenSSL refuses an issuer without keyCertSign before
  // basicConstraints is read). These two may sign certificates as far as OpenSSL's issuer check goes: only the
  // CA:TRUE check refuses them.
  it.each([
    ['marked CA:FALSE with keyCertSign', { isCa: false, keyCertSign: true }],
    ['with no extensions at all', { noExtensions: true }],
  ])('refuses a chain through an intermediate %s', async (_name, shape) => {
    const notCa = await forge({ name: 'Restaurant Issuing CA 2', issuer: ca, ...shape })
    const issued = await forge({ name: HOST, hosts: [HOST], issuer: notCa })
    expect(new X509Certificate(issued.pem).checkIssued(new X509Certificate(notCa.pem))).toBe(true)
    expect(trusts([issued, notCa])).toBe(false)
    expect(trusts([issued, notCa, ca])).toBe(false)
  })

  it.each([
    ['marked CA:FALSE with keyCertSign', { isCa: false, keyCertSign: true }],
    ['with no extensions at all', { noExtensions: true }],
  ])('refuses any chain when the CA file holds a certificate %s', async (_name, shape) => {
    const notCa = await forge({ name: 'Not Really A CA', ...shape })
    const issued = await forge({ name: HOST, hosts: [HOST], issuer: notCa })
    expect(new X509Certificate(issued.pem).checkIssued(new X509Certificate(notCa.pem))).toBe(true)
    expect(trusts([issued], HOST, notCa)).toBe(false)
    expect(trusts([issued, notCa], HOST, notCa)).toBe(false)
  })

  it('refuses a leaf not signed by the certificate that follows it, even when the names match', async () => {
    // Same subject as the real intermediate, another key: the name alone must not link the chain.
    const lookAlike = await forge({ name: 'Restaurant Issuing CA', isCa: true })
    const issued = await forge({ name: HOST, hosts: [HOST], issuer: lookAlike })
    expect(trusts([issued, intermediate])).toBe(false)
  })

  it('refuses an expired leaf, and any chain when the CA itself has expired or is not a CA', async () => {
    const expiredLeaf = await forge({
      name: HOST,
      hosts: [HOST],
      issuer: ca,
      notBefore: daysFromNow(-60),
      notAfter: daysFromNow(-1),
    })
    expect(trusts([expiredLeaf])).toBe(false)
    const oldCa = await forge({
      name: 'Old CA',
      isCa: true,
      notAfter: daysFromNow(-1),
      notBefore: daysFromNow(-9),
    })
    expect(trusts([await forge({ name: HOST, hosts: [HOST], issuer: oldCa })], HOST, oldCa)).toBe(false)
    const plain = await forge({ name: 'Not a CA' })
    expect(trusts([await forge({ name: HOST, hosts: [HOST], issuer: plain })], HOST, plain)).toBe(false)
  })

  it('refuses a chain from another CA', async () => {
    const otherCa = await forge({ name: 'Other CA', isCa: true })
    expect(trusts([leaf, intermediate], HOST, otherCa)).toBe(false)
  })
})

describe('the certificate verify procedure', () => {
  function install() {
    let verify: ((request: unknown, callback: (verdict: number) => void) => void) | undefined
    const session = { setCertificateVerifyProc: (proc: typeof verify) => (verify = proc) }
    const createFetch = installPlatformFetch(session as never)
    const verdictFor = (hostname: string, errorCode = -202) => {
      let verdict: number | undefined
      verify?.(
        { errorCode, hostname, certificate: electronChain(leaf, intermediate) },
        (value) => (verdict = value),
      )
      return verdict
    }
    return { createFetch, verdictFor }
  }

  it("keeps Chromium's verdict unless Chromium refused and the extra CA vouches for the platform's host", async () => {
    const { createFetch, verdictFor } = install()
    await createFetch(undefined)(`https://${HOST}/integrations/auth/login`)
    expect(verdictFor(HOST)).toBe(-3)
    await createFetch(ca.pem)(`https://${HOST}/integrations/auth/login`)
    expect(verdictFor(HOST)).toBe(0)
    expect(verdictFor(HOST, 0)).toBe(-3)
  })

  it('applies the extra CA only to the host the platform calls go to', async () => {
    const { createFetch, verdictFor } = install()
    const platformFetch = createFetch(ca.pem)
    // The leaf also names 127.0.0.1, but no platform call went there: another page of the session must not
    // ride on the private CA.
    expect(verdictFor(HOST)).toBe(-3)
    await platformFetch(new URL(`https://${HOST}/integrations/orders`))
    expect(verdictFor(HOST)).toBe(0)
    expect(verdictFor('127.0.0.1')).toBe(-3)
    expect(netFetch).toHaveBeenLastCalledWith(`https://${HOST}/integrations/orders`, undefined)
  })
})
