import type { Session } from 'electron'

/**
 * The web permissions the app uses. Only one: writing text to the clipboard, for the Tanılama button
 * (`navigator.clipboard.writeText`). Electron asks the session before each write, so without it the copy fails.
 * Reading the clipboard, the camera, notifications and everything else stay refused.
 */
const ALLOWED: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

export interface PermissionAsker {
  isMainFrame: boolean
  /** Absent on some checks: then the asker is unknown and refused. */
  requestingUrl?: string | undefined
}

/** Allowed only when the permission is on the list and the app's own top frame asks for it. */
export function permissionAllowed(
  permission: string,
  asker: PermissionAsker,
  isAppUrl: (url: string) => boolean,
): boolean {
  if (!ALLOWED.has(permission) || !asker.isMainFrame || asker.requestingUrl === undefined) return false
  try {
    return isAppUrl(asker.requestingUrl)
  } catch {
    return false
  }
}

/** Installs the same judgement for permission checks and requests (Chromium makes both). */
export function restrictPermissions(session: Session, isAppUrl: (url: string) => boolean): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionAllowed(permission, details, isAppUrl))
  })
  session.setPermissionCheckHandler((_contents, permission, _origin, details) =>
    permissionAllowed(permission, details, isAppUrl),
  )
}
