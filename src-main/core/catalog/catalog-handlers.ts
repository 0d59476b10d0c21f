import { AppFailure } from '../app-failure.ts'
import type { Attempt, CoreHandlers } from '../core-handlers.ts'
import type { CredentialVault } from '../secrets/credential-vault.ts'
import type { Session } from '../session/session.ts'
import type { MethodsCache } from './methods-cache.ts'

export interface CatalogHandlerParts {
  methodsCache: MethodsCache
  vault: Pick<CredentialVault, 'credentialSetId'>
  session: Pick<Session, 'isSignedOut' | 'withToken'>
  attempt: Attempt
}

/** The platform's payment and shipping methods, cached per credential set (D10). */
export function catalogHandlers({
  methodsCache,
  vault,
  session,
  attempt,
}: CatalogHandlerParts): Pick<CoreHandlers, 'getMethods'> {
  return {
    getMethods: ({ forceRefresh }) =>
      attempt(() => {
        const credentialSetId = vault.credentialSetId
        if (!credentialSetId || session.isSignedOut)
          throw new AppFailure({ code: 'signed-out', retryable: false })
        return methodsCache.get(credentialSetId, forceRefresh, () =>
          session.withToken((client, token) => client.getVariables(token)),
        )
      }),
  }
}
