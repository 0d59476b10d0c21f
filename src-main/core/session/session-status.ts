import type { AccessScope, SessionStatus, SignedOutReason } from '../../../src-shared/domain.ts'
import type { AppError } from '../../../src-shared/errors.ts'
import type { CredentialVault } from '../secrets/credential-vault.ts'

/** Where the session is in the token's life; `SessionStatus` is what the renderer is told of it. */
export type SessionState =
  | { state: 'signed-out'; reason: SignedOutReason; error?: AppError }
  | { state: 'signing-in' | 'signed-in' | 'renewing' }

export interface SessionFacts {
  state: SessionState
  /** The address being signed in to, or else the one in use. */
  platformAddress: string | null
  scope: AccessScope | undefined
  vault: Pick<CredentialVault, 'credentialsFor' | 'tokenFor' | 'storage'>
}

/** The status the renderer sees: no token, only whether keys are stored and when the token runs out. */
export function sessionStatusOf({ state, platformAddress, scope, vault }: SessionFacts): SessionStatus {
  // Keys stored for another address are not offered: staff are asked for the keys again (D33).
  const credentialsStored = platformAddress !== null && vault.credentialsFor(platformAddress) !== undefined
  const common = { credentialsStored, secretStorage: vault.storage }
  if (state.state === 'signed-out' || platformAddress === null) {
    const signedOut: { reason: SignedOutReason; error?: AppError } =
      state.state === 'signed-out' ? state : { reason: 'never-signed-in' }
    return {
      state: 'signed-out',
      reason: signedOut.reason,
      ...(signedOut.error ? { error: signedOut.error } : {}),
      ...common,
      platformAddress,
    }
  }
  const expiresAt = vault.tokenFor(platformAddress)?.expiresAt
  return {
    state: state.state,
    platformAddress,
    ...(scope ? { scope } : {}),
    ...(expiresAt !== undefined ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
    ...common,
  }
}

/** After staff's own sign-in failed: refused keys say so; otherwise the session is as it was, or signed out. */
export function stateAfterFailedSignIn(appError: AppError, previous: SessionState): SessionState {
  if (appError.code === 'wrong-credentials')
    return { state: 'signed-out', reason: 'wrong-credentials', error: appError }
  return previous.state === 'signed-out'
    ? previous
    : { state: 'signed-out', reason: 'never-signed-in', error: appError }
}

/**
 * After a login with the stored keys failed. Refused (or missing) keys sign out. Otherwise the platform failed
 * (network, timeout, 5xx, 429, a bad answer): staying signed in keeps staff on the main screen, and the next
 * call logs in again by itself once it recovers (D25).
 */
export function stateAfterFailedLogin(appError: AppError, wasSignedIn: boolean): SessionState {
  if (appError.code === 'wrong-credentials' || appError.code === 'missing-credentials') {
    return { state: 'signed-out', reason: 'wrong-credentials', error: appError }
  }
  return wasSignedIn
    ? { state: 'signed-in' }
    : { state: 'signed-out', reason: 'never-signed-in', error: appError }
}
