import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Attention } from '../../../src-shared/attention.ts'
import { requireBridge, unwrap } from '../api.ts'

/** The core's one attention value (docs/decisions.md D70), in React Query's cache like everything the core knows. */
const ATTENTION_KEY = ['attention'] as const

/** What needs staff, as the core computed it: the board, the counts, the title and the alarm read it. */
export function useAttention() {
  return useQuery({ queryKey: ATTENTION_KEY, queryFn: () => unwrap(requireBridge().getAttention()) })
}

/** Subscribes once to `attentionChanged` and writes it into the cache. */
export function useAttentionEvents(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      requireBridge().on('attentionChanged', (attention) => {
        queryClient.setQueryData<Attention>(ATTENTION_KEY, attention)
      }),
    [queryClient],
  )
}

/** **Sessize al**: the core stops this order's alarm and pushes the new value. */
export function useSilenceAlarm() {
  return useMutation({
    mutationFn: (paymentKey: string) => unwrap(requireBridge().silenceAlarm({ paymentKey })),
  })
}

/**
 * Issue 22's one key for **Sessize al**: F8. A scanner types characters and Enter, never a function key; no text
 * field needs it; the browser and Electron give it no meaning; Escape already closes the board's dialogs, picker
 * and batch bar, so it could not also silence.
 */
export const SILENCE_KEY = 'F8'

/**
 * The order the key silences now: the ringing order whose crossing began last (the newest alarm is the one staff
 * just heard start); on a tie, the first in the board's order. Undefined when nothing rings.
 */
export function orderToSilence(attention: Attention | undefined): string | undefined {
  let newest: { paymentKey: string; at: number } | undefined
  for (const order of attention?.orders ?? []) {
    if (order.alarm !== 'ringing') continue
    const at = Date.parse(order.since)
    if (newest === undefined || at > newest.at) newest = { paymentKey: order.paymentKey, at }
  }
  return newest?.paymentKey
}

/**
 * While the board shows: one press of the key silences one order, `orderToSilence`'s. A held key's repeats and
 * the key with a modifier do nothing, so a press is exactly one order.
 */
export function useSilenceKey(attention: Attention | undefined, silence: (paymentKey: string) => void): void {
  const target = orderToSilence(attention)
  useEffect(() => {
    if (target === undefined) return undefined
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== SILENCE_KEY || event.repeat) return
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return
      event.preventDefault()
      silence(target)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [target, silence])
}

/** "Hazır": the order is ready for the courier; the card follows through `orderChanged`. */
export function useMarkReady() {
  return useMutation({
    mutationFn: (paymentKey: string) => unwrap(requireBridge().markOrderReady({ paymentKey })),
  })
}
