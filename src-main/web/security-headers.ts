import type { ServerResponse } from 'node:http'
import { CSP_HEADER } from '../../src-shared/content-security-policy.ts'

/** The renderer's policy (shared with the Electron build), as a header so that it can forbid framing too. */
export const CONTENT_SECURITY_POLICY = CSP_HEADER

/**
 * Sent on every answer, refusals included. `no-store` everywhere: the pages are tiny and on loopback, and a
 * cached copy would outlive the launch (and its token) for nothing.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

export function setSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value)
}

/** A short plain-text answer; it names no reason beyond the status, so a prober learns nothing. */
export function answerPlainText(response: ServerResponse, status: number, text: string): void {
  const body = `${text}\n`
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  })
  response.end(body)
}
