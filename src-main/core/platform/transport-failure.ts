// What a failed fetch tells us about the connection. The fetch port is undici in Node and Electron's net.fetch in
// the app; they report the same failures differently, so both vocabularies are recognised here.

/**
 * OpenSSL's certificate verification codes as Node reports them in `error.code` (Node's tls docs, "X509
 * certificate error codes"), plus Node's own host name check. Any of them means the certificate was not trusted.
 */
const NODE_CERTIFICATE_CODES: ReadonlySet<string | undefined> = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

/** Chromium's net error names, as Electron's net.fetch puts them in the message: `net::ERR_CERT_AUTHORITY_INVALID`. */
const CHROMIUM_NET_ERROR = /\bnet::(ERR_[A-Z0-9_]+)/
const isChromiumCertificateError = (netError: string) => netError.startsWith('ERR_CERT')

/** Fetch implementations nest the real reason in `cause` (ky NetworkError → TypeError "fetch failed" → socket error). */
const MAX_CAUSE_DEPTH = 8

/** The error and its causes; only objects can carry a code, a message or a cause. */
function* causeChain(error: unknown): Generator {
  let current = error
  for (
    let depth = 0;
    depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null;
    depth += 1
  ) {
    yield current
    if (current instanceof AggregateError) yield* current.errors
    current = (current as { cause?: unknown }).cause
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}

function chromiumNetError(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined
  return CHROMIUM_NET_ERROR.exec(error.message)?.[1]
}

/** The code of a certificate verification failure anywhere in the cause chain, or undefined. */
export function findCertificateFailure(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = errorCode(link)
    if (NODE_CERTIFICATE_CODES.has(code)) return code
    const netError = chromiumNetError(link)
    if (netError !== undefined && isChromiumCertificateError(netError)) return netError
  }
  return undefined
}

/**
 * A Chromium network error (refused, reset, name not resolved, offline…) from Electron's net.fetch. ky does not
 * know these messages as network errors, so the client tells it to retry them. Certificate errors are excluded.
 */
export function findChromiumNetworkFailure(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const netError = chromiumNetError(link)
    if (netError !== undefined && !isChromiumCertificateError(netError)) return netError
  }
  return undefined
}

/** The most specific error code in the chain (ECONNREFUSED, UND_ERR_SOCKET…), for the log. */
export function transportErrorCode(error: unknown): string | undefined {
  let found: string | undefined
  for (const link of causeChain(error)) {
    found = errorCode(link) ?? chromiumNetError(link) ?? found
  }
  return found
}
