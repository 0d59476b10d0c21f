import { toAppError } from '../app-failure.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import type { Clock, Logger } from '../ports.ts'
import type { CredentialVault, Credentials } from '../secrets/credential-vault.ts'
import type { SettingsStore } from '../settings/settings-store.ts'
import { effectiveExpiryLogged } from './token-expiry.ts'

export interface TokenLoginParts {
  vault: CredentialVault
  settings: SettingsStore
  clientFor: (platformAddress: string) => Promise<PlatformClient>
  clock: Clock
  log: Logger
}

/** The platform's answer to a login, and when it came (the expiry is read against it). */
export interface AnsweredLogin {
  answer: { accessToken: string; expirationDate: string }
  receivedAt: number
}

/** One login at `platformAddress` with `credentials`; throws the platform's refusal or the network's failure. */
export async function askForToken(
  parts: TokenLoginParts,
  platformAddress: string,
  credentials: Credentials,
): Promise<AnsweredLogin> {
  const client = await parts.clientFor(platformAddress)
  const receivedAt = parts.clock.now()
  const answer = await client.login(credentials)
  return { answer, receivedAt }
}

/**
 * Stores a login's token for the address that issued it, with the expiry this app trusts (docs/decisions.md
 * D2: read in the platform's time zone); returns that expiry (ms).
 */
export async function storeToken(
  parts: TokenLoginParts,
  { answer, receivedAt }: AnsweredLogin,
  platformAddress: string,
): Promise<number> {
  const { platformTimeZone } = parts.settings.get()
  const expiry = effectiveExpiryLogged(answer.expirationDate, receivedAt, platformTimeZone, parts.log)
  await parts.vault.saveToken({
    accessToken: answer.accessToken,
    expiresAt: expiry.expiresAt,
    platformAddress,
  })
  return expiry.expiresAt
}

/** Whether a platform call failed because the platform refused the token (its `yetkisiz erişim`, D3). */
export function isTokenRejected(error: unknown): boolean {
  return toAppError(error).code === 'signed-out'
}
