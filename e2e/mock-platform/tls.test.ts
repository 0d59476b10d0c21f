import './reflect-metadata.ts'

import { generateKeyPairSync, webcrypto } from 'node:crypto'
import { readFile, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

import * as x509 from '@peculiar/x509'
import { Agent, fetch } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'

import { startMockPlatform } from './server.ts'
import { makeTempDir } from '../../test-support/mock-platform/test-platform.ts'
import { ensureTestCertificates } from './tls.ts'

const DAY = 24 * 60 * 60 * 1000
const dirs: string[] = []

async function freshDir() {
  const dir = await makeTempDir('tls')
  dirs.push(dir)
  return dir
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

const readAll = async (dir: string) => ({
  ca: await readFile(path.join(dir, 'ca.pem'), 'utf8'),
  cert: await readFile(path.join(dir, 'server.pem'), 'utf8'),
  key: await readFile(path.join(dir, 'server-key.pem'), 'utf8'),
})

describe('ensureTestCertificates', () => {
  it('creates a CA and a server certificate for 127.0.0.1 and localhost, with a private key file', async () => {
    const dir = await freshDir()
    const created = await ensureTestCertificates(dir)
    expect(created.caFile).toBe(path.join(dir, 'ca.pem'))
    const files = await readAll(dir)
    expect(files).toEqual({ ca: created.caPem, cert: created.certPem, key: created.keyPem })
    expect((await stat(path.join(dir, 'server-key.pem'))).mode & 0o777).toBe(0o600)

    const ca = new x509.X509Certificate(created.caPem)
    expect(ca.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(true)
    const caUsages = ca.getExtension(x509.KeyUsagesExtension)?.usages ?? 0
    expect(caUsages & x509.KeyUsageFlags.keyCertSign).toBeTruthy()

    const cert = new x509.X509Certificate(created.certPem)
    expect(cert.issuer).toBe(ca.subject)
    expect(cert.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(false)
    const names = cert.getExtension(x509.SubjectAlternativeNameExtension)?.names.toJSON()
    expect(names).toEqual(
      expect.arrayContaining([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
    )
    expect(cert.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    expect(await cert.verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true)
    expect(cert.notAfter.getTime()).toBeGreaterThan(Date.now() + 30 * DAY)
  })

  it('reuses valid files byte for byte', async () => {
    const dir = await freshDir()
    const first = await ensureTestCertificates(dir)
    const second = await ensureTestCertificates(dir)
    expect(second).toEqual(first)
  })

  it.each([
    ['a file is missing', (dir: string) => unlink(path.join(dir, 'server.pem'))],
    [
      'the certificate is corrupt',
      (dir: string) => writeFile(path.join(dir, 'server.pem'), 'not a certificate'),
    ],
    [
      'the key is corrupt',
      (dir: string) => writeFile(path.join(dir, 'server-key.pem'), '-----BEGIN garbage'),
    ],
    [
      'the key does not belong to the certificate',
      (dir: string) =>
        writeFile(
          path.join(dir, 'server-key.pem'),
          generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
            type: 'pkcs8',
            format: 'pem',
          }),
        ),
    ],
  ])('regenerates everything when %s', async (_case, damage) => {
    const dir = await freshDir()
    const first = await ensureTestCertificates(dir)
    await damage(dir)
    const second = await ensureTestCertificates(dir)
    expect(second.caPem).not.toBe(first.caPem)
    expect(second.certPem).not.toBe(first.certPem)
    expect(await readAll(dir)).toEqual({ ca: second.caPem, cert: second.certPem, key: second.keyPem })
    expect(await ensureTestCertificates(dir)).toEqual(second)
  })

  it('reuses a consistent set it did not make itself (the control for the crafted cases below)', async () => {
    const dir = await freshDir()
    const crafted = await writeCraftedSet(dir, {})
    expect((await ensureTestCertificates(dir)).caPem).toBe(crafted.caPem)
  })

  it.each([
    ['the server certificate lacks the IP SAN', { sans: [{ type: 'dns', value: 'localhost' }] }],
    ['the server certificate lacks the DNS SAN', { sans: [{ type: 'ip', value: '127.0.0.1' }] }],
    ['the CA is not marked as a CA', { caIsCa: false }],
    ['the CA may not sign certificates', { caKeyUsage: x509.KeyUsageFlags.digitalSignature }],
    ['the server certificate is not signed by the CA', { signWithOtherKey: true }],
  ] as const)('regenerates a consistent set when %s', async (_case, flaw) => {
    const dir = await freshDir()
    const crafted = await writeCraftedSet(dir, flaw)
    expect((await ensureTestCertificates(dir)).caPem).not.toBe(crafted.caPem)
  })

  it('regenerates certificates that expire within 7 days, but not earlier', async () => {
    const dir = await freshDir()
    const first = await ensureTestCertificates(dir)
    const notAfter = new x509.X509Certificate(first.certPem).notAfter.getTime()
    const stillFine = await ensureTestCertificates(dir, { now: new Date(notAfter - 8 * DAY) })
    expect(stillFine.caPem).toBe(first.caPem)
    const renewed = await ensureTestCertificates(dir, { now: new Date(notAfter - 6 * DAY) })
    expect(renewed.caPem).not.toBe(first.caPem)
  })
})

interface Flaws {
  sans?: readonly x509.JsonGeneralName[]
  caIsCa?: boolean
  caKeyUsage?: x509.KeyUsageFlags
  signWithOtherKey?: boolean
}

/** Writes a CA, server certificate and key that are consistent except for the given flaws. */
async function writeCraftedSet(dir: string, flaws: Flaws) {
  const subtle = webcrypto.subtle
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' }
  const signing = { name: 'ECDSA', hash: 'SHA-256' }
  const caKeys = await subtle.generateKey(algorithm, true, ['sign', 'verify'])
  const otherKeys = await subtle.generateKey(algorithm, true, ['sign', 'verify'])
  const serverKeys = await subtle.generateKey(algorithm, true, ['sign', 'verify'])
  const notBefore = new Date(Date.now() - DAY)
  const notAfter = new Date(Date.now() + 100 * DAY)
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    name: 'CN=Crafted CA',
    notBefore,
    notAfter,
    signingAlgorithm: signing,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(flaws.caIsCa ?? true, undefined, true),
      new x509.KeyUsagesExtension(flaws.caKeyUsage ?? x509.KeyUsageFlags.keyCertSign, true),
    ],
  })
  const cert = await x509.X509CertificateGenerator.create({
    subject: 'CN=localhost',
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingAlgorithm: signing,
    publicKey: serverKeys.publicKey,
    signingKey: flaws.signWithOtherKey ? otherKeys.privateKey : caKeys.privateKey,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        ...(flaws.sans ?? [
          { type: 'ip', value: '127.0.0.1' },
          { type: 'dns', value: 'localhost' },
        ]),
      ]),
    ],
  })
  const caPem = ca.toString('pem')
  const keyPem = x509.PemConverter.encode(
    await subtle.exportKey('pkcs8', serverKeys.privateKey),
    'PRIVATE KEY',
  )
  await writeFile(path.join(dir, 'ca.pem'), caPem)
  await writeFile(path.join(dir, 'server.pem'), cert.toString('pem'))
  await writeFile(path.join(dir, 'server-key.pem'), keyPem, { mode: 0o600 })
  return { caPem }
}

describe('the server across restarts', () => {
  it('keeps the same CA, and a client trusting it keeps working', async () => {
    const dir = await freshDir()
    const first = await startMockPlatform({ dataDir: dir })
    const firstCa = first.caPem
    await first.close()
    const second = await startMockPlatform({ dataDir: dir })
    try {
      expect(second.caPem).toBe(firstCa)
      expect(await readFile(second.caFile, 'utf8')).toBe(firstCa)
      const dispatcher = new Agent({ connect: { ca: firstCa } })
      const response = await fetch(`${second.baseUrl}/orders/variables`, { dispatcher })
      expect(response.status).toBe(401)
      await dispatcher.close()
    } finally {
      await second.close()
    }
  })
})
