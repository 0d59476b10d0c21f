import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NO_ATTENTION, type Attention, type AttentionOrder } from '../../../src-shared/attention.ts'
import type { Api } from '../../../src-shared/contract.ts'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { renderWithApi } from '../../../test-support/renderer/render-with-api.tsx'
import { AttentionBanner } from './AttentionBanner.tsx'
import { registerOrderField } from '../state.ts'
import { AlarmNote, ReadyButton, ReadyMark, SilenceButton } from './AttentionMark.tsx'
import { useAttention, useAttentionEvents } from './use-attention.ts'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const OTHER = '0d3e1f00-5a1b-4c2d-8e3f-100000000002'

function delivery(overrides: Partial<BoardOrder> = {}): BoardOrder {
  return {
    paymentKey: KEY,
    addedAt: '2026-11-21T12:00:00.000Z',
    handover: { state: 'none' },
    courierType: 'restaurant',
    shippingMethod: 'delivery',
    ...overrides,
  }
}

function crossing(
  paymentKey: string,
  alarm: AttentionOrder['alarm'],
  since = '2026-11-21T12:15:00.000Z',
): AttentionOrder {
  return { paymentKey, reason: 'waiting-too-long', since, alarm, atStart: false }
}

function attentionOf(orders: AttentionOrder[], extra: Partial<Attention> = {}): Attention {
  return {
    ...NO_ATTENTION,
    orders,
    count: orders.length,
    sound: orders.some((o) => o.alarm === 'ringing'),
    ...extra,
  }
}

/** A stand-in core: answers getAttention, records silenceAlarm and markOrderReady, and pushes attentionChanged. */
function core(initial: Attention) {
  let listener: ((attention: Attention) => void) | undefined
  const silenceAlarm = vi.fn(() => Promise.resolve({ ok: true as const, value: true }))
  const markOrderReady = vi.fn(() => Promise.resolve({ ok: true as const, value: delivery() }))
  const api: Partial<Api> = {
    getAttention: () => Promise.resolve({ ok: true as const, value: initial }),
    silenceAlarm,
    markOrderReady,
    on: ((event: string, handler: (attention: Attention) => void) => {
      if (event === 'attentionChanged') listener = handler
      return () => undefined
    }) as Api['on'],
  }
  return { api, silenceAlarm, markOrderReady, push: (next: Attention) => act(() => listener?.(next)) }
}

afterEach(() => {
  cleanup()
  registerOrderField(null)
})

/** The card's attention parts as OrderItem places them: the mark, the note, Sessize al, and the menu's "Hazır". */
function AttentionMark({ order }: { order: BoardOrder }) {
  return (
    <>
      <ReadyMark order={order} />
      <AlarmNote order={order} />
      <SilenceButton order={order} />
      <ReadyButton order={order} />
    </>
  )
}

/** The board's order field, where every press on a card gives focus back (the next scan goes there). */
function orderField(): HTMLInputElement {
  const field = document.createElement('input')
  document.body.append(field)
  registerOrderField(field)
  return field
}

/** The card as the app mounts it: the app subscribes to the core's pushes once (useAllDay). */
function LiveMark({ order }: { order: BoardOrder }) {
  useAttentionEvents()
  return <AttentionMark order={order} />
}

