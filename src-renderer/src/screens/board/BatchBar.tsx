import { useEffect, useEffectEvent, useId } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useCouriers, useSettings } from '../../queries.ts'
import { manifestOf } from '../../slip/manifest.ts'
import { manifestJobKey, useSlipQueue } from '../../slip/slip-queue.ts'
import { focusOrderField, useBoardUi, useCourierUi } from '../../state.ts'
import { batchPackages, restoredBatch } from './batch-rules.ts'
import { useBatch, type Batch } from './batch-store.ts'
import type { OrderActions } from './OrderActionButtons.tsx'
import './couriers.css'

/** The bar lists this many of the latest packages; the title counts them all, the manifest lists them all. */
const SHOWN_PACKAGES = 6

/**
 * The batch scan-out under way (issue 21): "Ahmet’e veriliyor · 3 paket", the cash to collect so far, the latest
 * packages, `Geri al` for the last one while its undo window runs, `Zimmet fişi yazdır`, and `Bitir` (Esc). A package
 * taken back leaves the count and the manifest; the hand-overs themselves are the board's, one per package.
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
  const batch = useBatch((state) => state.batch)
  useRestoredBatchChecked(orders)
  // After a reload the board comes a moment after the batch: no "0 paket" meanwhile.
  if (!batch || orders === undefined) return null
  return <Bar batch={batch} orders={orders} actions={actions} methodNames={methodNames} />
}

/**
 * A batch read back after a reload (batch-store.ts) is checked once the couriers and the board are known: too
 * old, or its courier gone, and it is over; its packages no longer on the board leave it.
 */
function useRestoredBatchChecked(orders: readonly BoardOrder[] | undefined): void {
  const restored = useBatch((state) => state.restored)
  const couriers = useCouriers()
  // An older core answers no list (an error): the courier is then taken as stored.
  const listed = couriers.isPending ? undefined : (couriers.data ?? null)
  useEffect(() => {
    if (!restored || orders === undefined || listed === undefined) return
    const { batch, settleRestored } = useBatch.getState()
    settleRestored(batch && restoredBatch(batch, listed ?? undefined, orders, Date.now()))
  }, [restored, orders, listed])
}

function Bar({
  batch,
  orders,
  actions,
  methodNames,
}: {
  batch: Batch
  orders: readonly BoardOrder[]
  actions: OrderActions
  methodNames: ReadonlyMap<string, string>
}) {
  const { t, language } = useMessages()
  const ct = t.couriers
  const rt = useMessages().t.board
  const settings = useSettings().data
  const endBatch = useBatch((state) => state.endBatch)
  const announce = useBoardUi((state) => state.announce)
  const enqueue = useSlipQueue((state) => state.enqueue)
  const jobs = useSlipQueue((state) => state.jobs)
  const failed = useSlipQueue((state) => state.failed)
  const titleId = useId()
  const packages = batchPackages(batch.keys, orders, batch.courier.id)
  const collectedAtDoor = settings?.collectedAtDoor ?? ['CASH']
  // The bar's sums are the manifest's, made the same way (manifest.ts), so the screen and the paper agree.
  const summary = manifestOf({
    courier: batch.courier,
    orders: packages,
    at: new Date(0).toISOString(),
    collectedAtDoor,
    methodNames,
  })
  // `Geri al` for the package scanned last while its undo window runs: the likely slip of the scanner. Every
  // package's own card has its `Geri al` too; one button here keeps the bar two lines high at 800×600.
  const latest = packages.at(-1)
  const latestInUndo =
    latest?.handover.state === 'queued' && latest.handover.sendAt !== undefined ? latest : undefined
  // The latest packages only: the bar stays a few lines high at 800×600 (the title counts them all).
  const earlier = Math.max(0, summary.lines.length - SHOWN_PACKAGES)
  const printing = jobs.some((job) => job.manifest?.courier.id === batch.courier.id)
  const printFailed = [...failed].some((key) => key.startsWith(`manifest:${batch.courier.id}:`))

  const finish = () => {
    announce(ct.batchEnded(batch.courier.name, packages.length))
    endBatch()
    focusOrderField()
  }
  const print = () => {
    const manifest = manifestOf({
      courier: batch.courier,
      orders: packages,
      at: new Date().toISOString(),
      collectedAtDoor,
      methodNames,
    })
    enqueue({ paymentKey: manifestJobKey(manifest), output: 'print', manifest })
    focusOrderField()
  }

  // Esc ends the batch, unless a dialog (the picker, the return) is open and takes its own Esc.
  const onEscape = useEffectEvent(finish)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const ui = useCourierUi.getState()
      if (ui.picking !== undefined || ui.returnFor !== undefined) return
      if (document.querySelector('[role="dialog"]')) return
      onEscape()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <section className="batch-bar" aria-labelledby={titleId}>
      <div className="batch-bar-head">
        <h2 id={titleId} className="batch-bar-title">
          {ct.batchTitle(batch.courier.name, packages.length)}
        </h2>
        <p className="batch-bar-cash">
          {ct.batchCash(formatKurus(summary.totalKurus, language))}
          {summary.amountUnknown > 0 && <> {ct.batchAmountUnknown(summary.amountUnknown)}</>}
        </p>
        <div className="batch-bar-buttons">
          <button
            type="button"
            className="button primary small"
            disabled={packages.length === 0 || printing}
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
      {packages.length === 0 ? (
        <p className="batch-bar-hint">{ct.batchHint}</p>
      ) : (
        <div className="batch-bar-list">
          <ul className="batch-bar-packages" aria-label={ct.batchPackages}>
            {earlier > 0 && <li className="batch-earlier">{ct.batchEarlier(earlier)}</li>}
            {summary.lines.slice(earlier).map((line) => (
              <li key={line.paymentKey}>
                <span className="batch-code">{line.code}</span>
                {line.amountKurus !== undefined && (
                  <span className={line.collect ? 'batch-amount collect' : 'batch-amount'}>
                    {formatKurus(line.amountKurus, language)}
                  </span>
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
