/**
 * Rules about the session that more than one part applies, free of zod so the renderer bundle stays small.
 */

/**
 * Staff are signed in: a token is live, or being renewed while the old one still works. `signing-in` is not
 * yet signed in. The renderer shows the main screen, and the tray counts a live session, by this one rule.
 */
export function isSignedIn<S extends { state: string }>(
  status: S | undefined,
): status is Extract<S, { state: 'signed-in' | 'renewing' }> {
  return status?.state === 'signed-in' || status?.state === 'renewing'
}
