// The hand-over side of the courier's day (issue 21) on the real board over a stand-in core: the courier picker
// on a card's `Kuryeye Verildi`, the batch scan-out from a badge, its refusals, the manifest, the strip, and the
// batch over a reload of the page. The batch is the core's (issue 28): the stand-in keeps it as the ledger does.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Api, HandOverInput } from '../../../../src-shared/contract.ts'
import type { CourierBatch, CourierListed, CourierOut } from '../../../../src-shared/couriers.ts'
import type { BoardOrder, Settings } from '../../../../src-shared/domain.ts'
import { bag, courierToday } from '../../../../test-support/renderer/day-end-fixtures.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../../test-support/renderer/render-with-api.tsx'
import { SlipPrinter } from '../../slip/SlipPrinter.tsx'
import { useCoreEvents } from '../../queries.ts'
import { useSlipQueue } from '../../slip/slip-queue.ts'
import { useBoardUi, useCourierUi, useUi } from '../../state.ts'
import { OrderBoard } from './OrderBoard.tsx'

vi.mock('./sounds.ts', () => ({ beep: vi.fn() }))
vi.mock('../../slip/page-size.ts', () => ({
  fitPageToSlip: () => {
    const slip = document.querySelector<HTMLElement>('.slip-print-root .slip[data-paper-mm]')
    return slip ? { widthMm: Number(slip.dataset['paperMm']), heightMm: 120 } : null
  },
}))

const key = (n: number) => `0d3e1f00-5a1b-4c2d-8e3f-${String(100000000000 + n)}`
const code = (n: number) => `000-00${String(n)}`
const order = (n: number, extra: Partial<BoardOrder> = {}): BoardOrder => ({
  paymentKey: key(n),
  addedAt: `2026-11-21T12:0${String(n)}:00.000Z`,
  shippingMethod: 'delivery',
  courierType: 'restaurant',
  paymentMethod: 'CASH',
  handover: { state: 'none' },
  ...extra,
})
const courier = (id: string, name: string, extra: Partial<CourierListed> = {}): CourierListed => ({
  id,
  name,
  retired: false,
  addedAt: '2026-11-20T08:00:00.000Z',
  ...extra,
})
const COURIERS = [
  courier('c-ahmet', 'Ahmet', { badge: 'AHMET', lastUsedAt: '2026-11-21T11:00:00.000Z' }),
  courier('c-zeynep', 'Zeynep', { badge: 'Z7', lastUsedAt: '2026-11-21T11:30:00.000Z' }),
  courier('c-burak', 'Burak'),
  courier('c-veli', 'Veli', { badge: 'VELI', retired: true }),
]
const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })

/** The renderer's stores as a page has them when it starts: nothing in memory. */
function emptyStores() {
  useUi.setState(useUi.getInitialState(), true)
  useBoardUi.setState(useBoardUi.getInitialState(), true)
  useCourierUi.setState(useCourierUi.getInitialState(), true)
  useSlipQueue.setState(useSlipQueue.getInitialState(), true)
}

