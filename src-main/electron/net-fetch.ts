import { X509Certificate } from 'node:crypto'
import { isIP } from 'node:net'
import { net, type Certificate, type Session } from 'electron'
import type { FetchFactory } from '../core/ports.ts'

/** Chromium's own verdict: accept what it accepts, refuse what it refuses. */
const USE_CHROMIUM_VERDICT = -3
const TRUST = 0
const MAX_CHAIN_DEPTH = 8
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g

/**
 * Platform calls go through Electron's net.fetch, so the system proxy and certificate store apply. A private
 * CA is trusted only when the staff configured an extra CA file (D8), and only for the host the platform calls
 * go to: the default session also carries the app's own page, which must not ride on a private CA. A certificate
 * Chromium refused is then accepted only if the whole chain verifies up to that CA (`chainsToExtraCa`).
 */
export function installPlatformFetch(session: Session): FetchFactory {
  // Host → the CA certificates that may vouch for it; filled as platform calls are made.
  const anchorsByHost = new Map<string, readonly X509Certificate[]>()
  session.setCertificateVerifyProc((request, callback) => {
    const anchors = anchorsByHost.get(bareHost(request.hostname))
    if (request.errorCode === 0 || !anchors) {
      callback(USE_CHROMIUM_VERDICT)
      return
    }
    const trusted = chainsToExtraCa(request.certificate, request.hostname, anchors)
    callback(trusted ? TRUST : USE_CHROMIUM_VERDICT)
  })
  return (extraCaPem) => {
    const anchors = extraCaPem ? parseCertificates(extraCaPem) : []
    const platformFetch: typeof fetch = (input, init) => {
      const url = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url
      const host = bareHost(new URL(url).hostname)
      // The last client built for this host decides: a CA removed in Settings stops vouching at once.
      if (anchors.length > 0) anchorsByHost.set(host, anchors)
      else anchorsByHost.delete(host)
      return net.fetch(input instanceof URL ? input.href : input, init)
    }
    return platformFetch
  }
}

/**
 * Whether `leaf`'s chain, as the server sent it, verifies up to one of `anchors`: every certificate is in its
 * validity period and signed by the next one, every issuer is a CA (basicConstraints CA:TRUE, checked by
 * OpenSSL's issuer check together with names and key usage), and the leaf names `hostname`.
 */
export function chainsToExtraCa(
  leaf: Certificate,
  hostname: string,
  anchors: readonly X509Certificate[],
  now: number = Date.now(),
): boolean {
  const chain = certificatesOf(leaf)
  const first = chain[0]
  if (!first || !namesHost(first, bareHost(hostname))) return false
  const usableAnchors = anchors.filter((anchor) => anchor.ca && isCurrent(anchor, now))
  for (const [index, cert] of chain.entries()) {
    if (!isCurrent(cert, now)) return false
    if (usableAnchors.some((anchor) => isSignedBy(cert, anchor))) return true
    const issuer = chain[index + 1]
    if (!issuer?.ca || !isSignedBy(cert, issuer)) return false
  }
  return false
}

function certificatesOf(leaf: Certificate): X509Certificate[] {
  const chain: X509Certificate[] = []
  // Electron's typings promise an issuer on every certificate; at the end of a real chain there is none.
  let current: Certificate | undefined = leaf
  while (current !== undefined && chain.length < MAX_CHAIN_DEPTH) {
    try {
      chain.push(new X509Certificate(current.data))
    } catch {
      return []
    }
    // A self-signed root is its own issuer: stop rather than walk it again.
    const next = current.issuerCert as Certificate | undefined
    current = next === current || next?.data === current.data ? undefined : next
  }
  return chain
}

function isSignedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  return cert.checkIssued(issuer) && cert.verify(issuer.publicKey)
}

function isCurrent(cert: X509Certificate, now: number): boolean {
  return now >= cert.validFromDate.getTime() && now <= cert.validToDate.getTime()
}

function namesHost(cert: X509Certificate, hostname: string): boolean {
  const match = isIP(hostname) ? cert.checkIP(hostname) : cert.checkHost(hostname, { subject: 'never' })
  return match !== undefined
}

/** Chromium and the URL parser may differ on IPv6 brackets and case; both are compared without them. */
function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
}

function parseCertificates(pem: string): X509Certificate[] {
  return (pem.match(PEM_CERTIFICATE) ?? []).map((block) => new X509Certificate(block))
}
