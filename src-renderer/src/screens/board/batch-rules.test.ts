// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { CourierBatch, CourierListed } from '../../../../src-shared/couriers.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import { batchPackageIn, courierIn, openBatchOf, pickerCouriers } from './batch-rules.ts'

const courier = (name: string, extra: Partial<CourierListed> = {}): CourierListed => ({
  id: `id-${name}`,
  name,
  retired: false,
  addedAt: '2026-11-20T08:00:00.000Z',
  ...extra,
})
const ahmet = courier('Ahmet', { badge: 'AHMET-1' })
const ismail = courier('İsmail', { badge: 'ABC123' })
const gone = courier('Veli', { badge: 'VELI', retired: true })
const couriers = [ahmet, ismail, gone]

const key = (n: number) => `0d3e1f00-5a1b-4c2d-8e3f-${String(100000000000 + n)}`
const order = (n: number, extra: Partial<BoardOrder> = {}): BoardOrder => ({
  paymentKey: key(n),
  addedAt: '2026-11-21T12:00:00.000Z',
  shippingMethod: 'delivery',
  courierType: 'restaurant',
  handover: { state: 'none' },
  ...extra,
})

describe('courierIn', () => {
  it('reads the badge QR, in any case, with or without spaces around it', () => {
    expect(courierIn('pos-companion-courier:AHMET-1', couriers, [])).toEqual({
      kind: 'courier',
      courier: ahmet,
    })
    expect(courierIn('  POS-COMPANION-COURIER:ahmet-1 ', couriers, [])).toEqual({
      kind: 'courier',
      courier: ahmet,
    })
  })

  it('says a badge QR is unknown when no working courier has it (retired, or never given)', () => {
    expect(courierIn('pos-companion-courier:VELI', couriers, [])).toEqual({
      kind: 'unknown-badge',
      badge: 'VELI',
    })
    expect(courierIn('pos-companion-courier:NOPE', couriers, [])).toEqual({
      kind: 'unknown-badge',
      badge: 'NOPE',
    })
    expect(courierIn('pos-companion-courier:bad code!', couriers, [])).toMatchObject({
      kind: 'unknown-badge',
    })
  })

  it('takes a bare badge code only when it is no order id and no short code of an order on the board', () => {
    expect(courierIn('ahmet-1', couriers, [])).toEqual({ kind: 'courier', courier: ahmet })
    // ABC123 is shaped like a short code: a badge while no order on the board has it…
    expect(courierIn('ABC123', couriers, [order(1)])).toEqual({ kind: 'courier', courier: ismail })
    // …and the order's when one does: a badge never hides an order staff see.
    const shadowed = order(1, { paymentKey: '0d3e1f00-5a1b-4c2d-8e3f-100000abc123' })
    expect(courierIn('ABC123', couriers, [shadowed])).toBeUndefined()
    expect(courierIn(key(1), couriers, [])).toBeUndefined()
    expect(courierIn('VELI', couriers, [])).toBeUndefined()
    expect(courierIn('Ahmet', couriers, [])).toBeUndefined()
  })
})

