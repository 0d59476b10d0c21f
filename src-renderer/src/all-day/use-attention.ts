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

/** "Hazır": the order is ready for the courier; the card follows through `orderChanged`. */
export function useMarkReady() {
  return useMutation({
    mutationFn: (paymentKey: string) => unwrap(requireBridge().markOrderReady({ paymentKey })),
  })
}
