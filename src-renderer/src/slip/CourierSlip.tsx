import type { BoardOrder, Language } from '../../../src-shared/domain.ts'
import { formatKurus } from '../../../src-shared/money.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { dictionaries, formatTime } from '../i18n/index.ts'
import { courierCollectsAtDoor, isCash } from './cash.ts'
import { slipQrText } from './slip-account.ts'
import { SlipQr } from './SlipQr.tsx'

/** The receipt-roll widths the slip is laid out for (Settings). */
export type PaperWidth = 80 | 58

export interface CourierSlipProps {
  order: Pick<
    BoardOrder,
    'paymentKey' | 'shippingMethod' | 'paymentMethod' | 'courierType' | 'label' | 'handover' | 'amountKurus'
  >
  /** Method key → the platform's name for it (the staff's words); unknown keys are shown as they are (D6). */
  methodNames: ReadonlyMap<string, string>
  /** The branch's name, when the app knows which branch the order is for (a branch-scoped session). */
  branchName?: string | undefined
  language: Language
  paperWidth: PaperWidth
  /** When the slip is printed: shown when the order has not been handed over yet (ISO). */
  printedAt: string
  /** The payment methods the courier collects at the door (Settings; `CASH` when left out). */
  collectedAtDoor?: readonly string[] | undefined
  /** The order's account's short name, with two accounts or more (issue 29): said, and carried by the QR. */
  accountName?: string | undefined
}

/**
 * What the courier takes along: the short code in large type to read aloud, the full payment_key as a QR code
 * that scans back into the app's order field, what is known of the order, and — in bold, only for orders our
 * courier delivers paid by a method collected at the door (Settings) — that the courier collects, and how much
 * when the amount is known. Styles: slip.css (the page's paper size too).
 */
export function CourierSlip({
  order,
  methodNames,
  branchName,
  language,
  paperWidth,
  printedAt,
  collectedAtDoor,
  accountName,
}: CourierSlipProps) {
  const t = dictionaries[language].slip
  const ct = dictionaries[language].couriers
  const nameOf = (key: string | undefined) => (key === undefined ? undefined : (methodNames.get(key) ?? key))
  const shipping = nameOf(order.shippingMethod)
  const payment = nameOf(order.paymentMethod)
  const time =
    order.handover.state === 'handed-over'
      ? t.handedOverAt(formatTime(order.handover.at, language))
      : t.printedAt(formatTime(printedAt, language))

  return (
    <article className={`slip slip-${paperWidth}mm`} lang={language} data-paper-mm={paperWidth}>
      <p className="slip-title">{t.title}</p>
      <p className="slip-code" aria-label={t.orderCode}>
        {shortCodeOf(order.paymentKey)}
      </p>
      {accountName && <Fact name={dictionaries[language].accounts.filter} value={accountName} />}
      {branchName && <Fact name={t.branch} value={branchName} />}
      {shipping && <Fact name={t.shipping} value={shipping} />}
      {payment && <Fact name={t.payment} value={payment} />}
      {courierCollectsAtDoor(order, collectedAtDoor) && (
        <>
          <p className="slip-cash">
            {isCash(order.paymentMethod) ? t.collectCash : ct.collectAtDoor(payment ?? '')}
          </p>
          {order.amountKurus !== undefined && (
            <p className="slip-amount">{ct.amountToCollect(formatKurus(order.amountKurus, language))}</p>
          )}
        </>
      )}
      {order.label && <Fact name={t.note} value={order.label} />}
      <p className="slip-time">{time}</p>
      <SlipQr text={slipQrText(order.paymentKey, accountName)} label={t.qrLabel(order.paymentKey)} />
      <p className="slip-key">{order.paymentKey}</p>
      <p className="slip-hint">{t.qrHint}</p>
    </article>
  )
}

function Fact({ name, value }: { name: string; value: string }) {
  return (
    <p className="slip-fact">
      <span className="slip-fact-name">{name}:</span> <span className="slip-fact-value">{value}</span>
    </p>
  )
}
