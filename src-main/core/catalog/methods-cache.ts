import { z } from 'zod'
import { Method, type Methods } from '../../../src-shared/domain.ts'
import type { PlatformClient } from '../platform/platform-client.ts'
import type { Clock, KeyValueStore } from '../ports.ts'

export const METHODS_MAX_AGE_MS = 24 * 60 * 60 * 1000
const CACHE_KEY = 'cache.methods'

const CachedMethods = z.object({
  credentialSetId: z.string(),
  fetchedAt: z.number(),
  paymentMethods: z.array(Method),
  shippingMethods: z.array(Method),
})
type CachedMethods = z.infer<typeof CachedMethods>

/**
 * D10: the payment and shipping method lists, persisted for at most 24 h per credential set. A forced
 * refresh bypasses the cache. Concurrent readers share one fetch.
 */
export class MethodsCache {
  readonly #store: KeyValueStore
  readonly #clock: Clock
  #inFlight: Promise<Methods> | undefined

  constructor(store: KeyValueStore, clock: Clock) {
    this.#store = store
    this.#clock = clock
  }

  async get(
    credentialSetId: string,
    forceRefresh: boolean,
    fetchFresh: () => Promise<Awaited<ReturnType<PlatformClient['getVariables']>>>,
  ): Promise<Methods> {
    const cached = this.#read()
    const age = cached ? this.#clock.now() - cached.fetchedAt : Infinity
    if (
      !forceRefresh &&
      cached?.credentialSetId === credentialSetId &&
      age >= 0 &&
      age < METHODS_MAX_AGE_MS
    ) {
      return toMethods(cached)
    }
    this.#inFlight ??= (async () => {
      const fresh = await fetchFresh()
      const record: CachedMethods = { credentialSetId, fetchedAt: this.#clock.now(), ...fresh }
      this.#store.set(CACHE_KEY, record)
      return toMethods(record)
    })().finally(() => {
      this.#inFlight = undefined
    })
    return this.#inFlight
  }

  clear(): void {
    this.#store.delete(CACHE_KEY)
  }

  #read(): CachedMethods | undefined {
    const parsed = CachedMethods.safeParse(this.#store.get(CACHE_KEY))
    return parsed.success ? parsed.data : undefined
  }
}

function toMethods(record: CachedMethods): Methods {
  return {
    paymentMethods: record.paymentMethods,
    shippingMethods: record.shippingMethods,
    fetchedAt: new Date(record.fetchedAt).toISOString(),
  }
}
