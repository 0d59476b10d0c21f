import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { isOwed } from '../../../../src-shared/order-rules.ts'
import { ReadyButton } from '../../attention/AttentionMark.tsx'
import { isAlreadyOnItsWay } from '../../i18n/describe-error.ts'
import { useMessages } from '../../i18n/use-messages.tsx'
import { SlipButton } from '../../slip/SlipButton.tsx'
import { focusOrderField } from '../../state.ts'

/** What a card's buttons do; one object for the whole board, so a card re-renders only when its order does. */
export interface OrderActions {
  /** `Kuryeye Verildi`, naming the courier who takes it when `courierId` is given (issue 21). */
  handOver: (paymentKey: string, courierId?: string) => void
  withdraw: (paymentKey: string) => void
  sendNow: (paymentKey: string) => void
  panelCheck: (paymentKey: string, handedOver: boolean) => void
  remove: (paymentKey: string) => void
}

/** The id of an order's main button: a scan that finds the order moves focus there, so Enter hands it over. */
export function mainButtonIdOf(paymentKey: string): string {
  return `handover-${paymentKey}`
}

/**
 * The card's main action for where its hand-over stands (docs/decisions.md D40, D42): `Kuryeye Verildi`; in
 * the undo window a countdown and `Geri al`; `Şimdi dene` while retrying; the panel check when unconfirmed;
 * nothing to press when the platform says the order is already on its way. Each names its order.
 */
export function OrderActionButtons({
  order,
  code,
  actions,
}: {
  order: BoardOrder
  code: string
  actions: OrderActions
}) {
  const { t } = useMessages()
  const rt = useMessages().t.board
  const { handover, paymentKey } = order
  const id = mainButtonIdOf(paymentKey)
  switch (handover.state) {
    case 'handed-over':
      return null
    case 'queued':
      if (handover.sendAt !== undefined) {
        return (
          <UndoCountdown
            id={id}
            sendAt={handover.sendAt}
            code={code}
            onUndo={() => actions.withdraw(paymentKey)}
          />
        )
      }
      break
    case 'retrying':
      return (
        <MainButton
          id={id}
          className="button primary"
          label={rt.sendNowOrder(code)}
          onClick={() => actions.sendNow(paymentKey)}
        >
          {rt.sendNow}
        </MainButton>
      )
    case 'unconfirmed':
      return (
        <PanelCheck
          id={id}
          code={code}
          onAnswer={(handedOver) => actions.panelCheck(paymentKey, handedOver)}
        />
      )
    case 'failed':
      if (isAlreadyOnItsWay(handover.error)) return null
      return (
        <MainButton id={id} label={rt.retryOrder(code)} onClick={() => actions.handOver(paymentKey)}>
          {t.retry}
        </MainButton>
      )
    default:
      break
  }
  const owed = isOwed(handover)
  return (
    <MainButton
      id={id}
      busy={owed}
      // The name carries the words on the button (label in name, WCAG 2.5.3): while owed it says "sending".
      label={owed ? rt.sendingOrder(code) : rt.handOverOrder(code)}
      onClick={() => actions.handOver(paymentKey)}
    >
      {owed ? t.sending : t.handOver}
    </MainButton>
  )
}

/** The undo window's countdown, from the core's `sendAt` (the core owns the timer; this only shows it). */
function UndoCountdown({
  id,
  sendAt,
  code,
  onUndo,
}: {
  id: string
  sendAt: string
  code: string
  onUndo: () => void
}) {
  const rt = useMessages().t.board
  const secondsLeft = () => Math.max(0, Math.ceil((Date.parse(sendAt) - Date.now()) / 1000))
  const [seconds, setSeconds] = useState(secondsLeft)
  useEffect(() => {
    const timer = window.setInterval(() => setSeconds(secondsLeft()), 250)
    return () => window.clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- secondsLeft reads only sendAt
  }, [sendAt])
  return (
    <div className="undo-window">
      <span className="undo-countdown">{rt.undoCountdown(seconds)}</span>
      <button
        id={id}
        type="button"
        className="button warning"
        aria-label={rt.undoOrder(code)}
        onClick={onUndo}
      >
        {rt.undo}
      </button>
    </div>
  )
}

