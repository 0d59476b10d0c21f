import type { ReactElement } from 'react'
import { useSlipQueue } from './slip-queue.ts'

export interface DocumentPrint {
  /** Queues the slip for the app's one printer (SlipPrinter), which draws it, sizes the page and prints it. */
  print: (slip: ReactElement, fileCode: string) => void
  /** Waiting or printing: the button waits too. */
  printing: boolean
  /** The last print did not go out (no printer, a refused page): the screen says so. */
  failed: boolean
}

/**
 * Prints a slip that is no order's (a courier's badge card, the day-end) through the one slip queue
 * (docs/decisions.md D52), under its own key (`badge:K-07`, `day-end:2026-11-25`): one slip drawn at a time, so
 * none sizes another's paper, on the same path as the courier slip and the manifest.
 */
export function useDocumentPrint(key: string): DocumentPrint {
  const enqueue = useSlipQueue((state) => state.enqueue)
  const printing = useSlipQueue((state) => state.jobs.some((job) => job.paymentKey === key))
  const failed = useSlipQueue((state) => state.failed.has(key))
  return {
    print: (slip, fileCode) => enqueue({ paymentKey: key, output: 'print', document: { slip, fileCode } }),
    printing,
    failed,
  }
}

/** A file code the desktop's `PDF olarak kaydet` accepts (1–16 of A–Z, a–z, 0–9, `-`). */
export function slipFileCode(text: string): string {
  const code = text.replace(/[^0-9A-Za-z-]/g, '').slice(0, 16)
  return code === '' ? 'slip' : code
}
