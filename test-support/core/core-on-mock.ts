import { DEMO_CREDENTIALS } from '../../e2e/mock-platform/demo-data.ts'
import type { MockPlatform } from '../../e2e/mock-platform/server.ts'
import { createNodeFetch } from '../../src-main/web/node-fetch.ts'
import { createCore, type Core, type CoreDeps } from '../../src-main/core/create-core.ts'
import { fakeCipher, inMemoryCoreParts, MemoryStore } from './memory-adapters.ts'

/** The vendor-wide demo keys as the contract's sign-in takes them. */
export const VENDOR_KEYS = {
  appSecretKey: DEMO_CREDENTIALS.vendor.app_secret_key,
  restSecretKey: DEMO_CREDENTIALS.vendor.rest_secret_key,
}

/**
 * The real core for tests: in-memory storage, a strong stand-in cipher, and no platform (every call to it
 * fails) unless `overrides` give a fetch. `overrides` replace any of these.
 */
export function testCore(overrides: Partial<CoreDeps> = {}): Promise<Core> {
  return createCore({
    appName: 'POS Companion',
    appVersion: '0.0.0-test',
    shell: 'web',
    store: new MemoryStore(),
    ...inMemoryCoreParts(),
    cipher: fakeCipher('strong'),
    createFetch: () => () => Promise.reject(new Error('no platform in this test')),
    ...overrides,
  })
}

/**
 * The real core for tests against the real HTTPS mock platform: testCore with a fetch that trusts the mock's
 * test CA explicitly. `overrides` replace any of these.
 */
export async function coreOnMock(mock: MockPlatform, overrides: Partial<CoreDeps> = {}): Promise<Core> {
  const core = await testCore({
    createFetch: (extraCaPem) => createNodeFetch({ extraCaPem: extraCaPem ?? mock.caPem }),
    ...overrides,
  })
  // A press is sent at once: these tests are about the send; the undo window has its own (docs/decisions.md D40).
  await core.handlers.updateSettings({ undoWindowSeconds: 0 })
  return core
}
