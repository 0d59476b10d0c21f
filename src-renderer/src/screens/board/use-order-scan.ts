import { useEffect, useRef, useState } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { appErrorOf } from '../../api.ts'
import { describeError } from '../../i18n/describe-error.ts'
import type { Messages } from '../../i18n/messages.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useAccounts, useAddOrder, useAssignCourier, useCouriers } from '../../queries.ts'
import { accountIdByName, scannedAccountName } from '../../slip/slip-account.ts'
import { useBoardUi } from '../../state.ts'
import { appReach } from '../../web-bridge.ts'
import { foundAs, ordersWithCode, paymentKeyIn, shortCodeIn, type FoundAs } from './board-rules.ts'
import { checkDetails, clearedWhereUnchanged, type DetailsDraft } from './OrderDetailsFields.tsx'
import type { ScanOutcome } from './ScanOutcomeView.tsx'
import { readScan, type ScanReading } from './read-scan.ts'
import { installKeyTrail, type KeyTrail, type TypedKeys } from './scan-keys.ts'
import { beep } from './sounds.ts'
import { useCourierScan } from './use-courier-scan.ts'

/** Reads that had to be read through another keyboard language, by what they were read as: kept this many. */
const KEPT_READINGS = 20

/**
 * What the order field does with what it read (docs/decisions.md D41): an order's id adds it; a short code
 * finds it (several: staff choose); an id already on the board is shown, not added twice. Every read ends in
 * an outcome that says what was read and what came of it. A courier's badge and, during a batch scan-out, each
 * package go to use-courier-scan.ts first.
 */
export function useOrderScan(
  orders: readonly BoardOrder[] | undefined,
  sounds: boolean,
  details: DetailsDraft,
  setDetails: (update: (current: DetailsDraft) => DetailsDraft) => void,
) {
  const { t } = useMessages()
  const rt = useMessages().t.board
  const addOrder = useAddOrder()
  const accounts = useAccounts().data ?? []
  const assignCourier = useAssignCourier()
  const revealOrder = useBoardUi((state) => state.revealOrder)
  const announce = useBoardUi((state) => state.announce)
  const [outcome, setOutcome] = useState<ScanOutcome | undefined>()
  // Stryker disable next-line ArrayDeclaration: a list of anything but couriers holds no working courier's badge
  const couriers = useCouriers().data ?? []
  const badges = couriers.flatMap((one) =>
    one.retired || !one.badge
      ? // Stryker disable next-line ArrayDeclaration: a badge code is upper case with no space, never a placeholder
        []
      : [one.badge],
  )
  const trail = useKeyTrail()
  // What arrived, and what to say of the scanner's keyboard language, for each read the board acts on: every
  // outcome (some come later, from the core's answer) shows what arrived, not only what it was read as.
  const readings = useRef(new Map<string, { arrived: string; note: string | undefined }>())

  const tell = (next: ScanOutcome) => {
    const reading = readings.current.get(next.read)
    setOutcome(
      reading
        ? {
            ...next,
            read: reading.arrived,
            ...(reading.arrived === next.read ? {} : { readAs: next.read }),
            note: reading.note,
          }
        : next,
    )
    if (sounds) beep(next.failed ? 'failure' : 'scan')
  }
  const courierScan = useCourierScan(orders, tell)

  /** The scan as its scanner meant it (issue 30), remembered with what arrived and what to tell staff. */
  function understood(arrived: string): string {
    // Stryker disable next-line OptionalChaining: the trail is installed on mount, and React runs that effect before any event reaches scan
    const typed = trail.current?.keysFor(arrived)
    const reading = readScan(arrived, { keys: typed?.keys, badges })
    const note = layoutNote(reading, typed, t)
    readings.current.delete(reading.text)
    if (reading.text !== arrived || note !== undefined) {
      readings.current.set(reading.text, { arrived, note })
      // The oldest go first: a Map keeps its keys in the order they were set.
      for (const oldest of readings.current.keys()) {
        if (readings.current.size <= KEPT_READINGS) break
        readings.current.delete(oldest)
      }
    }
    return reading.text
  }

  function show(order: BoardOrder, read: string, text: (code: string) => string, found?: FoundAs) {
    const seen = found === undefined ? {} : { found: { paymentKey: order.paymentKey, as: found } }
    tell({ read, text: text(shortCodeOf(order.paymentKey)), failed: false, ...seen })
    revealOrder(order.paymentKey)
  }

  function scan(arrived: string) {
    // Web mode lost its app: nothing a scan asks for can be done, and the board may be out of date (issue 30).
    if (appReach() === 'lost') {
      readings.current.delete(arrived)
      tell({ read: arrived, text: t.errorAppUnreachable, failed: true })
      return
    }
    const read = understood(arrived)
    // A courier's badge, and each package of a batch scan-out (issue 21).
    if (courierScan(read, () => orderRead(read))) return
    orderRead(read)
  }

  /** An order's id or short code: added, found, or shown. */
  function orderRead(read: string) {
    // A short code is the whole read, six hex digits: never an order's id, which is 32.
    const code = shortCodeIn(read)
    if (code !== undefined) {
      const matches = ordersWithCode(orders ?? [], code)
      const [only] = matches
      if (matches.length === 1 && only) show(only, read, rt.scanFound[foundAs(only)], foundAs(only))
      else if (matches.length === 0) tell({ read, text: rt.scanNotFound(code), failed: true })
      else tell({ read, text: rt.scanSeveral(code, matches.length), failed: false, choices: matches })
      return
    }
    const key = paymentKeyIn(read)
    const existing = orders?.find((order) => order.paymentKey === key)
    if (existing) {
      show(existing, read, rt.scanAlreadyOnBoard)
      return
    }
    const submitted = details
    // An amount that does not read one way sends nothing (the return dialog's rule): staff fix it and scan again.
    const checked = checkDetails(details, t)
    if (!checked.ok) {
      tell({ read, text: t.orderAmountRefused(checked.problem), failed: true })
      return
    }
    const { courierId } = checked
    // The app's own slip names its account (issue 29): the order comes back under it, not the default one.
    const slipAccount = scannedAccountName(read)
    const account = slipAccount === undefined ? undefined : accountIdByName(accounts, slipAccount)
    // Each scan's own answer (mutateAsync): mutate's callbacks would fire only for the latest of scans in flight,
    // leaving an earlier order without its courier, its outcome or its details cleared.
    void addOrder
      .mutateAsync({ text: read, ...checked.details, ...(account === undefined ? {} : { account }) })
      .then(
        (order) => {
          // Details are cleared only where they still hold the submitted value: staff may be choosing the next.
          setDetails((current) => clearedWhereUnchanged(current, submitted))
          const added = shortCodeOf(order.paymentKey)
          tell({ read, text: rt.scanAdded(added), failed: false })
          announce(rt.announceAdded(added))
          if (courierId === undefined) return
          assignCourier.mutateAsync({ paymentKey: order.paymentKey, courierId }).catch((error: unknown) => {
            const appError = appErrorOf(error)
            const why = appError ? describeError(appError, t).text : rt.scanFailed
            tell({ read, text: t.orderCourierFailed(added, why), failed: true })
          })
        },
        (error: unknown) => {
          const appError = appErrorOf(error)
          tell({ read, text: appError ? describeError(appError, t).text : rt.scanFailed, failed: true })
        },
      )
  }

  /** Staff chose one of several orders with the code read. */
  function choose(order: BoardOrder) {
    setOutcome((current) => current && { ...current, choices: undefined })
    revealOrder(order.paymentKey)
  }

  return { outcome: currentOutcome(outcome, orders, rt), scan, choose }
}

