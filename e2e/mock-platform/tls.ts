// The mock platform speaks real TLS so that clients are tested the way they run in production (D8): with
// certificate verification on, trusting our private CA only through an explicit CA file.
import './reflect-metadata.ts'

import { createPrivateKey, createPublicKey, randomBytes, webcrypto } from 'node:crypto'
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

import * as x509 from '@peculiar/x509'

export interface TestCertificates {
  caFile: string
  caPem: string
  certPem: string
  keyPem: string
}

export interface EnsureTestCertificatesOptions {
  /** The moment the validity check is made against; tests move it forward to simulate an expiring certificate. */
  now?: Date
}

const CA_FILE = 'ca.pem'
const CERT_FILE = 'server.pem'
const KEY_FILE = 'server-key.pem'

const SERVER_IP = '127.0.0.1'
const SERVER_DNS = 'localhost'
const VALIDITY_DAYS = 365
const RENEW_BEFORE_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

const KEY_ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' }
const SIGNING_ALGORITHM: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' }

x509.cryptoProvider.set(webcrypto as unknown as Crypto)

/**
 * Returns the private test CA and the server certificate in `dataDir`, creating them if they are missing,
 * unreadable, about to expire, or not what the server needs. Reusing them keeps the CA bytes stable across
 * restarts, so a client configured with the CA file keeps working.
 */
export async function ensureTestCertificates(
  dataDir: string,
  options: EnsureTestCertificatesOptions = {},
): Promise<TestCertificates> {
  const now = options.now ?? new Date()
  await mkdir(dataDir, { recursive: true })
  const caFile = path.join(dataDir, CA_FILE)
  const existing = await readExisting(dataDir)
  if (existing && (await isUsable(existing, now))) {
    await chmod(path.join(dataDir, KEY_FILE), 0o600)
    return { caFile, ...existing }
  }
  const fresh = await generateCertificates(now)
  // Each file is replaced atomically, so a process starting at the same moment never reads a half-written
  // file; a mixed set fails the checks above and is simply generated again.
  await writeAtomically(path.join(dataDir, KEY_FILE), fresh.keyPem, 0o600)
  await writeAtomically(path.join(dataDir, CERT_FILE), fresh.certPem, 0o644)
  await writeAtomically(caFile, fresh.caPem, 0o644)
  return { caFile, ...fresh }
}

interface PemSet {
  caPem: string
  certPem: string
  keyPem: string
}

async function readExisting(dataDir: string): Promise<PemSet | undefined> {
  try {
    const [caPem, certPem, keyPem] = await Promise.all(
      [CA_FILE, CERT_FILE, KEY_FILE].map((name) => readFile(path.join(dataDir, name), 'utf8')),
    )
    if (caPem === undefined || certPem === undefined || keyPem === undefined) return undefined
    return { caPem, certPem, keyPem }
  } catch {
    return undefined
  }
}

async function isUsable({ caPem, certPem, keyPem }: PemSet, now: Date): Promise<boolean> {
  try {
    const ca = new x509.X509Certificate(caPem)
    const cert = new x509.X509Certificate(certPem)
    const renewBy = new Date(now.getTime() + RENEW_BEFORE_DAYS * DAY_MS)
    if (ca.notAfter <= renewBy || cert.notAfter <= renewBy) return false
    if (ca.notBefore > now || cert.notBefore > now) return false
    if (!isCertificateAuthority(ca) || !hasServerNames(cert)) return false
    if (!(await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }))) return false
    return keyMatchesCertificate(keyPem, cert)
  } catch {
    return false
  }
}

function isCertificateAuthority(ca: x509.X509Certificate): boolean {
  const constraints = ca.getExtension(x509.BasicConstraintsExtension)
  const usages = ca.getExtension(x509.KeyUsagesExtension)
  return constraints?.ca === true && usages !== null && (usages.usages & x509.KeyUsageFlags.keyCertSign) !== 0
}

function hasServerNames(cert: x509.X509Certificate): boolean {
  const names = cert.getExtension(x509.SubjectAlternativeNameExtension)?.names.items ?? []
  const has = (type: string, value: string) =>
    names.some((name) => name.type === type && name.value === value)
  return has('ip', SERVER_IP) && has('dns', SERVER_DNS)
}

function keyMatchesCertificate(keyPem: string, cert: x509.X509Certificate): boolean {
  const fromKey = createPublicKey(createPrivateKey(keyPem)).export({ type: 'spki', format: 'der' })
  return fromKey.equals(Buffer.from(cert.publicKey.rawData))
}

async function generateCertificates(now: Date): Promise<PemSet> {
  const subtle = webcrypto.subtle
  const notBefore = new Date(now.getTime() - 60 * 60 * 1000) // tolerate a little clock skew between processes
  const notAfter = new Date(now.getTime() + VALIDITY_DAYS * DAY_MS)

  const caKeys = await subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const caName = 'CN=POS Companion Mock Platform Test CA, O=POS Companion Tests'
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerialNumber(),
    name: caName,
    notBefore,
    notAfter,
    signingAlgorithm: SIGNING_ALGORITHM,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  })

  const serverKeys = await subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerialNumber(),
    subject: `CN=${SERVER_DNS}`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingAlgorithm: SIGNING_ALGORITHM,
    publicKey: serverKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: SERVER_IP },
        { type: 'dns', value: SERVER_DNS },
      ]),
      await x509.SubjectKeyIdentifierExtension.create(serverKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  })

  const pkcs8 = await subtle.exportKey('pkcs8', serverKeys.privateKey)
  return {
    caPem: ca.toString('pem') + '\n',
    certPem: cert.toString('pem') + '\n',
    keyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY') + '\n',
  }
}

/** A positive 128-bit serial: the high bit is cleared so DER does not read it as negative. */
function randomSerialNumber(): string {
  const bytes = randomBytes(16)
  bytes[0] = (bytes[0] ?? 0) & 0x7f
  return bytes.toString('hex')
}

async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temporary, content, { mode })
  await chmod(temporary, mode) // the umask may have narrowed or (for 0600) never widened it; make it exact
  await rename(temporary, file)
}
