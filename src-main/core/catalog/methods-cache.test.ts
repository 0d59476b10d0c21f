import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { MemoryStore } from '../../../test-support/core/memory-adapters.ts'
import { METHODS_MAX_AGE_MS, MethodsCache } from './methods-cache.ts'

const lists = {
  paymentMethods: [{ key: 'CASH', name: 'Nakit' }],
  shippingMethods: [{ key: 'delivery', name: 'Teslimat' }],
}

function setup(store = new MemoryStore(), clock = new ManualClock()) {
  let fetches = 0
  const cache = new MethodsCache(store, clock)
  const fetchFresh = () => {
    fetches++
    return Promise.resolve(lists)
  }
  return { cache, clock, store, fetchFresh, fetches: () => fetches }
}

describe('MethodsCache (D10)', () => {
  it('serves the lists from the cache for up to 24 h, then fetches again', async () => {
    const t = setup()
    const first = await t.cache.get('set-1', false, t.fetchFresh)
    expect(first).toMatchObject(lists)
    expect(first.fetchedAt).toBe(new Date(t.clock.now()).toISOString())
    await t.clock.advance(METHODS_MAX_AGE_MS - 1)
    await t.cache.get('set-1', false, t.fetchFresh)
    expect(t.fetches()).toBe(1)
    await t.clock.advance(1)
    await t.cache.get('set-1', false, t.fetchFresh)
    expect(t.fetches()).toBe(2)
  })

  it('makes at most 2 platform calls over 48 h of steady use', async () => {
    const t = setup()
    for (let hour = 0; hour < 48; hour++) {
      await t.cache.get('set-1', false, t.fetchFresh)
      await t.clock.advance(60 * 60 * 1000)
    }
    expect(t.fetches()).toBe(2)
  })

  it('keeps the cache per credential set', async () => {
    const t = setup()
    await t.cache.get('set-1', false, t.fetchFresh)
    await t.cache.get('set-2', false, t.fetchFresh)
    expect(t.fetches()).toBe(2)
  })

  it('bypasses the cache on a forced refresh', async () => {
    const t = setup()
    await t.cache.get('set-1', false, t.fetchFresh)
    await t.cache.get('set-1', true, t.fetchFresh)
    expect(t.fetches()).toBe(2)
  })

  it('survives a restart (persisted) and ignores a damaged record', async () => {
    const store = new MemoryStore()
    const clock = new ManualClock()
    await setup(store, clock).cache.get('set-1', false, () => Promise.resolve(lists))
    const reopened = setup(store, clock)
    await reopened.cache.get('set-1', false, reopened.fetchFresh)
    expect(reopened.fetches()).toBe(0)
    store.set('cache.methods', { credentialSetId: 'set-1', fetchedAt: 'yesterday' })
    await reopened.cache.get('set-1', false, reopened.fetchFresh)
    expect(reopened.fetches()).toBe(1)
  })

  it('does not trust a record from the future (a clock set back)', async () => {
    const t = setup()
    await t.cache.get('set-1', false, t.fetchFresh)
    await t.clock.advance(-60 * 60 * 1000)
    await t.cache.get('set-1', false, t.fetchFresh)
    expect(t.fetches()).toBe(2)
  })

  it('shares one fetch between concurrent readers, and does not cache a failure', async () => {
    const t = setup()
    await Promise.all([1, 2, 3].map(() => t.cache.get('set-1', false, t.fetchFresh)))
    expect(t.fetches()).toBe(1)
    const failing = setup()
    await expect(failing.cache.get('set-1', false, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    )
    await failing.cache.get('set-1', false, failing.fetchFresh)
    expect(failing.fetches()).toBe(1)
  })
})
