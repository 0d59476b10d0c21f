import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forge } from '../../../test-support/core/forge-certificates.ts'
import type { TestCertificates } from '../../../test-support/core/local-https-server.ts'
import { ensureTestCertificates } from '../../../test-support/core/local-https-server.ts'
import { EXTRA_CA_MAX_BYTES, readExtraCa } from './extra-ca-file.ts'

let dir: string
let certificates: TestCertificates

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'extra-ca-'))
  certificates = await ensureTestCertificates(dir)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function fileWith(name: string, content: string): Promise<string> {
  const file = path.join(dir, name)
  await writeFile(file, content)
  return file
}

/** What readExtraCa throws: an AppFailure whose problem tells the staff what to fix. */
async function problemOf(reading: Promise<unknown>): Promise<unknown> {
  const failure: unknown = await reading.then(
    () => undefined,
    (error: unknown) => error,
  )
  return (failure as { appError?: { problem?: string } } | undefined)?.appError?.problem
}

describe('readExtraCa (D8): the one reader of the extra CA file, in both shells', () => {
  it('returns the CA certificates of a PEM file', async () => {
    const pem = await readExtraCa(certificates.caFile)
    expect(pem.trim()).toBe(certificates.caPem.trim())
  })

  it('keeps several CA certificates and drops the text around them', async () => {
    const second = await forge({ name: 'Second CA', isCa: true })
    const file = await fileWith(
      'bundle.pem',
      `Bag Attributes: x\n${certificates.caPem}\n# note\n${second.pem}`,
    )
    const pem = await readExtraCa(file)
    expect(pem).toBe(`${certificates.caPem.trim()}\n${second.pem.trim()}\n`)
  })

  it('refuses a file that also holds a private key', async () => {
    const file = await fileWith('with-key.pem', `${certificates.caPem}\n${certificates.keyPem}`)
    expect(await problemOf(readExtraCa(file))).toBe('ca-file-has-key')
  })

  it('refuses a file without a certificate, or with a block that is not X.509', async () => {
    expect(await problemOf(readExtraCa(await fileWith('empty.pem', 'hello')))).toBe('ca-file-not-pem')
    const broken = await fileWith(
      'broken.pem',
      '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n',
    )
    expect(await problemOf(readExtraCa(broken))).toBe('ca-file-not-pem')
  })

  it('refuses a certificate that is not a CA (a server certificate picked by mistake)', async () => {
    const file = await fileWith('server.pem', certificates.certPem)
    expect(await problemOf(readExtraCa(file))).toBe('ca-file-not-ca')
  })

  // Issue 23.1: OpenSSL's `ca` flag is what refuses these two; nothing else about them says "not a CA".
  it.each([
    ['marked CA:FALSE, yet allowed to sign certificates (keyCertSign)', { isCa: false, keyCertSign: true }],
    ['with no extensions at all', { noExtensions: true }],
  ])('refuses a certificate %s', async (_name, shape) => {
    const notCa = await forge({ name: 'Looks Like A CA', ...shape })
    const file = await fileWith('looks-like-a-ca.pem', notCa.pem)
    expect(await problemOf(readExtraCa(file))).toBe('ca-file-not-ca')
    // In a bundle after a real CA, too: every certificate must be one.
    const bundle = await fileWith('bundle-with-not-ca.pem', `${certificates.caPem}\n${notCa.pem}`)
    expect(await problemOf(readExtraCa(bundle))).toBe('ca-file-not-ca')
  })

  it('refuses a missing file', async () => {
    expect(await problemOf(readExtraCa(path.join(dir, 'missing.pem')))).toBe('ca-file-unreadable')
  })

  it(`refuses a file over ${EXTRA_CA_MAX_BYTES} bytes without reading it whole`, async () => {
    const padding = '#'.repeat(EXTRA_CA_MAX_BYTES)
    const file = await fileWith('huge.pem', `${certificates.caPem}\n${padding}`)
    expect(await problemOf(readExtraCa(file))).toBe('ca-file-not-local')
  })

  it('refuses a folder and a device', async () => {
    expect(await problemOf(readExtraCa(dir))).toBe('ca-file-not-local')
    expect(await problemOf(readExtraCa('/dev/zero'))).toBe('ca-file-not-local')
  })

  it.runIf(process.platform !== 'win32')('refuses a FIFO without waiting for a writer', async () => {
    const fifo = path.join(dir, 'ca.fifo')
    execFileSync('mkfifo', [fifo])
    expect(await problemOf(readExtraCa(fifo))).toBe('ca-file-not-local')
  })

  it.each([
    String.raw`\\fileserver\certs\ca.pem`,
    '//fileserver/certs/ca.pem',
    String.raw`\\?\UNC\fileserver\certs\ca.pem`,
    String.raw`\\.\pipe\ca`,
  ])('refuses the network or device path %s before touching it', async (file) => {
    expect(await problemOf(readExtraCa(file))).toBe('ca-file-not-local')
  })
})
