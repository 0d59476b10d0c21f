import { useEffect, useEffectEvent, useId, useSyncExternalStore } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { useAccountTags } from '../../components/BrandTag.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useCourierToday, useEndCourierBatch } from '../../queries.ts'
import { manifestOf } from '../../slip/manifest.ts'
import { manifestJobKey, useSlipQueue } from '../../slip/slip-queue.ts'
import { focusOrderField, useBoardUi, useCourierUi } from '../../state.ts'
import { openBatchOf } from './batch-rules.ts'
import type { OrderActions } from './OrderActionButtons.tsx'
import './couriers.css'

/**
 * The time the bar is drawn at, read again every 15 s while a bar is mounted: a batch no scan touched for 15
 * minutes closes by itself (the core's rule, `batchIsOpen`), with no render reading the clock.
 */
let clockMs = Date.now()
const clockListeners = new Set<() => void>()
let clockTimer: ReturnType<typeof setInterval> | undefined
function subscribeClock(listener: () => void): () => void {
  clockMs = Date.now()
  clockListeners.add(listener)
  clockTimer ??= setInterval(() => {
    clockMs = Date.now()
    for (const one of clockListeners) one()
  }, 15_000)
  return () => {
    clockListeners.delete(listener)
    if (clockListeners.size === 0) {
      clearInterval(clockTimer)
      clockTimer = undefined
    }
  }
}
function useClock(): number {
  return useSyncExternalStore(subscribeClock, () => clockMs)
}

/** The bar lists this many of the latest bags; the title counts them all, the manifest lists them all. */
const SHOWN_PACKAGES = 6

/**
 * The batch scan-out under way (issue 21): "Ahmet’e veriliyor · 3 paket", the cash to collect so far, the latest
 * bags (a refused one marked "GÖNDERİLEMEDİ", in no total), `Geri al` for the last one while its undo window runs,
 * `Zimmet fişi yazdır`, and `Bitir` (Esc). The batch, its bags and its sums are the core's (issue 28: a ledger
 * fact, so a reload, another window and a restart show the same bar); this bar keeps nothing of its own.
 */
export function BatchBar({
  orders,
  actions,
  methodNames,
}: {
  orders: readonly BoardOrder[] | undefined
  actions: OrderActions
  methodNames: ReadonlyMap<string, string>
}) {
  const { t, language } = useMessages()
  const ct = t.couriers
  const rt = useMessages().t.board
  const batch = openBatchOf(useCourierToday().data, useClock())
  // With several accounts each bag says whose it is (issue 29): the board's order, else the settlement's.
  const { several, byId } = useAccountTags()
  const accountOf = several
    ? (paymentKey: string, account: string | undefined) =>
        byId.get(orders?.find((order) => order.paymentKey === paymentKey)?.account ?? account ?? '')
          ?.shortName
    : undefined
  const endBatch = useEndCourierBatch()
  const announce = useBoardUi((state) => state.announce)
  const enqueue = useSlipQueue((state) => state.enqueue)
  const jobs = useSlipQueue((state) => state.jobs)
  const failed = useSlipQueue((state) => state.failed)
  const titleId = useId()

  const finish = () => {
    if (!batch) return
    const carried = batch.bags.filter((bag) => !bag.refused).length
    endBatch.mutate({ batchId: batch.batchId })
    announce(ct.batchEnded(batch.name, carried))
    focusOrderField()
  }

  // Esc ends the batch, unless a dialog (the picker, the return) is open and takes its own Esc.
  const onEscape = useEffectEvent(finish)
  const open = batch !== undefined
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const ui = useCourierUi.getState()
      if (ui.picking !== undefined || ui.returnFor !== undefined) return
      if (document.querySelector('[role="dialog"]')) return
      onEscape()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  if (!batch) return null
  const summary = manifestOf({ batch, at: new Date(0).toISOString(), methodNames, accountOf })
  // `Geri al` for the bag scanned last while its undo window runs: the likely slip of the scanner. Every bag's
  // own card has its `Geri al` too; one button here keeps the bar two lines high at 800×600.
  const latestKey = batch.bags.at(-1)?.paymentKey
  const latest = orders?.find((order) => order.paymentKey === latestKey)
  const latestInUndo =
    latest?.handover.state === 'queued' && latest.handover.sendAt !== undefined ? latest : undefined
  const earlier = Math.max(0, summary.lines.length - SHOWN_PACKAGES)
  const printing = jobs.some((job) => job.manifest?.courier.id === batch.courierId)
  const printFailed = [...failed].some((key) => key.startsWith(`manifest:${batch.courierId}:`))
  const print = () => {
    const manifest = manifestOf({ batch, at: new Date().toISOString(), methodNames, accountOf })
    enqueue({ paymentKey: manifestJobKey(manifest), output: 'print', manifest })
    focusOrderField()
  }

  return (
    <section className="batch-bar" aria-labelledby={titleId}>
      <div className="batch-bar-head">
        <h2 id={titleId} className="batch-bar-title">
          {ct.batchTitle(batch.name, summary.packages)}
        </h2>
        <p className="batch-bar-cash">
          {ct.batchCash(formatKurus(summary.totalKurus, language))}
          {summary.unknownCount > 0 && <> {ct.batchUnknown(summary.unknownCount)}</>}
          {summary.refused > 0 && <> {ct.batchRefused(summary.refused)}</>}
        </p>
        <div className="batch-bar-buttons">
          <button
            type="button"
            className="button primary small"
            disabled={summary.lines.length === 0 || printing}
            aria-busy={printing}
            onClick={print}
          >
            {ct.printManifest}
          </button>
          <button type="button" className="button secondary small" onClick={finish}>
            {ct.batchFinish}
          </button>
        </div>
      </div>
      {summary.lines.length === 0 ? (
        <p className="batch-bar-hint">{ct.batchHint}</p>
      ) : (
        <div className="batch-bar-list">
          <ul className="batch-bar-packages" aria-label={ct.batchPackages}>
            {earlier > 0 && <li className="batch-earlier">{ct.batchEarlier(earlier)}</li>}
            {summary.lines.slice(earlier).map((line) => (
              <li key={line.paymentKey} className={line.refused ? 'batch-refused' : undefined}>
                <span className="batch-code">{line.code}</span>
                {line.refused ? (
                  <strong className="batch-refused-mark">{ct.manifestRefused}</strong>
                ) : line.tender === 'unknown' ||
                  (line.tender === 'cash' && line.amountKurus === undefined) ? (
                  <span className="batch-amount unknown">? {ct.manifestCheck}</span>
                ) : (
                  line.amountKurus !== undefined && (
                    <span className={line.tender === 'cash' ? 'batch-amount collect' : 'batch-amount'}>
                      {formatKurus(line.amountKurus, language)}
                      {line.tender === 'cash' ? '' : ` · ${ct.manifestPaid}`}
                    </span>
                  )
                )}
              </li>
            ))}
          </ul>
          {latestInUndo && (
            <button
              type="button"
              className="button warning small"
              aria-label={rt.undoOrder(shortCodeOf(latestInUndo.paymentKey))}
              onClick={() => actions.withdraw(latestInUndo.paymentKey)}
            >
              {rt.undo}: {shortCodeOf(latestInUndo.paymentKey)}
            </button>
          )}
        </div>
      )}
      {printFailed && !printing && (
        <p className="press-refusal" role="alert">
          {ct.manifestFailed}
        </p>
      )}
    </section>
  )
}