/**
 * A found order's advice ("Enter ile kuryeye verin", "Enter geri alır") holds only while its hand-over stands where
 * it stood (issue 30): once it moved on (pressed, sent, handed over), the line says only that it was found.
 */
function currentOutcome(
  outcome: ScanOutcome | undefined,
  orders: readonly BoardOrder[] | undefined,
  rt: Messages['board'],
): ScanOutcome | undefined {
  if (!outcome?.found) return outcome
  const { found } = outcome
  const order = orders?.find((one) => one.paymentKey === found.paymentKey)
  if (!order || foundAs(order) === found.as) return outcome
  return { ...outcome, text: rt.scanFoundEarlier(shortCodeOf(order.paymentKey)) }
}

/** The keys typed anywhere on the page while the board is shown: a scan's, to read it whatever its layout. */
function useKeyTrail() {
  const trail = useRef<KeyTrail | undefined>(undefined)
  useEffect(
    () => {
      const installed = installKeyTrail()
      trail.current = installed
      return () => installed.stop()
    },
    // Stryker disable next-line ArrayDeclaration: any dependencies that never change run the effect once, on mount, as [] does
    [],
  )
  return trail
}

/**
 * What to tell staff of the scanner's keyboard language (issue 30): a read understood only through another
 * layout works, but the scanner should be set right; a read that names nothing and looks mangled (typed at a
 * scanner's pace, when the keys are known) most likely failed for that reason. Each says what to change.
 */
function layoutNote(reading: ScanReading, typed: TypedKeys | undefined, t: Messages): string | undefined {
  const st = t.scanner
  const computer = reading.layouts?.computer
  const understoodThrough = reading.kind !== undefined && reading.layouts !== undefined
  // Only a read that named nothing known is called mangled (read-scan.ts).
  const failedSo = reading.mangled && (typed === undefined || typed.burst)
  if (!understoodThrough && !failedSo) return undefined
  const seen =
    reading.layouts && computer
      ? ` ${st.seen(st.layouts[reading.layouts.scanner], st.layouts[computer])}`
      : ''
  return `${st.differs}${seen} ${st.fix(computer && st.layouts[computer])}`
}
