// The batch scan-out under way at this till (issue 21, docs/decisions.md D72, D75): its courier and its packages in
// scan order. Kept in the window's sessionStorage, so a reload of the page (Ctrl+R, the renderer reloaded after a
// crash, web mode's refresh) finds the bar and the manifest as they were; the window's own storage, so another tab
// or window has its own batch, and it is gone when the window closes. What is read back is checked, never trusted.
import { z } from 'zod'
import { create } from 'zustand'
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware'
import { CourierId } from '../../../../src-shared/couriers.ts'
import { PaymentKey } from '../../../../src-shared/domain.ts'
import { isBatchFresh } from './batch-rules.ts'

export const BATCH_STORAGE_KEY = 'pos-companion.batch'

const Batch = z.object({
  courier: z.object({ id: CourierId, name: z.string().min(1).max(400) }),
  // More bags than a courier carries is no batch this app wrote.
  keys: z.array(PaymentKey).max(500),
  /** When it started or last took a package (epoch ms): how old it is when read back. */
  touchedAt: z.int().nonnegative(),
})
export type Batch = z.infer<typeof Batch>

export interface BatchState {
  batch: Batch | undefined
  /** Read back from storage and not yet checked against the couriers and the board (BatchBar does). */
  restored: boolean
  startBatch: (courier: { id: string; name: string }) => void
  addToBatch: (paymentKey: string) => void
  endBatch: () => void
  /** After the check of a batch read back: what is left of it (undefined: it is over). */
  settleRestored: (batch: Batch | undefined) => void
}

/** sessionStorage that never throws: storage turned off or full only costs the batch its reload. */
const sessionStore: StateStorage = {
  getItem: (name) => {
    try {
      return sessionStorage.getItem(name)
    } catch {
      return null
    }
  },
  setItem: (name, value) => {
    try {
      sessionStorage.setItem(name, value)
    } catch {
      // Nothing kept: the batch goes on in memory.
    }
  },
  removeItem: (name) => {
    try {
      sessionStorage.removeItem(name)
    } catch {
      // As above.
    }
  },
}

export const useBatch = create<BatchState>()(
  persist(
    (set) => ({
      batch: undefined,
      restored: false,
      // Another badge during a batch starts that courier's batch: the first one's packages stay handed over.
      startBatch: (courier) =>
        set(({ batch }) => ({
          batch:
            batch?.courier.id === courier.id
              ? { ...batch, touchedAt: Date.now() }
              : { courier: { id: courier.id, name: courier.name }, keys: [], touchedAt: Date.now() },
          restored: false,
        })),
      addToBatch: (paymentKey) =>
        set(({ batch }) =>
          !batch || batch.keys.includes(paymentKey)
            ? {}
            : { batch: { ...batch, keys: [...batch.keys, paymentKey], touchedAt: Date.now() } },
        ),
      endBatch: () => set({ batch: undefined, restored: false }),
      settleRestored: (batch) => set({ batch, restored: false }),
    }),
    {
      name: BATCH_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => sessionStore),
      partialize: ({ batch }) => ({ batch }),
      // A batch stored by another version of the app is not read: it is over.
      migrate: () => ({ batch: undefined }),
      // Read back: only a well-formed batch, recent enough; anything else (hand-edited, cut short, old) is dropped.
      merge: (stored, current) => {
        const read = z.object({ batch: Batch }).safeParse(stored)
        if (!read.success || !isBatchFresh(read.data.batch, Date.now())) return current
        return { ...current, batch: read.data.batch, restored: true }
      },
    },
  ),
)
