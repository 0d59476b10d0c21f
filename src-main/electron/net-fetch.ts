import { X509Certificate } from 'node:crypto'
import { isIP } from 'node:net'
import { net, type Certificate, type Session } from 'electron'
import type { FetchFactory } from '../core/ports.ts'

/** Chromium's own verdict: accept what it accepts, refuse what it refuses. */
const USE_CHROMIUM_VERDICT = -3
const TRUST = 0
const MAX_CHAIN_DEPTH = 8

let extraCa: X509Certificate | undefined

/**
 * Platform calls go through Electron's net.fetch, so the system proxy and certificate store apply. A private
 * CA is trusted only when the staff configured an extra CA file (D8): a certificate Chromium refused is then
 * accepted only if it chains to that CA, is in its validity period and names the host.
 */
export function installPlatformFetch(session: Session): FetchFactory {
  session.setCertificateVerifyProc((request, callback) => {
    if (request.errorCode === 0 || !extraCa) {
      callback(USE_CHROMIUM_VERDICT)
      return
    }
    callback(chainsToExtraCa(request.certificate, request.hostname, extraCa) ? TRUST : USE_CHROMIUM_VERDICT)
  })
  return (extraCaPem) => {
    extraCa = extraCaPem ? new X509Certificate(extraCaPem) : undefined
    const platformFetch: typeof fetch = (input, init) =>
      net.fetch(input instanceof URL ? input.href : input, init)
    return platformFetch
  }
}

export function chainsToExtraCa(leaf: Certificate, hostname: string, ca: X509Certificate): boolean {
  const now = Date.now()
  const leafCert = new X509Certificate(leaf.data)
  const namesHost = isIP(hostname) ? leafCert.checkIP(hostname) : leafCert.checkHost(hostname)
  if (namesHost === undefined) return false
  // Electron's typings promise an issuer on every certificate; at the end of a real chain there is none.
  let current: Certificate | undefined = leaf
  for (let depth = 0; current !== undefined && depth < MAX_CHAIN_DEPTH; depth++) {
    const cert = new X509Certificate(current.data)
    if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo)) return false
    if (cert.checkIssued(ca) && cert.verify(ca.publicKey)) return true
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the typings are wrong here (see above)
    current = current.issuerCert as Certificate | undefined
  }
  return false
}