/** An unconfirmed hand-over: staff checked the platform's own panel and say what they saw (D42). */
function PanelCheck({
  id,
  code,
  onAnswer,
}: {
  id: string
  code: string
  onAnswer: (handedOver: boolean) => void
}) {
  const rt = useMessages().t.board
  return (
    <div className="panel-check" role="group" aria-label={rt.panelCheck}>
      <span className="panel-check-title">{rt.panelCheck}</span>
      <button
        id={id}
        type="button"
        className="button primary small"
        aria-label={rt.panelHandedOverOrder(code)}
        onClick={() => onAnswer(true)}
      >
        {rt.panelHandedOver}
      </button>
      <button
        type="button"
        className="button secondary small"
        aria-label={rt.panelNotHandedOverOrder(code)}
        onClick={() => onAnswer(false)}
      >
        {rt.panelNotHandedOver}
      </button>
    </div>
  )
}

/** A card's main button: the one a scan that finds the order focuses; `busy` while its hand-over is owed. */
function MainButton({
  id,
  className = 'button primary handover',
  label,
  busy,
  onClick,
  children,
}: {
  id: string
  className?: string
  label: string
  busy?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      id={id}
      type="button"
      className={className}
      disabled={busy}
      aria-busy={busy}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

/**
 * The card's secondary presses in one menu (issue 30): "Hazır", `Fiş yazdır`, `PDF olarak kaydet` and `Kaldır`.
 * Out of the card's height, so four real orders fit at 1024×768, and apart from `Kuryeye Verildi`, so a slip of
 * the finger never removes an order (D41). A native popover: outside a press or Escape closes it; any press in it
 * closes it too and gives focus back to the order field, where the next scan goes.
 */
export function OrderMenu({
  order,
  code,
  actions,
}: {
  order: BoardOrder
  code: string
  actions: OrderActions
}) {
  const { t } = useMessages()
  const rt = useMessages().t.board
  const id = useId()
  const buttonRef = useRef<HTMLButtonElement | null>(null)
  const popupRef = useRef<HTMLDivElement | null>(null)
  const [open, setOpen] = useState(false)
  // Escape closes the menu only: taken before the board's own Escape (a batch's Bitir) sees it.
  useEffect(() => {
    if (!open) return undefined
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      ;(popupRef.current as Partial<HTMLElement> | null)?.hidePopover?.()
      focusOrderField()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [open])
  return (
    <div className="order-menu">
      <button
        ref={buttonRef}
        type="button"
        className="button secondary small order-menu-button"
        aria-label={rt.moreActionsOrder(code)}
        aria-expanded={open}
        popoverTarget={id}
      >
        {rt.moreActions}
      </button>
      <div
        ref={popupRef}
        id={id}
        popover="auto"
        className="order-menu-popup"
        aria-label={rt.moreActionsOrder(code)}
        role="group"
        onBeforeToggle={(event) => {
          const box = buttonRef.current?.getBoundingClientRect()
          if (event.newState !== 'open' || !box) return
          // Under its button, right edges aligned (top layer: placed by hand, not by the card).
          event.currentTarget.style.top = `${String(Math.round(box.bottom + 4))}px`
          event.currentTarget.style.right = `${String(Math.round(window.innerWidth - box.right))}px`
        }}
        onToggle={(event) => setOpen(event.newState === 'open')}
        onClick={(event) => {
          if (!(event.target instanceof Element) || !event.target.closest('button')) return
          // jsdom (the unit tests) has no popover API.
          ;(event.currentTarget as Partial<HTMLElement>).hidePopover?.()
          focusOrderField()
        }}
      >
        <ReadyButton order={order} />
        <SlipButton order={order} />
        <button
          type="button"
          className="button secondary small"
          aria-label={t.removeOrder(code)}
          disabled={isOwed(order.handover)}
          onClick={() => actions.remove(order.paymentKey)}
        >
          {t.remove}
        </button>
      </div>
    </div>
  )
}
