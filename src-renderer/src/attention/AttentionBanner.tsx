import { useId, useState } from 'react'
import type { Attention, AttentionOrder } from '../../../src-shared/attention.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { useMessages } from '../i18n/use-messages.tsx'
import { focusOrderField } from '../state.ts'
import { orderToSilence, SILENCE_KEY, useSilenceAlarm, useSilenceKey } from './use-attention.ts'

/**
 * The top of the board while something needs staff (docs/decisions.md D70): the ringing orders, the paused state,
 * one line for what crossed while the app was closed, a lost session and a taken intake port. One ringing order is
 * one line with its own **Sessize al** (F8 presses the newest one's). In a rush it is still one line (issue 30):
 * "8 sipariş kuryeye verilmeyi bekliyor", **Hepsini sessize al**, and the list folded under it; the cards show
 * each order's alarm anyway.
 */
export function AttentionBanner({ attention }: { attention: Attention | undefined }) {
  const at = useMessages().t.attention
  const silence = useSilenceAlarm()
  useSilenceKey(attention, silence.mutate)
  const [listOpen, setListOpen] = useState(false)
  const listId = useId()
  if (!attention) return null
  const keyTarget = orderToSilence(attention)
  const ringing = attention.orders.filter((order) => order.alarm === 'ringing')
  const lines = [
    attention.paused ? at.paused : undefined,
    attention.crossedWhileClosed > 0 ? at.crossedWhileClosed(attention.crossedWhileClosed) : undefined,
    // Several accounts (issue 29): which brands' orders wait, and why.
    attention.lostAccounts?.length
      ? at.sessionLostOf(attention.lostAccounts.join(', '))
      : attention.sessionLost
        ? at.sessionLost
        : undefined,
    attention.intakePortTaken ? at.intakePortTaken : undefined,
    attention.dropFolderChanged === true ? at.dropFolderChanged : undefined,
  ].filter((line): line is string => line !== undefined)
  if (ringing.length === 0 && lines.length === 0) return null
  const silenceOne = (paymentKey: string) => {
    silence.mutate(paymentKey)
    focusOrderField()
  }
  const [only] = ringing
  return (
    <section className="attention-banner" aria-label={at.alarmTitle}>
      {only && ringing.length === 1 && (
        <ul className="attention-ringing">
          <RingingLine order={only} byKey={only.paymentKey === keyTarget} onSilence={silenceOne} />
        </ul>
      )}
      {ringing.length > 1 && (
        <>
          <div className="attention-summary">
            <p className="attention-count">
              {ringing.every((order) => order.reason === 'waiting-too-long')
                ? at.ringingWaiting(ringing.length)
                : at.ringingMany(ringing.length)}
            </p>
            <button
              type="button"
              className="button warning small"
              onClick={() => {
                for (const order of ringing) silence.mutate(order.paymentKey)
                setListOpen(false)
                focusOrderField()
              }}
            >
              {at.silenceAll}
            </button>
            <button
              type="button"
              className="button secondary small"
              aria-expanded={listOpen}
              aria-controls={listId}
              onClick={() => setListOpen((open) => !open)}
            >
              {listOpen ? at.hideList : at.showList}
            </button>
          </div>
          {listOpen && (
            <ul className="attention-ringing attention-list" id={listId}>
              {ringing.map((order) => (
                <RingingLine
                  key={order.paymentKey}
                  order={order}
                  byKey={order.paymentKey === keyTarget}
                  onSilence={silenceOne}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {lines.map((line) => (
        <p key={line} role="status">
          {line}
        </p>
      ))}
    </section>
  )
}

function RingingLine({
  order,
  byKey,
  onSilence,
}: {
  order: AttentionOrder
  byKey: boolean
  onSilence: (paymentKey: string) => void
}) {
  const at = useMessages().t.attention
  const code = shortCodeOf(order.paymentKey)
  return (
    <li>
      <span>{at.ringing(code, at.reason[order.reason])}</span>{' '}
      <button
        type="button"
        className="button warning small"
        aria-label={at.silenceOrder(code)}
        aria-keyshortcuts={byKey ? SILENCE_KEY : undefined}
        onClick={() => onSilence(order.paymentKey)}
      >
        {at.silence}
      </button>
      {/* Beside the button, not in it: its name must hold all its visible words (WCAG 2.5.3), and the name and
          aria-keyshortcuts already tell a screen reader. */}
      {byKey && (
        <>
          {' '}
          <kbd aria-hidden="true">{SILENCE_KEY}</kbd>
        </>
      )}
    </li>
  )
}
