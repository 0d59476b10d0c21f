import type { ReactElement } from 'react'
import { create } from 'zustand'
import type { Manifest } from './manifest.ts'
import type { SlipOutput } from './print-slip.ts'

/**
 * One slip to print or save: staff pressed a card's button, or a hand-over just went through (D52); or a
 * courier's manifest ("zimmet fişi"), which carries what it prints and is keyed by `manifestJobKey`; or a slip
 * that is no order's (a courier's badge card, the day-end), drawn as it comes and keyed by its own key.
 */
interface SlipJob {
  paymentKey: string
  output: SlipOutput
  manifest?: Manifest | undefined
  document?: { slip: ReactElement; fileCode: string } | undefined
}

/** The queue's key of a manifest: its courier and its moment, so the same manifest is never queued twice. */
export function manifestJobKey(manifest: Manifest): string {
  return `manifest:${manifest.courier.id}:${manifest.at}`
}

/**
 * The slips waiting to be printed, one at a time (docs/decisions.md D52). One queue for the whole app: a slip
 * is measured from the page it is drawn on, so two drawn at once would size each other's paper; and the
 * slip printed by itself after a hand-over must not depend on its card being on screen (the board draws only
 * the cards in view, and staff may be on Settings or History when a retried hand-over goes through).
 */
interface SlipQueueState {
  jobs: readonly SlipJob[]
  /** Orders whose last slip did not print, so their card can say so. */
  failed: ReadonlySet<string>
  /** Adds a job unless the same one is already waiting. */
  enqueue: (job: SlipJob) => void
  /** Takes the first job off the queue, and notes whether it printed. */
  finish: (job: SlipJob, printed: boolean) => void
}

export const useSlipQueue = create<SlipQueueState>((set) => ({
  jobs: [],
  failed: new Set(),
  enqueue: (job) =>
    set((state) =>
      state.jobs.some((queued) => sameJob(queued, job))
        ? state
        : { jobs: [...state.jobs, job], failed: without(state.failed, job.paymentKey) },
    ),
  finish: (job, printed) =>
    set((state) => {
      const failed = new Set(state.failed)
      if (printed) failed.delete(job.paymentKey)
      else failed.add(job.paymentKey)
      return { jobs: state.jobs.filter((queued) => !sameJob(queued, job)), failed }
    }),
}))

function sameJob(a: SlipJob, b: SlipJob): boolean {
  return a.paymentKey === b.paymentKey && a.output === b.output
}

function without(keys: ReadonlySet<string>, key: string): ReadonlySet<string> {
  if (!keys.has(key)) return keys
  const next = new Set(keys)
  next.delete(key)
  return next
}