/** A stand-in core: a board the hand-overs change, the couriers, the strip, and every call recorded. */
function fakeCore(
  board: BoardOrder[],
  options: {
    couriers?: CourierListed[]
    out?: CourierOut[]
    settings?: Partial<Settings>
    batches?: { batchId: string; courierId: string; keys: string[]; touchedAt: number; endedAt?: string }[]
  } = {},
) {
  const orders = new Map(board.map((one) => [one.paymentKey, one]))
  const couriers = options.couriers ?? COURIERS
  // The ledger's batches: started by a badge, each hand-over naming one goes in it, ended by Bitir.
  const batches: {
    batchId: string
    courierId: string
    keys: string[]
    touchedAt: number
    endedAt?: string
  }[] = options.batches ?? []
  const batchOf = (batch: (typeof batches)[number]): CourierBatch => {
    const bags = batch.keys.flatMap((key) => {
      const one = orders.get(key)
      if (!one) return []
      const cash = one.paymentMethod === 'CASH'
      return [
        bag(0, {
          paymentKey: key,
          paymentMethod: one.paymentMethod,
          amountKurus: one.amountKurus,
          tender: cash ? 'cash' : 'paid',
          collect: cash,
        }),
      ]
    })
    const cash = bags.filter((one) => one.tender === 'cash')
    return {
      batchId: batch.batchId,
      courierId: batch.courierId,
      name: couriers.find((one) => one.id === batch.courierId)?.name ?? '?',
      startedAt: new Date(batch.touchedAt).toISOString(),
      lastTouchedAt: new Date(batch.touchedAt).toISOString(),
      ...(batch.endedAt === undefined ? {} : { endedAt: batch.endedAt }),
      bags,
      cashToCollectKurus: cash.reduce((sum, one) => sum + (one.amountKurus ?? 0), 0),
      amountUnknown: cash.filter((one) => one.amountKurus === undefined).length,
      unknownCount: cash.filter((one) => one.amountKurus === undefined).length,
      refused: 0,
    }
  }
  const startCourierBatch = vi.fn(({ courierId }: { courierId: string }) => {
    const batch = {
      batchId: `batch-${String(batches.length + 1)}`,
      courierId,
      keys: [],
      touchedAt: Date.now(),
    }
    batches.unshift(batch)
    return ok(batchOf(batch))
  })
  const endCourierBatch = vi.fn(({ batchId }: { batchId: string }) => {
    const batch = batches.find((one) => one.batchId === batchId)
    if (!batch)
      return Promise.resolve({ ok: false as const, error: { code: 'internal' as const, retryable: false } })
    batch.endedAt = new Date().toISOString()
    return ok(batchOf(batch))
  })
  const handOverOrder = vi.fn((input: HandOverInput) => {
    const current = orders.get(input.paymentKey)
    if (!current)
      return Promise.resolve({ ok: false as const, error: { code: 'internal' as const, retryable: false } })
    const named = couriers.find((one) => one.id === input.courierId)
    const next: BoardOrder = {
      ...current,
      handover: {
        state: 'queued',
        since: new Date().toISOString(),
        waitingForSignIn: false,
        sendAt: new Date(Date.now() + 5000).toISOString(),
      },
      ...(named ? { courier: { id: named.id, name: named.name } } : {}),
    }
    orders.set(input.paymentKey, next)
    const batch = batches.find((one) => one.batchId === input.batchId)
    if (batch) {
      batch.keys.push(input.paymentKey)
      batch.touchedAt = Date.now()
    }
    return ok(next)
  })
  const withdrawHandover = vi.fn(({ paymentKey }: { paymentKey: string }) => {
    const current = orders.get(paymentKey) as BoardOrder
    const next: BoardOrder = { ...current, handover: { state: 'none' } }
    delete next.courier
    orders.set(paymentKey, next)
    // Taken back: it leaves its batch, as the ledger's assignment to nobody does.
    for (const batch of batches) batch.keys = batch.keys.filter((key) => key !== paymentKey)
    return ok(next)
  })
  // The core's news: after each record, today's settlement pushed (courierDayChanged), as CourierDay does.
  const listeners = new Set<(today: unknown) => void>()
  const todayNow = () => courierToday([], { out: options.out ?? [], batches: batches.map(batchOf) })
  const pushing =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      const answer = call(...args)
      setTimeout(() => {
        for (const listener of listeners) listener(todayNow())
      }, 0)
      return answer
    }
  const api = {
    on: ((event: string, listener: (today: unknown) => void) => {
      if (event !== 'courierDayChanged') return () => undefined
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }) as Api['on'],
    listOrders: () => ok([...orders.values()]),
    getMethods: () =>
      ok({
        paymentMethods: [
          { key: 'CASH', name: 'Nakit' },
          { key: 'CREDIT_CARD', name: 'Kredi Kartı' },
        ],
        shippingMethods: [{ key: 'delivery', name: 'Teslimat' }],
        fetchedAt: '2026-11-21T12:00:00.000Z',
      }),
    listCouriers: () => ok([...couriers]),
    getCourierToday: () => ok(todayNow()),
    startCourierBatch: pushing(startCourierBatch),
    endCourierBatch: pushing(endCourierBatch),
    handOverOrder: pushing(handOverOrder),
    withdrawHandover: pushing(withdrawHandover),
    addOrder: vi.fn(() =>
      Promise.resolve({ ok: false as const, error: { code: 'internal' as const, retryable: false } }),
    ),
  }
  const settings: Settings = { ...TEST_SETTINGS, ...options.settings }
  /** The page over this core, with its own query cache (renderWithApi makes a new one each time). */
  const show = () =>
    renderWithApi(
      <>
        <CoreEvents />
        <OrderBoard />
        <SlipPrinter signedIn />
      </>,
      api,
      settings,
    )
  const view = show()
  /** Ctrl+R, or another window: a new page over the same core, its stores and its cache empty. */
  const reload = () => {
    cleanup()
    emptyStores()
    show()
  }
  return { ...view, api, handOverOrder, withdrawHandover, startCourierBatch, endCourierBatch, reload }
}

