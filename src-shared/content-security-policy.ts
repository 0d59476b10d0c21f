/**
 * The renderer's Content-Security-Policy, one list for both shells: the Electron build writes it into the
 * HTML (a <meta> tag), web mode sends it as a header. `frame-ancestors` only works as a header (a <meta>
 * policy ignores it, with a console error), so the meta form leaves it out.
 */
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
]

export const CSP_META = DIRECTIVES.join('; ')
export const CSP_HEADER = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ')
