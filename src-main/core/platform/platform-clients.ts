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
 * One platform client per platform address and extra CA: building one reads the CA file and sets up a fetch,
 * so clients are kept, and dropped when the settings they were built from change.
 */
export class PlatformClients {
  readonly #deps: PlatformClientsDeps
  readonly #clients = new Map<string, PlatformClient>()

  constructor(deps: PlatformClientsDeps) {
    this.#deps = deps
  }

  /** The client for `platformAddress` with the extra CA configured now. */
  async clientFor(platformAddress: string): Promise<PlatformClient> {
    const { extraCaFile } = this.#deps.settings.get()
    const cacheKey = `${platformAddress}\n${extraCaFile ?? ''}`
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
