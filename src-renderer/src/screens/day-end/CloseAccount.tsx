import { useState } from 'react'
import type { CourierDayEnd } from '../../../../src-shared/couriers.ts'
import { formatKurus } from '../../../../src-shared/money.ts'
import { shortCodeOf } from '../../../../src-shared/order-rules.ts'
import { appErrorOf } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { formatTime } from '../../i18n/index.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useCloseCourierAccount } from '../../queries.ts'
import { dayText } from './day-end-format.ts'
import { useRequestId } from './use-request-id.ts'

/**
 * "Hesabı kapat" (issue 28): settles the courier's open account once, so its bags and movements are never
 * counted again. Asked first, saying what will happen: a shortfall becomes a dated debt on the courier; an
 * overage is booked as staff choose, a tip (bahşiş) or a credit; a courier still carrying bags is listed with
 * them, and closing then counts them here. The core decides (it refuses `courier-out` or `overage-choice` when
 * it sees otherwise); this only asks. Below: the day's closings and the debts still owed, oldest first.
 */
export function CloseAccount({ courier, day }: { courier: CourierDayEnd; day: string | undefined }) {
  const { t, language } = useMessages()
  const ct = t.courierCash
  const close = useCloseCourierAccount()
  const requestId = useRequestId()
  const [asking, setAsking] = useState(false)
  const [saved, setSaved] = useState(false)
  const error = appErrorOf(close.error)
  const money = (kurus: number) => formatKurus(kurus, language)
  const carried = courier.bags.filter((bag) => bag.carried && !bag.refused)
  const difference = courier.differenceKurus
  const today = day ?? new Date().toISOString().slice(0, 10)
  // Something not yet settled by a closing: bags or movements of the open account.
  const open = !courier.closed

  const send = (overage?: 'tip' | 'credit') => {
    const input = {
      courierId: courier.courierId,
      ...(overage === undefined ? {} : { overage }),
      ...(carried.length > 0 ? { carryingConfirmed: true } : {}),
      ...(day === undefined ? {} : { day }),
    }
    close.mutate(
      { ...input, requestId: requestId.idFor(JSON.stringify(input)) },
      {
        onSuccess: () => {
          requestId.done()
          setAsking(false)
          setSaved(true)
        },
      },
    )
  }

  return (
    <section className="close-account" aria-label={ct.closeAccount}>
      {open && !asking && (
        <button
          type="button"
          className="button warning"
          onClick={() => {
            setSaved(false)
            setAsking(true)
          }}
        >
          {ct.closeAccount}
        </button>
      )}
      {saved && (
        <p className="success" role="status">
          {ct.closedSaved(courier.name)}
        </p>
      )}
      {asking && (
        <div className="confirm close-confirm" role="group" aria-label={ct.closeTitle(courier.name)}>
          <h3>{ct.closeTitle(courier.name)}</h3>
          {courier.unknownCount > 0 && <p className="field-problem">{ct.closeUnknown}</p>}
          {carried.length > 0 && (
            <>
              <p className="field-problem">{ct.closeCarrying(carried.length)}</p>
              <ul className="close-carried">
                {carried.map((bag) => (
                  <li key={bag.paymentKey}>
                    {shortCodeOf(bag.paymentKey)}
                    {bag.label !== undefined && ` · ${bag.label}`}
                    {bag.amountKurus !== undefined && ` · ${money(bag.amountKurus)}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          {difference < 0 && <p>{ct.closeShort(money(-difference), dayText(today, language))}</p>}
          {difference === 0 && <p>{ct.closeEven}</p>}
          {difference > 0 && <p>{ct.closeOver(money(difference))}</p>}
          {courier.payKurus !== null && <p>{ct.pay(money(courier.payKurus))}</p>}
          {error && <ErrorMessage error={error} />}
          <div className="return-buttons">
            {difference > 0 ? (
              <>
                <button
                  type="button"
                  className="button primary"
                  disabled={close.isPending}
                  onClick={() => send('tip')}
                >
                  {ct.closeTip}
                </button>
                <button
                  type="button"
                  className="button primary"
                  disabled={close.isPending}
                  onClick={() => send('credit')}
                >
                  {ct.closeCredit}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button primary"
                disabled={close.isPending}
                onClick={() => send()}
              >
                {carried.length > 0 ? ct.closeCarryingConfirm : ct.closeConfirm}
              </button>
            )}
            <button type="button" className="button secondary" onClick={() => setAsking(false)}>
              {ct.closeCancel}
            </button>
          </div>
        </div>
      )}
      {courier.closings.length > 0 && (
        <>
          <h3>{ct.closings}</h3>
          <ul className="closings">
            {courier.closings.map((closing) => (
              <li key={closing.id}>
                {ct.closingLine(
                  formatTime(closing.at, language),
                  money(closing.differenceKurus),
                  ct.booked[closing.booked],
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {courier.debts.length > 0 && (
        <>
          <h3>{ct.debts}</h3>
          <ul className="debts">
            {courier.debts.map((debt) => (
              <li key={debt.closingId}>
                {ct.debtLine(dayText(debt.since, language), money(debt.amountKurus))}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
