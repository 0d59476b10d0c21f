import { formatKurus } from '../../../../src-shared/money.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useCourierToday } from '../../queries.ts'
import { useCourierUi } from '../../state.ts'
import './couriers.css'

/**
 * Who carries what (issue 21): per courier out, "Ahmet · 3 paket · 399,90 ₺ nakit" (`+ ?` when the cash of some
 * bags cannot be known: an amount or a method missing, never read as zero). The lines are the core's, from
 * today's one settlement (issue 28), so the strip, the batch bar and Gün sonu agree. A press asks for that
 * courier's return: it sets `returnFor` (state.ts), which the return dialog reads. Nothing is shown while no
 * courier is out, or when the core does not answer.
 */
export function CourierStrip() {
  const { t, language } = useMessages()
  const ct = t.couriers
  const out = (useCourierToday().data?.out ?? []).filter((courier) => courier.packages > 0)
  const openReturn = useCourierUi((state) => state.openReturn)
  if (out.length === 0) return null
  return (
    <nav className="courier-strip" aria-label={ct.strip}>
      <ul>
        {out.map((courier) => {
          const cash = `${formatKurus(courier.cashToCollectKurus, language)}${courier.unknownCount > 0 || courier.amountUnknown > 0 ? ' + ?' : ''}`
          const line = ct.stripLine(courier.name, courier.packages, cash)
          return (
            <li key={courier.courierId}>
              <button
                type="button"
                className="button secondary courier-out"
                aria-label={ct.stripReturn(line)}
                onClick={() => openReturn(courier.courierId)}
              >
                {line}
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
