import type { FetchFactory } from '../ports.ts'
import type { SettingsStore } from '../settings/settings-store.ts'
import { readExtraCaPem } from '../settings/settings-store.ts'
import { createPlatformClient, type PlatformClient, type PlatformClientOptions } from './platform-client.ts'
import { withRedactedErrors, type RedactText } from './redacted-errors.ts'

export interface PlatformClientsOptions {
  settings: Pick<SettingsStore, 'get'>
  createFetch: FetchFactory
  appVersion: string
  /** The platform's free text as it may be kept and shown (D11). */
  redactText: RedactText
  /** Request timeout and retry policy, for tests that cannot wait for the real ones. */
  tuning?: Pick<PlatformClientOptions, 'timeoutMs' | 'retry'> | undefined
}

/**
 * One platform client per platform address and extra CA: building one reads the CA file and sets up a fetch,
 * so clients are kept, and dropped when the settings they were built from change.
 */
export class PlatformClients {
  readonly #options: PlatformClientsOptions
  readonly #clients = new Map<string, PlatformClient>()

  constructor(options: PlatformClientsOptions) {
    this.#options = options
  }

  /** The client for `platformAddress` with the extra CA configured now. */
  async clientFor(platformAddress: string): Promise<PlatformClient> {
    const { extraCaFile } = this.#options.settings.get()
    const cacheKey = `${platformAddress}\n${extraCaFile ?? ''}`
    let client = this.#clients.get(cacheKey)
    if (!client) {
      const extraCaPem = extraCaFile ? await readExtraCaPem(extraCaFile) : undefined
      client = withRedactedErrors(
        createPlatformClient({
          baseUrl: platformAddress,
          fetch: this.#options.createFetch(extraCaPem),
          userAgent: `pos-companion/${this.#options.appVersion}`,
          ...this.#options.tuning,
        }),
        this.#options.redactText,
      )
      this.#clients.set(cacheKey, client)
    }
    return client
  }

  /** Forgets every client (the platform address or the extra CA changed). */
  clear(): void {
    this.#clients.clear()
  }
}