/** The app's subscription to the core's news, as App mounts it. */
function CoreEvents() {
  useCoreEvents()
  return null
}

/** A scanner: the text and Enter into the order field. */
function scan(text: string) {
  const field = screen.getByLabelText<HTMLInputElement>('Sipariş numarası')
  fireEvent.change(field, { target: { value: text } })
  fireEvent.submit(field.closest('form') as HTMLFormElement)
}

/** The board shows order n, and the other lists (the couriers) have arrived too. */
async function boardReady(n: number) {
  await screen.findByText(key(n))
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

beforeEach(() => {
  // jsdom lays nothing out: a found order is "scrolled to" by nothing.
  Element.prototype.scrollIntoView = () => undefined
  emptyStores()
})
afterEach(cleanup)

describe('the courier picker on Kuryeye Verildi', () => {
  it('offers the recent couriers first, one press each, and hands over naming that courier', async () => {
    const { handOverOrder } = fakeCore([order(1)])
    await boardReady(1)
    fireEvent.click(await screen.findByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    const dialog = await screen.findByRole('dialog', { name: `${code(1)}: kim götürüyor?` })
    const choices = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent)
    // Zeynep took a package last, then Ahmet; Burak never; Veli left.
    expect(choices).toEqual(['Zeynep', 'Ahmet', 'Burak', 'Kuryesiz ver', 'Vazgeç (Esc)'])
    expect(handOverOrder).not.toHaveBeenCalled()
    fireEvent.click(within(dialog).getByRole('button', { name: `Ahmet: ${code(1)} bu kuryeye verilsin` }))
    await waitFor(() =>
      expect(handOverOrder).toHaveBeenCalledWith({ paymentKey: key(1), courierId: 'c-ahmet' }),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByText('Kurye: Ahmet')).toBeTruthy()
  })

  it('narrows as staff type, and Enter takes the first one left; the field has focus', async () => {
    const { handOverOrder } = fakeCore([order(1)])
    await boardReady(1)
    fireEvent.click(await screen.findByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    const field = await screen.findByLabelText<HTMLInputElement>('Kurye ara ya da kartını okut')
    expect(document.activeElement).toBe(field)
    fireEvent.change(field, { target: { value: 'bur' } })
    expect(within(screen.getByRole('dialog')).queryByText('Zeynep')).toBeNull()
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() =>
      expect(handOverOrder).toHaveBeenCalledWith({ paymentKey: key(1), courierId: 'c-burak' }),
    )
  })

  it('takes a badge code typed into its field', async () => {
    const { handOverOrder } = fakeCore([order(1)])
    await boardReady(1)
    fireEvent.click(await screen.findByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    const field = await screen.findByLabelText('Kurye ara ya da kartını okut')
    fireEvent.change(field, { target: { value: 'z7' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() =>
      expect(handOverOrder).toHaveBeenCalledWith({ paymentKey: key(1), courierId: 'c-zeynep' }),
    )
  })

  it('takes a badge scanned while it is open (the scan reaches the order field)', async () => {
    const { handOverOrder } = fakeCore([order(1)])
    await boardReady(1)
    fireEvent.click(await screen.findByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    await screen.findByRole('dialog')
    scan('pos-companion-courier:AHMET')
    await waitFor(() =>
      expect(handOverOrder).toHaveBeenCalledWith({ paymentKey: key(1), courierId: 'c-ahmet' }),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    // One hand-over, and no batch started by that badge.
    expect(handOverOrder).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('region', { name: /veriliyor/ })).toBeNull()
  })

  it('closes, sending nothing, when another order is scanned instead of a badge', async () => {
    const { handOverOrder } = fakeCore([order(1), order(2)])
    await boardReady(1)
    fireEvent.click(await screen.findByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    await screen.findByRole('dialog')
    scan(code(2))
    expect(await screen.findByText(/000-002 bulundu/)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(handOverOrder).not.toHaveBeenCalled()
  })

  it('hands over with no courier named by Kuryesiz ver; Esc sends nothing', async () => {
    const { handOverOrder } = fakeCore([order(1), order(2)])
    await boardReady(1)
    fireEvent.click(await screen.findByRole('button', { name: `Kuryeye Verildi: ${code(2)}` }))
    await screen.findByRole('dialog')
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(handOverOrder).not.toHaveBeenCalled()
    fireEvent.click(await screen.findByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    fireEvent.click(await screen.findByRole('button', { name: `Kuryesiz ver: ${code(1)}` }))
    await waitFor(() => expect(handOverOrder).toHaveBeenCalledWith({ paymentKey: key(1) }))
    expect(handOverOrder).toHaveBeenCalledTimes(1)
  })

  it('offers no Kuryesiz ver when Settings require a courier', async () => {
    fakeCore([order(1)], { settings: { courierRequired: true } })
    await boardReady(1)
    fireEvent.click(await screen.findByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByRole('button', { name: /Kuryesiz ver/ })).toBeNull()
    expect(within(dialog).getByText('Ayarlarda kurye seçmek zorunlu.')).toBeTruthy()
  })

  it('is not in the way where no courier is listed: one press hands over, as before', async () => {
    const { handOverOrder } = fakeCore([order(1)], { couriers: [] })
    await boardReady(1)
    fireEvent.click(screen.getByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    await waitFor(() => expect(handOverOrder).toHaveBeenCalledWith({ paymentKey: key(1) }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks for the list again before handing over with no courier (a courier added moments ago elsewhere)', async () => {
    const couriers: CourierListed[] = []
    const { handOverOrder } = fakeCore([order(1)], { couriers })
    await boardReady(1)
    // The courier is added on another till (or through the bridge): this page's list does not have them yet.
    couriers.push(...COURIERS)
    fireEvent.click(screen.getByRole('button', { name: `Kuryeye Verildi: ${code(1)}` }))
    expect(await screen.findByRole('dialog', { name: `${code(1)}: kim götürüyor?` })).toBeTruthy()
    expect(handOverOrder).not.toHaveBeenCalled()
  })
})

describe('the batch scan-out', () => {
  const board = () => [
    order(1, { amountKurus: 19_990 }),
    order(2, { paymentMethod: 'CREDIT_CARD', amountKurus: 25_000 }),
    order(3, { amountKurus: 20_000 }),
    order(4, { handover: { state: 'handed-over', at: '2026-11-21T12:00:00.000Z' } }),
    order(5, { shippingMethod: 'pickup' }),
    order(6, { courierType: 'platform' }),
  ]

  it('a badge starts it; each package scanned is its own hand-over with that courier; the bar counts them', async () => {
    const { handOverOrder } = fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    const bar = await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    expect(await screen.findByText(/Ahmet seçildi: şimdi paketleri okutun/)).toBeTruthy()
    scan(key(1))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 1 paket' })
    scan('000002')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 2 paket' })
    scan(code(3))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 3 paket' })
    expect(handOverOrder.mock.calls.map(([input]) => input)).toEqual([
      { paymentKey: key(1), courierId: 'c-ahmet', batchId: 'batch-1' },
      { paymentKey: key(2), courierId: 'c-ahmet', batchId: 'batch-1' },
      { paymentKey: key(3), courierId: 'c-ahmet', batchId: 'batch-1' },
    ])
    // Cash only: 199,90 + 200,00 (the card order is paid).
    expect(within(bar).getByText('Tahsil edilecek: 399,90 ₺')).toBeTruthy()
    expect(await screen.findByText(/000-003 Ahmet’e verildi \(3\. paket\)\./)).toBeTruthy()
  })

  it.each([
    [key(4), `${code(4)} zaten kuryeye verilmiş: yeniden gönderilmedi.`],
    [code(5), `${code(5)} Gel Al siparişi: kuryeye verilmez. Gönderilmedi.`],
    [key(6), `${code(6)} platform kuryesinin: kuryemize verilmez. Gönderilmedi.`],
    [key(9), `${code(9)} panoda yok: önce siparişi ekleyin. Gönderilmedi.`],
  ])('refuses %s with an alert line, and sends nothing', async (read, line) => {
    const { handOverOrder, api } = fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    scan(read)
    expect((await screen.findByRole('alert')).textContent).toContain(line)
    expect(handOverOrder).not.toHaveBeenCalled()
    // Not on the board is not added either: the batch never adds orders.
    expect(api.addOrder).not.toHaveBeenCalled()
  })

  it('takes packages scanned in one burst after the badge, before the core answered it (a stored-scan burst)', async () => {
    const { handOverOrder, api } = fakeCore(board())
    await boardReady(1)
    // No wait between the reads: the badge's batch is not started yet when the packages arrive.
    scan('pos-companion-courier:AHMET')
    scan(key(1))
    scan(code(3))
    scan('0d3e1f00-5a1b-4c2d-8e3f-100000000099')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 2 paket' })
    expect(handOverOrder.mock.calls.map(([input]) => input)).toEqual([
      { paymentKey: key(1), courierId: 'c-ahmet', batchId: 'batch-1' },
      { paymentKey: key(3), courierId: 'c-ahmet', batchId: 'batch-1' },
    ])
    // The order not on the board is refused as a batch refuses it: not added, not sent.
    expect(api.addOrder).not.toHaveBeenCalled()
  })

  it('refuses a package scanned twice: the second scan sends nothing', async () => {
    const { handOverOrder } = fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    scan(key(1))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 1 paket' })
    scan(code(1))
    expect((await screen.findByRole('alert')).textContent).toContain(
      `${code(1)} zaten kuryeye verildi, gönderiliyor: ikinci kez gönderilmedi.`,
    )
    expect(handOverOrder).toHaveBeenCalledTimes(1)
  })

  it('asks for the list again when a badge QR names no courier it holds (added moments ago elsewhere)', async () => {
    const couriers: CourierListed[] = []
    const view = fakeCore(board(), { couriers })
    await boardReady(1)
    // The courier is added on another till: this page's list does not have them yet.
    couriers.push(...COURIERS)
    scan('pos-companion-courier:AHMET')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    expect(view.api.addOrder).not.toHaveBeenCalled()
  })

  it('says an unknown badge, and starts no batch', async () => {
    fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:VELI')
    expect((await screen.findByRole('alert')).textContent).toContain(
      'VELI kartı çalışan bir kuryenin değil: kurye seçilmedi.',
    )
    expect(screen.queryByRole('region', { name: /veriliyor/ })).toBeNull()
  })

  it('Geri al in the bar takes the last package back: it leaves the count', async () => {
    const { withdrawHandover } = fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    scan(key(1))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 1 paket' })
    scan(key(3))
    const bar = await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 2 paket' })
    expect(within(bar).getAllByRole('button', { name: /^Geri al/ })).toHaveLength(1)
    fireEvent.click(within(bar).getByRole('button', { name: `Geri al: ${code(3)} (kuryeye verme)` }))
    await waitFor(() => expect(withdrawHandover).toHaveBeenCalledWith({ paymentKey: key(3) }))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 1 paket' })
  })

  it('a card’s Kuryeye Verildi during a batch goes with the batch’s courier, without the picker', async () => {
    const { handOverOrder } = fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:Z7')
    await screen.findByRole('region', { name: 'Zeynep’e veriliyor · 0 paket' })
    fireEvent.click(screen.getByRole('button', { name: `Kuryeye Verildi: ${code(3)}` }))
    await waitFor(() =>
      expect(handOverOrder).toHaveBeenCalledWith({
        paymentKey: key(3),
        courierId: 'c-zeynep',
        batchId: 'batch-1',
      }),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    await screen.findByRole('region', { name: 'Zeynep’e veriliyor · 1 paket' })
  })

  it('Esc ends it (Bitir) in the ledger; the packages stay handed over', async () => {
    const { withdrawHandover, endCourierBatch } = fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    scan(key(1))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 1 paket' })
    fireEvent.keyDown(window, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('region', { name: /veriliyor/ })).toBeNull())
    expect(endCourierBatch).toHaveBeenCalledWith(expect.objectContaining({ batchId: 'batch-1' }))
    expect(withdrawHandover).not.toHaveBeenCalled()
    // A package scanned now is the usual find, not a hand-over.
    scan(code(3))
    expect(await screen.findByText(/000-003 bulundu/)).toBeTruthy()
  })

  it('lists the latest six packages in the bar and counts the earlier ones; the title counts them all', async () => {
    const seven = Array.from({ length: 7 }, (_, index) => order(index + 1, { amountKurus: 1_000 }))
    fakeCore(seven)
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    for (let n = 1; n <= 7; n++) scan(key(n))
    const bar = await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 7 paket' })
    const listed = within(within(bar).getByRole('list', { name: 'Bu kuryenin paketleri' })).getAllByRole(
      'listitem',
    )
    expect(listed.map((item) => item.textContent.slice(0, 7))).toEqual([
      '+ 1 önc',
      '000-002',
      '000-003',
      '000-004',
      '000-005',
      '000-006',
      '000-007',
    ])
    expect(within(bar).getByText('Tahsil edilecek: 70,00 ₺')).toBeTruthy()
  })

  it('prints the manifest: courier, each package, what to collect, the total and its QR text', async () => {
    let printed: HTMLElement | null = null
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      printed = document
        .querySelector<HTMLElement>('.slip-print-root .slip-manifest')
        ?.cloneNode(true) as HTMLElement
    })
    fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    for (const read of [key(1), key(2), key(3)]) scan(read)
    const bar = await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 3 paket' })
    fireEvent.click(within(bar).getByRole('button', { name: 'Zimmet fişi yazdır' }))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    print.mockRestore()
    const manifest = printed as unknown as HTMLElement
    expect(manifest.textContent).toContain('Zimmet fişi')
    expect(manifest.textContent).toContain('Kurye: Ahmet')
    expect(manifest.textContent).toContain('3 paket')
    const lines = [...manifest.querySelectorAll('.manifest-line')].map((line) => line.textContent)
    expect(lines).toEqual([
      '000-001199,90 ₺Nakit · TAHSİL',
      '000-002250,00 ₺Kredi Kartı · ödenmiş',
      '000-003200,00 ₺Nakit · TAHSİL',
    ])
    expect(manifest.querySelector('.manifest-total')?.textContent).toBe('Tahsil edilecek toplam 399,90 ₺')
    const qr = manifest.querySelector('svg[role="img"]')?.getAttribute('aria-label') ?? ''
    expect(qr).toMatch(/^Zimmet QR kodu: ZIMMET;Ahmet;3;39990;\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })
})

describe('the batch over a reload of the page, or in another window (a ledger fact, issue 28)', () => {
  const board = () => [
    order(1, { amountKurus: 19_990 }),
    order(2, { paymentMethod: 'CREDIT_CARD', amountKurus: 25_000 }),
    order(3, { amountKurus: 20_000 }),
  ]

  it('comes back with its courier and its packages; scanning, the manifest and Bitir go on', async () => {
    let printed: (string | null)[] = []
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      printed = [...document.querySelectorAll('.slip-print-root .manifest-line')].map(
        (line) => line.textContent,
      )
    })
    const view = fakeCore(board())
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 0 paket' })
    scan(key(1))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 1 paket' })
    scan(key(2))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 2 paket' })

    view.reload()
    const bar = await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 2 paket' })
    expect(within(bar).getByText('Tahsil edilecek: 199,90 ₺')).toBeTruthy()
    await boardReady(1)
    // The next bag goes with the same courier, in the same batch, as before the reload.
    scan(code(3))
    await screen.findByRole('region', { name: 'Ahmet’e veriliyor · 3 paket' })
    expect(view.handOverOrder.mock.calls.map(([input]) => input)).toEqual([
      { paymentKey: key(1), courierId: 'c-ahmet', batchId: 'batch-1' },
      { paymentKey: key(2), courierId: 'c-ahmet', batchId: 'batch-1' },
      { paymentKey: key(3), courierId: 'c-ahmet', batchId: 'batch-1' },
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Zimmet fişi yazdır' }))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    expect(printed).toEqual([
      '000-001199,90 ₺Nakit · TAHSİL',
      '000-002250,00 ₺Kredi Kartı · ödenmiş',
      '000-003200,00 ₺Nakit · TAHSİL',
    ])
    print.mockRestore()

    // Bitir is the ledger's too: the next page shows no bar.
    fireEvent.keyDown(window, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('region', { name: /veriliyor/ })).toBeNull())
    view.reload()
    await boardReady(1)
    expect(screen.queryByRole('region', { name: /veriliyor/ })).toBeNull()
  })

  it('shows no batch no scan touched for 15 minutes, and a badge starts a new one', async () => {
    const view = fakeCore(board(), {
      batches: [
        { batchId: 'old', courierId: 'c-ahmet', keys: [key(1)], touchedAt: Date.now() - 15 * 60_000 - 1 },
      ],
    })
    await boardReady(2)
    expect(screen.queryByRole('region', { name: /veriliyor/ })).toBeNull()
    scan('pos-companion-courier:Z7')
    await screen.findByRole('region', { name: 'Zeynep’e veriliyor · 0 paket' })
    scan(key(2))
    await screen.findByRole('region', { name: 'Zeynep’e veriliyor · 1 paket' })
    expect(view.handOverOrder).toHaveBeenCalledWith({
      paymentKey: key(2),
      courierId: 'c-zeynep',
      batchId: 'batch-2',
    })
  })

  it('says why when the core refuses to start a batch, and starts none', async () => {
    const view = fakeCore(board())
    view.startCourierBatch.mockImplementationOnce(
      () =>
        Promise.resolve({
          ok: false as const,
          error: { code: 'invalid-input' as const, problem: 'courier-retired' as const, retryable: false },
        }) as never,
    )
    await boardReady(1)
    scan('pos-companion-courier:AHMET')
    expect((await screen.findByRole('alert')).textContent).toBeTruthy()
    expect(screen.queryByRole('region', { name: /veriliyor/ })).toBeNull()
    // A package scanned now is the usual find, not a hand-over.
    scan(code(3))
    expect(await screen.findByText(/000-003 bulundu/)).toBeTruthy()
    expect(view.handOverOrder).not.toHaveBeenCalled()
  })
})

describe('the board’s courier strip', () => {
  it('shows each courier out with packages and cash; a press asks for their return', async () => {
    fakeCore([order(1)], {
      out: [
        {
          courierId: 'c-ahmet',
          name: 'Ahmet',
          packages: 3,
          cashToCollectKurus: 39_990,
          amountUnknown: 0,
          unknownCount: 0,
          floatKurus: 0,
          paymentKeys: [key(1), key(2), key(3)],
        },
        {
          courierId: 'c-zeynep',
          name: 'Zeynep',
          packages: 1,
          cashToCollectKurus: 0,
          amountUnknown: 0,
          unknownCount: 1,
          floatKurus: 0,
          paymentKeys: [key(4)],
        },
        {
          courierId: 'c-burak',
          name: 'Burak',
          packages: 0,
          cashToCollectKurus: 0,
          amountUnknown: 0,
          unknownCount: 0,
          floatKurus: 0,
          paymentKeys: [],
        },
      ],
    })
    const strip = await screen.findByRole('navigation', { name: 'Yoldaki kuryeler' })
    const buttons = within(strip).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Ahmet · 3 paket · 399,90 ₺ nakit',
      'Zeynep · 1 paket · 0,00 ₺ + ? nakit',
    ])
    fireEvent.click(
      within(strip).getByRole('button', { name: 'Ahmet · 3 paket · 399,90 ₺ nakit: dönüşü kaydet' }),
    )
    expect(useCourierUi.getState().returnFor).toBe('c-ahmet')
  })
})
