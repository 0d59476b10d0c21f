import type { FetchFactory } from '../ports.ts'
import type { SettingsStore } from '../settings/settings-store.ts'
import { readExtraCaPem } from '../settings/settings-store.ts'
import { createPlatformClient, type PlatformClient, type PlatformClientDeps } from './platform-client.ts'

export interface PlatformClientsDeps {
  settings: Pick<SettingsStore, 'get'>
  createFetch: FetchFactory
  appVersion: string
  /** The platform's free text as it may be kept and shown (D11). */
  redactText: PlatformClientDeps['redactText']
  /** Request timeout and retry policy, for tests that cannot wait for the real ones. */
  tuning?: Pick<PlatformClientDeps, 'timeoutMs' | 'retry'> | undefined
}

/**
 * One platform client per account, platform address and extra CA (issue 29): building one reads the CA file and
 * sets up a fetch, so clients are kept, and dropped when the settings they were built from change. A client
 * holds no token (each call is given its account's own), and no client is shared between accounts.
 */
export class PlatformClients {
  readonly #deps: PlatformClientsDeps
  readonly #clients = new Map<string, PlatformClient>()

  constructor(deps: PlatformClientsDeps) {
    this.#deps = deps
  }

  /** The client for `platformAddress`, for one account, with its private CA or else Settings' one. */
  async clientFor(
    platformAddress: string,
    options: { account?: string; extraCaFile?: string | null } = {},
  ): Promise<PlatformClient> {
    const extraCaFile =
      options.extraCaFile === undefined ? this.#deps.settings.get().extraCaFile : options.extraCaFile
    // Stryker disable next-line StringLiteral: equivalent, no account id or CA path is empty (no CA is null)
    const cacheKey = `${options.account ?? ''}\n${platformAddress}\n${extraCaFile ?? ''}`
    let client = this.#clients.get(cacheKey)
    if (!client) {
      const extraCaPem = extraCaFile ? await readExtraCaPem(extraCaFile) : undefined
      client = createPlatformClient({
        baseUrl: platformAddress,
        fetch: this.#deps.createFetch(extraCaPem),
        userAgent: `pos-companion/${this.#deps.appVersion}`,
        redactText: this.#deps.redactText,
        ...this.#deps.tuning,
      })
      this.#clients.set(cacheKey, client)
    }
    return client
  }

  /** Forgets every client (the platform address or the extra CA changed). */
  clear(): void {
    this.#clients.clear()
  }
}
