import type { SettingsUpdate } from '../../../src-shared/contract.ts'
import type { Settings } from '../../../src-shared/domain.ts'
import type { CoreEventListener } from '../create-core.ts'
import type { IntakeArea } from '../intake/intake-area.ts'
import type { PlatformClients } from '../platform/platform-clients.ts'
import type { CredentialVault } from '../secrets/credential-vault.ts'
import type { Session } from '../session/session.ts'
import type { SettingsStore } from './settings-store.ts'

export interface SettingsChangeDeps {
  settings: SettingsStore
  clients: Pick<PlatformClients, 'clear'>
  session: Pick<Session, 'isSignedOut' | 'signOut' | 'status'>
  vault: Pick<CredentialVault, 'refreshStorage'>
  intake: Pick<IntakeArea, 'follow'>
  emit: CoreEventListener
}

/**
 * What follows from staff changing a setting, beyond saving it: the rules that tie settings to the rest of
 * the core, in one place. Last, everyone who listens hears of the settings now in effect (D64).
 */
export async function changeSettings(deps: SettingsChangeDeps, update: SettingsUpdate): Promise<Settings> {
  const { settings, clients, session, vault, intake, emit } = deps
  const before = settings.get()
  const after = await settings.update(update)
  // A client is built for one address and one extra CA.
  if (after.platformAddress !== before.platformAddress || after.extraCaFile !== before.extraCaFile) {
    clients.clear()
  }
  // A token belongs to the platform that issued it: a new address means signing in again.
  if (after.platformAddress !== before.platformAddress && !session.isSignedOut) await session.signOut(false)
  // Allowing or refusing weak storage decides whether the keys are kept on disk (D11); the vault's storage
  // changed though the session did not, so the renderer is told.
  if (after.allowWeakSecretStorage !== before.allowWeakSecretStorage) {
    await vault.refreshStorage()
    emit('sessionChanged', session.status())
  }
  // The intake's port and drop folder (it restarts only what changed; it never throws).
  await intake.follow()
  emit('settingsChanged', after)
  return after
}
