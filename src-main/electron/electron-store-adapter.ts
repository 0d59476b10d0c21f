import Store from 'electron-store'
import type { KeyValueStore } from '../core/ports.ts'

/** The core's KeyValueStore on electron-store (atomic writes into the app's user-data folder). */
export function createElectronStore(): KeyValueStore {
  // Keys such as 'board.orders' are names, not paths into nested objects.
  const store = new Store<Record<string, unknown>>({ name: 'settings', accessPropertiesByDotNotation: false })
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  }
}
