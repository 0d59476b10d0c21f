import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { AppError } from '../../../../src-shared/errors.ts'
import { requireBridge } from '../../api.ts'
import { useHandOverOrder, useOrderCall, useRemoveOrder } from '../../queries.ts'
import { focusOrderField, useBoardUi } from '../../state.ts'
import type { OrderActions } from './OrderActionButtons.tsx'
import { beep } from './sounds.ts'

/** How long `Kaldır` can be taken back before the order leaves the board (docs/decisions.md D41). */
const REMOVE_UNDO_MS = 5000

/**
 * The board's row actions. Each one gives focus back to the order field (the next scan goes there), and a
 * refusal is kept per order to show on its card. `Kaldır` removes the order in the core at once, so the
 * removal stands if the app stops; for a few seconds `Geri al` asks the core to put it back as it was.
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
  const restore = useOrderCall(({ paymentKey }) => requireBridge().restoreOrder({ paymentKey }), noteRefusal)
  const setRemoving = useBoardUi((state) => state.setRemoving)
  const removalTimers = useRef(new Map<string, number>())

  const mutate = {
    handOver: handOver.mutate,
    remove: remove.mutate,
    withdraw: withdraw.mutate,
    sendNow: sendNow.mutate,
    panelCheck: panelCheck.mutate,
    restore: restore.mutate,
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
      handOver: thenFocus((paymentKey: string, courierId?: string) => {
        if (soundsRef.current) beep('handover')
        latest.current.handOver(courierId === undefined ? paymentKey : { paymentKey, courierId })
      }),
      withdraw: thenFocus((paymentKey: string) => latest.current.withdraw({ paymentKey, handedOver: false })),
      sendNow: thenFocus((paymentKey: string) => latest.current.sendNow({ paymentKey, handedOver: false })),
      panelCheck: thenFocus((paymentKey: string, handedOver: boolean) =>
        latest.current.panelCheck({ paymentKey, handedOver }),
      ),
      remove: thenFocus((paymentKey: string) => {
        // Hidden at once; the note with `Geri al` stays for REMOVE_UNDO_MS.
        setRemoving(paymentKey, Date.now() + REMOVE_UNDO_MS)
        const forget = () => {
          window.clearTimeout(removalTimers.current.get(paymentKey))
          removalTimers.current.delete(paymentKey)
          setRemoving(paymentKey, undefined)
        }
        removalTimers.current.set(paymentKey, window.setTimeout(forget, REMOVE_UNDO_MS))
        // Refused (a hand-over still owed): the order shows again, with the refusal on its card.
        latest.current.remove(paymentKey, { onError: forget })
      }),
    }
  }, [setRemoving])

  const undoRemove = useCallback(
    (paymentKey: string) => {
      window.clearTimeout(removalTimers.current.get(paymentKey))
      removalTimers.current.delete(paymentKey)
      setRemoving(paymentKey, undefined)
      latest.current.restore({ paymentKey, handedOver: false })
      focusOrderField()
    },
    [setRemoving],
  )

  useRemovalNotesClearedOnLeave(removalTimers, setRemoving)

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

/** Leaving the board (sign-out, another screen) ends the chance to undo: the removals already stand. */
function useRemovalNotesClearedOnLeave(
  removalTimers: { readonly current: Map<string, number> },
  setRemoving: (paymentKey: string, until: number | undefined) => void,
) {
  useEffect(() => {
    const timers = removalTimers.current
    return () => {
      for (const [paymentKey, timer] of timers) {
        window.clearTimeout(timer)
        setRemoving(paymentKey, undefined)
      }
      timers.clear()
    }
  }, [removalTimers, setRemoving])
}