describe('AttentionMark (the card)', () => {
  it('a ringing order shows why and a Sessize al that silences that order only', async () => {
    const { api, silenceAlarm } = core(attentionOf([crossing(KEY, 'ringing'), crossing(OTHER, 'ringing')]))
    const { container } = renderWithApi(<AttentionMark order={delivery()} />, api)
    const button = await screen.findByRole('button', { name: 'Sessize al: 000-001' })
    expect(screen.getByRole('status').textContent).toContain('Bekleme süresi doldu')
    expect(container.querySelector('.attention-ringing-note')).not.toBeNull()
    fireEvent.click(button)
    await waitFor(() => expect(silenceAlarm).toHaveBeenCalledTimes(1))
    expect(silenceAlarm).toHaveBeenCalledWith({ paymentKey: KEY })
  })

  it('silenced by the core: the button goes, the alarm style stays, and it says silenced', async () => {
    const { api } = core(attentionOf([crossing(KEY, 'silenced')]))
    const { container } = renderWithApi(<AttentionMark order={delivery()} />, api)
    expect(await screen.findByText('Sessize alındı')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Sessize al/ })).toBeNull()
    expect(container.querySelector('.attention-note')).not.toBeNull()
  })

  it('an order the core does not name shows no alarm; once named it does, and it goes when the core says', async () => {
    const { api, push } = core(NO_ATTENTION)
    const { container } = renderWithApi(<LiveMark order={delivery()} />, api)
    await screen.findByRole('button', { name: 'Hazır: 000-001' })
    expect(container.querySelector('.attention-note')).toBeNull()
    push(attentionOf([crossing(KEY, 'ringing')]))
    expect(await screen.findByRole('button', { name: 'Sessize al: 000-001' })).toBeTruthy()
    push(NO_ATTENTION)
    await waitFor(() => expect(container.querySelector('.attention-note')).toBeNull())
  })

  it('"Hazır" marks an eligible waiting order ready; a ready order shows the mark and no button', async () => {
    const { api, markOrderReady } = core(NO_ATTENTION)
    renderWithApi(<AttentionMark order={delivery()} />, api)
    fireEvent.click(await screen.findByRole('button', { name: 'Hazır: 000-001' }))
    await waitFor(() => expect(markOrderReady).toHaveBeenCalledWith({ paymentKey: KEY }))
    cleanup()
    renderWithApi(<AttentionMark order={delivery({ readyAt: '2026-11-21T12:05:00.000Z' })} />, api)
    expect(await screen.findByText(/^Hazır · /)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Hazır/ })).toBeNull()
  })

  it('"Hazır" and Sessize al on the card give focus back to the order field, where the next scan goes', async () => {
    const { api, markOrderReady, silenceAlarm } = core(attentionOf([crossing(OTHER, 'ringing')]))
    const field = orderField()
    renderWithApi(
      <>
        <AttentionMark order={delivery()} />
        <AttentionMark order={delivery({ paymentKey: OTHER, readyAt: '2026-11-21T12:05:00.000Z' })} />
      </>,
      api,
    )
    const ready = await screen.findByRole('button', { name: 'Hazır: 000-001' })
    ready.focus()
    fireEvent.click(ready)
    await waitFor(() => expect(markOrderReady).toHaveBeenCalledTimes(1))
    expect(document.activeElement).toBe(field)
    const silence = await screen.findByRole('button', { name: 'Sessize al: 000-002' })
    silence.focus()
    fireEvent.click(silence)
    await waitFor(() => expect(silenceAlarm).toHaveBeenCalledTimes(1))
    expect(document.activeElement).toBe(field)
  })

  it('no "Hazır" for pickup, a platform courier, or an order on its way', async () => {
    const { api } = core(NO_ATTENTION)
    renderWithApi(
      <>
        <AttentionMark order={delivery({ shippingMethod: 'pickup' })} />
        <AttentionMark order={delivery({ courierType: 'platform' })} />
        <AttentionMark
          order={delivery({ handover: { state: 'sending', since: '2026-11-21T12:01:00.000Z' } })}
        />
      </>,
      api,
    )
    await act(() => Promise.resolve())
    expect(screen.queryByRole('button', { name: /Hazır/ })).toBeNull()
  })
})

