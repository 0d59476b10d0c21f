import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { AppError } from '../../../../src-shared/errors.ts'
import { requireBridge } from '../../api.ts'
import { useHandOverOrder, useOrderCall, useRemoveOrder } from '../../queries.ts'
import { focusOrderField, useBoardUi } from '../../state.ts'
import type { OrderActions } from './OrderActionButtons.tsx'
import { beep } from './sounds.ts'

/** How long `Kaldır` can be taken back before the order leaves the board (docs/decisions.md D41). */
export const REMOVE_UNDO_MS = 5000

/**
 * The board's row actions. Each one gives focus back to the order field (the next scan goes there), and a
 * refusal is kept per order to show on its card. `Kaldır` hides the order at once and removes it only when
 * its undo has run out: nothing is lost if the app stops meanwhile (the order simply stays).
 */
export function useBoardActions(sounds: boolean) {
  const soundsRef = useRef(sounds)
  soundsRef.current = sounds
  const { refusals, noteRefusal } = useRefusals(soundsRef)
  const handOver = useHandOverOrder(noteRefusal)
  const remove = useRemoveOrder(noteRefusal)
  const withdraw = useOrderCall(
    ({ paymentKey }) => requireBridge().withdrawHandover({ paymentKey }),
    noteRefusal,
  )
  const sendNow = useOrderCall(
    ({ paymentKey }) => requireBridge().retryHandoverNow({ paymentKey }),
    noteRefusal,
  )
  const panelCheck = useOrderCall((input) => requireBridge().recordPanelCheck(input), noteRefusal)
  const setRemoving = useBoardUi((state) => state.setRemoving)
  const removalTimers = useRef(new Map<string, number>())

  const mutate = {
    handOver: handOver.mutate,
    remove: remove.mutate,
    withdraw: withdraw.mutate,
    sendNow: sendNow.mutate,
    panelCheck: panelCheck.mutate,
  }
  const latest = useRef(mutate)
  latest.current = mutate

  const actions = useMemo<OrderActions>(() => {
    const thenFocus =
      <A extends unknown[]>(run: (...args: A) => void) =>
      (...args: A) => {
        run(...args)
        focusOrderField()
      }
    return {
      handOver: thenFocus((paymentKey: string) => {
        if (soundsRef.current) beep('handover')
        latest.current.handOver(paymentKey)
      }),
      withdraw: thenFocus((paymentKey: string) => latest.current.withdraw({ paymentKey, handedOver: false })),
      sendNow: thenFocus((paymentKey: string) => latest.current.sendNow({ paymentKey, handedOver: false })),
      panelCheck: thenFocus((paymentKey: string, handedOver: boolean) =>
        latest.current.panelCheck({ paymentKey, handedOver }),
      ),
      remove: thenFocus((paymentKey: string) => {
        setRemoving(paymentKey, Date.now() + REMOVE_UNDO_MS)
        const timer = window.setTimeout(() => {
          removalTimers.current.delete(paymentKey)
          latest.current.remove(paymentKey, { onSettled: () => setRemoving(paymentKey, undefined) })
        }, REMOVE_UNDO_MS)
        removalTimers.current.set(paymentKey, timer)
      }),
    }
  }, [setRemoving])

  const undoRemove = useCallback(
    (paymentKey: string) => {
      window.clearTimeout(removalTimers.current.get(paymentKey))
      removalTimers.current.delete(paymentKey)
      setRemoving(paymentKey, undefined)
      focusOrderField()
    },
    [setRemoving],
  )

  useRemovalsOnLeave(removalTimers, setRemoving)

  return { actions, refusals, undoRemove }
}

/** Each order's last refusal, to show on its card; a new refusal beeps when sounds are on. */
function useRefusals(soundsRef: { readonly current: boolean }) {
  const [refusals, setRefusals] = useState<ReadonlyMap<string, AppError>>(new Map())
  const noteRefusal = useCallback(
    (paymentKey: string, refusal: AppError | undefined) => {
      setRefusals((current) => {
        if (current.get(paymentKey) === refusal) return current
        const next = new Map(current)
        if (refusal) next.set(paymentKey, refusal)
        else next.delete(paymentKey)
        return next
      })
      if (refusal && soundsRef.current) beep('failure')
    },
    [soundsRef],
  )
  return { refusals, noteRefusal }
}

/** Leaving the board (sign-out, another screen) removes what was asked to be removed: the press stands. */
function useRemovalsOnLeave(
  removalTimers: { readonly current: Map<string, number> },
  setRemoving: (paymentKey: string, until: number | undefined) => void,
) {
  useEffect(() => {
    const timers = removalTimers.current
    return () => {
      for (const [paymentKey, timer] of timers) {
        window.clearTimeout(timer)
        void requireBridge().removeOrder({ paymentKey })
        setRemoving(paymentKey, undefined)
      }
      timers.clear()
    }
  }, [removalTimers, setRemoving])
}