describe('batchPackageIn', () => {
  const board = [
    order(1),
    order(2, {
      handover: {
        state: 'queued',
        since: '2026-11-21T12:00:00.000Z',
        waitingForSignIn: false,
        sendAt: '2026-11-21T12:00:05.000Z',
      },
    }),
    order(3, { handover: { state: 'handed-over', at: '2026-11-21T12:00:00.000Z' } }),
    order(4, { shippingMethod: 'pickup' }),
    order(5, { courierType: 'platform' }),
    order(6, {
      handover: {
        state: 'unconfirmed',
        at: '2026-11-21T12:00:00.000Z',
        error: { code: 'internal', retryable: false },
      },
    }),
    order(7, {
      handover: {
        state: 'failed',
        at: '2026-11-21T12:00:00.000Z',
        error: { code: 'internal', retryable: false },
      },
    }),
    order(8, { handover: { state: 'sending', since: '2026-11-21T12:00:00.000Z' } }),
  ]

  it('takes a waiting restaurant-courier order by its id, its slip QR text or its short code', () => {
    expect(batchPackageIn(key(1), board)).toEqual({ ok: true, order: board[0] })
    expect(batchPackageIn(`https://example.test/?id=${key(1).toUpperCase()}`, board)).toEqual({
      ok: true,
      order: board[0],
    })
    expect(batchPackageIn('000-001', board)).toEqual({ ok: true, order: board[0] })
    expect(batchPackageIn('000001', board)).toEqual({ ok: true, order: board[0] })
  })

  it('takes a failed hand-over again (the card would offer Tekrar dene)', () => {
    expect(batchPackageIn(key(7), board)).toMatchObject({ ok: true })
  })

  it.each([
    [2, 'already-pressed'],
    [8, 'already-pressed'],
    [3, 'handed-over'],
    [4, 'pickup'],
    [5, 'platform-courier'],
    [6, 'unconfirmed'],
  ])('refuses order %i: %s', (n, refusal) => {
    expect(batchPackageIn(key(n), board)).toEqual({ ok: false, refusal, code: `000-00${String(n)}` })
  })

  it('refuses what is not on the board, and a short code several orders share', () => {
    expect(batchPackageIn(key(9), board)).toEqual({ ok: false, refusal: 'not-on-board', code: '000-009' })
    expect(batchPackageIn('999-999', board)).toEqual({ ok: false, refusal: 'not-on-board', code: '999-999' })
    const twins = [order(1), order(1, { paymentKey: '1d3e1f00-5a1b-4c2d-8e3f-100000000001' })]
    expect(batchPackageIn('000-001', twins)).toEqual({ ok: false, refusal: 'several', code: '000-001' })
  })

  it('is no package at all for text that holds no id and no code', () => {
    expect(batchPackageIn('Masa 4', board)).toBeUndefined()
  })
})

describe('pickerCouriers', () => {
  const recent = [
    courier('Zeynep', { lastUsedAt: '2026-11-21T12:05:00.000Z' }),
    courier('Ahmet', { lastUsedAt: '2026-11-21T11:00:00.000Z', badge: 'K7' }),
    courier('Çağrı'),
    courier('Burak'),
    courier('Veli', { retired: true, lastUsedAt: '2026-11-21T12:10:00.000Z' }),
  ]

  it('lists working couriers, the most recently used first, then by name in Turkish order', () => {
    expect(pickerCouriers(recent, '').map((one) => one.name)).toEqual(['Zeynep', 'Ahmet', 'Burak', 'Çağrı'])
  })

  it('narrows by a part of the name (Turkish case) or the start of the badge', () => {
    expect(pickerCouriers(recent, 'çağ').map((one) => one.name)).toEqual(['Çağrı'])
    expect(pickerCouriers([courier('İsmail')], 'ism').map((one) => one.name)).toEqual(['İsmail'])
    expect(pickerCouriers(recent, 'k7').map((one) => one.name)).toEqual(['Ahmet'])
    expect(pickerCouriers(recent, 'veli')).toEqual([])
  })
})

describe('openBatchOf: the batch under way is the ledger’s (issue 28)', () => {
  const NOW = Date.parse('2026-11-21T12:30:00.000Z')
  const batch = (batchId: string, extra: Partial<CourierBatch> = {}): CourierBatch => ({
    batchId,
    courierId: ahmet.id,
    name: 'Ahmet',
    startedAt: '2026-11-21T12:00:00.000Z',
    lastTouchedAt: new Date(NOW - 60_000).toISOString(),
    bags: [],
    cashToCollectKurus: 0,
    amountUnknown: 0,
    unknownCount: 0,
    refused: 0,
    ...extra,
  })

  it('is the newest batch not ended and scanned in the last 15 minutes, either way of the clock', () => {
    const ended = batch('b3', { endedAt: new Date(NOW - 1000).toISOString() })
    const open = batch('b2')
    expect(openBatchOf({ batches: [ended, open, batch('b1')] }, NOW)).toBe(open)
    const idle = batch('b4', { lastTouchedAt: new Date(NOW - 15 * 60_000).toISOString() })
    const ahead = batch('b5', { lastTouchedAt: new Date(NOW + 15 * 60_000).toISOString() })
    expect(openBatchOf({ batches: [idle, ahead] }, NOW)).toBeUndefined()
    expect(
      openBatchOf(
        { batches: [batch('b6', { lastTouchedAt: new Date(NOW - 15 * 60_000 + 1).toISOString() })] },
        NOW,
      )?.batchId,
    ).toBe('b6')
    expect(openBatchOf(undefined, NOW)).toBeUndefined()
  })
})