describe('AttentionBanner (the top of the board)', () => {
  it('lists each ringing order with its own Sessize al, and the paused, closed-app, session and port lines', async () => {
    const { api, silenceAlarm } = core(NO_ATTENTION)
    const value = attentionOf([crossing(KEY, 'ringing'), crossing(OTHER, 'silenced')], {
      paused: false,
      crossedWhileClosed: 2,
      sessionLost: true,
      intakePortTaken: true,
    })
    renderWithApi(<AttentionBanner attention={value} />, api)
    expect(
      screen.getAllByRole('button', { name: /Sessize al/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Sessize al: 000-001'])
    expect(screen.getByText(/Uygulama kapalıyken 2 siparişin/)).toBeTruthy()
    expect(screen.getByText(/Oturum yenilenemedi/)).toBeTruthy()
    expect(screen.getByText(/POS bağlantı noktası/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sessize al: 000-001' }))
    await waitFor(() => expect(silenceAlarm).toHaveBeenCalledWith({ paymentKey: KEY }))
  })

  it('in a rush is one line: the count, Hepsini sessize al, and the list folded under it', async () => {
    const keys = Array.from({ length: 8 }, (_, i) => `0d3e1f00-5a1b-4c2d-8e3f-10000000001${String(i)}`)
    const { api, silenceAlarm } = core(NO_ATTENTION)
    const field = orderField()
    renderWithApi(
      <AttentionBanner attention={attentionOf(keys.map((key) => crossing(key, 'ringing')))} />,
      api,
    )
    const banner = screen.getByRole('region', { name: 'Sipariş sizi bekliyor' })
    expect(banner.querySelector('.attention-count')?.textContent).toBe('8 sipariş kuryeye verilmeyi bekliyor')
    // Folded: no line per order until asked.
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
    const list = screen.getByRole('button', { name: 'Listeyi aç' })
    expect(list.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(list)
    expect(screen.getAllByRole('listitem')).toHaveLength(8)
    expect(screen.getAllByRole('button', { name: /^Sessize al: / })).toHaveLength(8)
    fireEvent.click(screen.getByRole('button', { name: 'Hepsini sessize al' }))
    await waitFor(() => expect(silenceAlarm).toHaveBeenCalledTimes(8))
    expect(silenceAlarm.mock.calls).toEqual(keys.map((paymentKey) => [{ paymentKey }]))
    expect(document.activeElement).toBe(field)
  })

  it('says "sizi bekliyor" when the ringing orders are not all waiting for a courier', () => {
    const { api } = core(NO_ATTENTION)
    const failed: AttentionOrder = { ...crossing(OTHER, 'ringing'), reason: 'failed' }
    renderWithApi(<AttentionBanner attention={attentionOf([crossing(KEY, 'ringing'), failed])} />, api)
    expect(screen.getByText('2 sipariş sizi bekliyor')).toBeTruthy()
  })

  it('a failed hand-over is said in a whole sentence, and Sessize al gives focus back to the order field', async () => {
    const { api, silenceAlarm } = core(NO_ATTENTION)
    const field = orderField()
    const failed: AttentionOrder = { ...crossing(KEY, 'ringing'), reason: 'failed' }
    renderWithApi(<AttentionBanner attention={attentionOf([failed])} />, api)
    expect(screen.getByText('000-001: Teslim başarısız: karttaki nedene bakın')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sessize al: 000-001' }))
    await waitFor(() => expect(silenceAlarm).toHaveBeenCalledTimes(1))
    expect(document.activeElement).toBe(field)
  })

  it('shows the paused state, and nothing at all when nothing needs staff', () => {
    const { api } = core(NO_ATTENTION)
    const { container } = renderWithApi(<AttentionBanner attention={NO_ATTENTION} />, api)
    expect(container.textContent).toBe('')
    cleanup()
    renderWithApi(<AttentionBanner attention={{ ...NO_ATTENTION, paused: true }} />, api)
    expect(screen.getByRole('status').textContent).toContain('Gönderim duraklatıldı')
  })
})

describe('F8 on the board (issue 22: one key, one press, one order)', () => {
  const THIRD = '0d3e1f00-5a1b-4c2d-8e3f-100000000003'
  /** KEY crossed first, OTHER last; THIRD in between but already silenced. */
  const ringingThree = () =>
    attentionOf([
      crossing(KEY, 'ringing', '2026-11-21T12:15:00.000Z'),
      crossing(THIRD, 'silenced', '2026-11-21T12:20:00.000Z'),
      crossing(OTHER, 'ringing', '2026-11-21T12:17:00.000Z'),
    ])

  /** The banner with the board's live value, and the two cards, as the board mounts them. */
  function LiveBoard() {
    useAttentionEvents()
    return (
      <>
        <LiveBanner />
        <AttentionMark order={delivery()} />
        <AttentionMark order={delivery({ paymentKey: OTHER })} />
      </>
    )
  }
  function LiveBanner() {
    return <AttentionBanner attention={useAttention().data} />
  }

  const pressF8 = (init: KeyboardEventInit = {}) => fireEvent.keyDown(window, { key: 'F8', ...init })

  it('silences the order whose alarm began last, one order per press, then the next', async () => {
    const { api, silenceAlarm, push } = core(ringingThree())
    renderWithApi(<LiveBoard />, api)
    await screen.findAllByRole('button', { name: 'Sessize al: 000-002' })
    pressF8()
    await waitFor(() => expect(silenceAlarm).toHaveBeenCalledTimes(1))
    expect(silenceAlarm).toHaveBeenLastCalledWith({ paymentKey: OTHER })
    // The core silenced it: the next press is the other ringing order's, never the silenced one's.
    push(
      attentionOf([
        crossing(KEY, 'ringing', '2026-11-21T12:15:00.000Z'),
        crossing(THIRD, 'silenced', '2026-11-21T12:20:00.000Z'),
        crossing(OTHER, 'silenced', '2026-11-21T12:17:00.000Z'),
      ]),
    )
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: 'Sessize al: 000-001' })[0]?.getAttribute('aria-keyshortcuts'),
      ).toBe('F8'),
    )
    pressF8()
    await waitFor(() => expect(silenceAlarm).toHaveBeenCalledTimes(2))
    expect(silenceAlarm).toHaveBeenLastCalledWith({ paymentKey: KEY })
  })

  it('names the key on the buttons it presses (banner and card), and only on those', async () => {
    const { api } = core(ringingThree())
    renderWithApi(<LiveBoard />, api)
    // Two ringing: the banner's list is folded until opened.
    fireEvent.click(await screen.findByRole('button', { name: 'Listeyi aç' }))
    const newest = await screen.findAllByRole('button', { name: 'Sessize al: 000-002' })
    expect(newest.map((button) => button.getAttribute('aria-keyshortcuts'))).toEqual(['F8', 'F8'])
    const older = screen.getAllByRole('button', { name: 'Sessize al: 000-001' })
    expect(older.map((button) => button.hasAttribute('aria-keyshortcuts'))).toEqual([false, false])
  })

  it('a held key, a modifier, another key or nothing ringing silences nothing', async () => {
    const { api, silenceAlarm, push } = core(ringingThree())
    renderWithApi(<LiveBoard />, api)
    await screen.findAllByRole('button', { name: 'Sessize al: 000-002' })
    pressF8({ repeat: true })
    pressF8({ ctrlKey: true })
    pressF8({ shiftKey: true })
    fireEvent.keyDown(window, { key: 'F7' })
    fireEvent.keyDown(window, { key: 'Escape' })
    push(attentionOf([crossing(KEY, 'silenced'), crossing(OTHER, 'quiet')]))
    await waitFor(() => expect(screen.queryByRole('button', { name: /Sessize al/ })).toBeNull())
    pressF8()
    await act(() => Promise.resolve())
    expect(silenceAlarm).not.toHaveBeenCalled()
  })
})
