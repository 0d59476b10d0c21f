import type { CoreHandlers, Attempt } from '../core-handlers.ts'
import { ok } from '../core-handlers.ts'
import type { SecretRegistry } from '../ports.ts'
import type { Session } from './session.ts'

export interface SessionHandlerParts {
  session: Session
  /** Learns the keys as typed, for the logs to redact (D11). */
  secrets: SecretRegistry
  /** Forgetting the keys forgets what was fetched with them. */
  forgetCatalog: () => void
  attempt: Attempt
}

/** Sign-in, sign-out, the session's status, and the branch list (which tells the credentials' reach). */
export function sessionHandlers({
  session,
  secrets,
  forgetCatalog,
  attempt,
}: SessionHandlerParts): Pick<
  CoreHandlers,
  'getSession' | 'signIn' | 'signInWithStoredCredentials' | 'signOut' | 'listBranches'
> {
  return {
    getSession: () => ok(session.status()),
    signIn: (input) =>
      attempt(() => {
        // Keys as typed are secrets even when the platform refuses them: a typo'd key is most of the real one.
        secrets.register(input.appSecretKey)
        secrets.register(input.restSecretKey)
        return session.signIn(input)
      }),
    signInWithStoredCredentials: () => attempt(() => session.resume()),
    signOut: ({ forgetCredentials }) =>
      attempt(() => {
        if (forgetCredentials) forgetCatalog()
        return session.signOut(forgetCredentials)
      }),
    listBranches: () =>
      attempt(async () => {
        const branches = await session.withToken((client, token) => client.listBranches(token))
        session.noteBranchCount(branches.length)
        return branches
      }),
  }
}
