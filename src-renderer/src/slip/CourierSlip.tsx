import type { BoardOrder, Language } from '../../../src-shared/domain.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { dictionaries, formatTime } from '../i18n/index.ts'
import { courierCollectsCash } from './cash.ts'
import { qrSvg } from './qr-svg.ts'

/** The receipt-roll widths the slip is laid out for (Settings). */
export type PaperWidth = 80 | 58

export interface CourierSlipProps {
  order: Pick<
    BoardOrder,
    'paymentKey' | 'shippingMethod' | 'paymentMethod' | 'courierType' | 'label' | 'handover'
  >
  /** Method key → the platform's name for it (the staff's words); unknown keys are shown as they are (D6). */
  methodNames: ReadonlyMap<string, string>
  /** The branch's name, when the app knows which branch the order is for (a branch-scoped session). */
  branchName?: string | undefined
  language: Language
  paperWidth: PaperWidth
  /** When the slip is printed: shown when the order has not been handed over yet (ISO). */
  printedAt: string
}

/**
 * What the courier takes along: the short code in large type to read aloud, the full payment_key as a QR code
 * that scans back into the app's order field, what is known of the order, and — in bold, only for cash
 * orders our courier delivers — that the courier collects cash. Styles: slip.css (the page's paper size too).
 */
export function CourierSlip({
  order,
  methodNames,
  branchName,
  language,
  paperWidth,
  printedAt,
}: CourierSlipProps) {
  const t = dictionaries[language].slip
  const nameOf = (key: string | undefined) => (key === undefined ? undefined : (methodNames.get(key) ?? key))
  const shipping = nameOf(order.shippingMethod)
  const payment = nameOf(order.paymentMethod)
  const qr = qrSvg(order.paymentKey)
  const time =
    order.handover.state === 'handed-over'
      ? t.handedOverAt(formatTime(order.handover.at, language))
      : t.printedAt(formatTime(printedAt, language))

  return (
    <article className={`slip slip-${paperWidth}mm`} lang={language} data-paper-mm={paperWidth}>
      <p className="slip-title">{t.slipTitle}</p>
      <p className="slip-code" aria-label={t.orderCode}>
        {shortCodeOf(order.paymentKey)}
      </p>
      {branchName && <Fact name={t.branch} value={branchName} />}
      {shipping && <Fact name={t.shipping} value={shipping} />}
      {payment && <Fact name={t.payment} value={payment} />}
      {courierCollectsCash(order) && <p className="slip-cash">{t.collectCash}</p>}
      {order.label && <Fact name={t.note} value={order.label} />}
      <p className="slip-time">{time}</p>
      <svg
        className="slip-qr"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label={t.qrLabel(order.paymentKey)}
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
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
