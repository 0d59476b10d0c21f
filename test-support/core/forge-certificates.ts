// For tests only: builds certificate chains the way an attacker would, to prove which ones the private-CA check
// refuses. Each certificate is made on demand with its own key, issuer, validity and CA flag.
import '../../e2e/mock-platform/reflect-metadata.ts'

import { randomBytes, webcrypto } from 'node:crypto'

import * as x509 from '@peculiar/x509'

x509.cryptoProvider.set(webcrypto as unknown as Crypto)

const KEY_ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' }
const SIGNING_ALGORITHM: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' }
const DAY_MS = 24 * 60 * 60 * 1000

export interface Forged {
  pem: string
  subject: string
  keys: CryptoKeyPair
}

export interface ForgeOptions {
  name: string
  /** Signs the new certificate; without one it signs itself. */
  issuer?: Forged
  /** basicConstraints CA:TRUE (default false). */
  isCa?: boolean
  /** keyUsage keyCertSign (and cRLSign) rather than digitalSignature; by default, what `isCa` says. */
  keyCertSign?: boolean
  /** No extension at all: no basicConstraints, key usage, key identifiers or names (a bare v3 certificate). */
  noExtensions?: boolean
  /** DNS names or IP addresses the certificate is for (a leaf's subjectAltName). */
  hosts?: string[]
  notBefore?: Date
  notAfter?: Date
}

export async function forge(options: ForgeOptions): Promise<Forged> {
  const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const now = Date.now()
  const subject = `CN=${options.name}`
  const isCa = options.isCa ?? false
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(isCa, undefined, true),
    (options.keyCertSign ?? isCa)
      ? new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)
      : new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
  ]
  if (options.hosts) {
    extensions.push(
      new x509.SubjectAlternativeNameExtension(
        options.hosts.map((host): x509.JsonGeneralName => ({
          type: /^[\d.]+$/.test(host) ? 'ip' : 'dns',
          value: host,
        })),
      ),
    )
  }
  const issuer = options.issuer
  if (issuer) extensions.push(await x509.AuthorityKeyIdentifierExtension.create(issuer.keys.publicKey))
  if (options.noExtensions) extensions.length = 0
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject,
    issuer: issuer?.subject ?? subject,
    notBefore: options.notBefore ?? new Date(now - DAY_MS),
    notAfter: options.notAfter ?? new Date(now + 30 * DAY_MS),
    signingAlgorithm: SIGNING_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: (issuer?.keys ?? keys).privateKey,
    extensions,
  })
  return { pem: cert.toString('pem') + '\n', subject, keys }
}

export const daysFromNow = (days: number): Date => new Date(Date.now() + days * DAY_MS)

function randomSerial(): string {
  const bytes = randomBytes(16)
  bytes[0] = (bytes[0] ?? 0) & 0x7f
  return bytes.toString('hex')
}
