// Written against mutants Stryker left alive in use-order-scan.ts (issue 30): each test names what it holds and,
// beside it, the mutants it kills. The hook is driven directly, with the board's orders and the details it is
// given, and its outcome shown by the view the order field uses.
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Account } from '../../../../src-shared/accounts.ts'
import type { AddOrderInput, Api } from '../../../../src-shared/contract.ts'
import type { CourierBatch, CourierListed } from '../../../../src-shared/couriers.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import type { Result } from '../../../../src-shared/errors.ts'
import { within } from '../../../../test-support/core/within.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { keys } from '../../queries.ts'
import { NO_DETAILS, type DetailsDraft } from './OrderDetailsFields.tsx'
import { readScan } from './read-scan.ts'
import { ScanOutcomeView } from './ScanOutcomeView.tsx'
import { useOrderScan } from './use-order-scan.ts'

vi.mock('./sounds.ts', () => ({ beep: vi.fn() }))
const reach = vi.hoisted(() => ({ now: 'up' }))
vi.mock('../../web-bridge.ts', () => ({
  appReach: () => reach.now,
  subscribeAppReach: () => () => undefined,
}))
// The real reading, unless a test gives one of its own.
vi.mock('./read-scan.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./read-scan.ts')>()
  return { ...actual, readScan: vi.fn(actual.readScan) }
})

const ID = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const NEW = '0f8fad5b-d9cb-469f-a165-70867728950e'
const AT = '2026-11-21T12:00:00.000Z'
const onBoard: BoardOrder = { paymentKey: ID, addedAt: AT, handover: { state: 'none' } }

const board: {
  scan: (text: string) => void
  setOrders: (orders: readonly BoardOrder[] | undefined) => void
} = { scan: () => undefined, setOrders: () => undefined }

function Board(props: { orders: readonly BoardOrder[] | undefined; details: DetailsDraft }) {
  const [orders, setOrders] = useState(props.orders)
  const [details, setDetails] = useState(props.details)
  const { outcome, scan, choose } = useOrderScan(orders, false, details, setDetails)
  useEffect(() => {
    board.scan = scan
    board.setOrders = setOrders
  }, [scan])
  return <ScanOutcomeView outcome={outcome} onChoose={choose} />
}

const refused = <T,>(): Promise<Result<T>> =>
  Promise.resolve({
    ok: false as const,
    error: { code: 'invalid-input' as const, problem: 'no-order-id' as const, retryable: false },
  })
const added = (input: AddOrderInput): Promise<Result<BoardOrder>> =>
  Promise.resolve({
    ok: true as const,
    value: { ...onBoard, paymentKey: input.text.slice(-36).toLowerCase() },
  })

function setup(
  options: { api?: Partial<Api>; orders?: readonly BoardOrder[] | undefined; details?: DetailsDraft } = {},
) {
  const addOrder = vi.fn(added)
  const api: Partial<Api> = {
    addOrder,
    listCouriers: () => Promise.resolve({ ok: true as const, value: [] }),
    ...options.api,
  }
  const rendered = renderWithApi(
    <Board
      orders={'orders' in options ? options.orders : [onBoard]}
      details={options.details ?? NO_DETAILS}
    />,
    api,
  )
  return { ...rendered, addOrder: api.addOrder as ReturnType<typeof vi.fn> }
}

const scan = (text: string) =>
  act(() => {
    board.scan(text)
    return Promise.resolve()
  })
const showBoard = (orders: readonly BoardOrder[] | undefined) =>
  act(() => {
    board.setOrders(orders)
    return Promise.resolve()
  })
/** What the line under the order field says. */
const said = () => document.querySelector('.scan-outcome')?.textContent ?? ''

/** A pending answer a test settles when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/** The keys of a scanner set to US typing `meant`, as `arrived` came on this computer. */
function typeKeys(meant: string, arrived: string) {
  for (const [index, char] of Array.from(meant).entries()) {
    const code = /[0-9]/.test(char) ? `Digit${char}` : char === '-' ? 'Minus' : `Key${char.toUpperCase()}`
    fireEvent.keyDown(document.body, { key: arrived[index], code, shiftKey: /[A-Z]/.test(char) })
  }
}

/** Ali's batch, as the core answers its start. */
const batch: CourierBatch = {
  batchId: 'b-1',
  courierId: 'c-1',
  name: 'Ali',
  startedAt: AT,
  lastTouchedAt: AT,
  bags: [],
  cashToCollectKurus: 0,
  amountUnknown: 0,
  unknownCount: 0,
  refused: 0,
}

const DIFFERS = 'Okuyucunun klavye dili farklı olabilir.'
const FIX_ANY = 'Okuyucunun klavye dilini bu bilgisayarınkiyle aynı yapın'

beforeEach(() => {
  reach.now = 'up'
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('a slip that names its account (issue 29)', () => {
  const link = `pos-companion://order/${NEW}?account=${encodeURIComponent('Şube')}`
  const account = (id: string, shortName: string, isDefault: boolean): Account =>
    ({
      id,
      shortName,
      isDefault,
      colour: 'blue',
      state: 'signed-in',
    }) as unknown as Account

  // `data ?? []` made `data && []`; the account's look-up or its spread into the input dropped or inverted.
  it('adds the order under the account the slip names', async () => {
    const accounts = [account('acc-1', 'Merkez', true), account('acc-2', 'Şube', false)]
    const { queryClient, addOrder } = setup({
      api: { listAccounts: () => Promise.resolve({ ok: true as const, value: accounts }) },
    })
    await vi.waitFor(() => expect(queryClient.getQueryData(keys.accounts)).toEqual(accounts))
    await scan(link)
    expect(addOrder.mock.calls).toEqual([[{ text: link, account: 'acc-2' }]])
  })

  // `?? []` made `?? ["Stryker was here"]`: accounts not answered yet read as an account without a name.
  it('adds it under no account while the accounts are not known', async () => {
    const { addOrder } = setup({ api: { listAccounts: refused } })
    await scan(link)
    await within(
      vi.waitFor(() => expect(said()).toMatch(/eklendi/)),
      'the added order said',
    )
    expect(addOrder.mock.calls).toEqual([[{ text: link }]])
  })

  // `...(account === undefined ? {} : { account })` made to always spread: `account: undefined` sent to the core.
  it('sends the core only what was read when nothing names an account', async () => {
    const { addOrder } = setup()
    await scan(NEW)
    expect(addOrder.mock.calls[0]?.[0]).toStrictEqual({ text: NEW })
  })
})

describe('a courier badge read through another keyboard language (issue 30)', () => {
  const courier = (retired: boolean, badge?: string): CourierListed => ({
    id: retired ? 'c-old' : 'c-1',
    name: retired ? 'Veli' : 'Ali',
    retired,
    addedAt: AT,
    ...(badge === undefined ? {} : { badge }),
  })

  function withCouriers(
    couriers: CourierListed[],
    startCourierBatch = vi.fn<Api['startCourierBatch']>(() => new Promise(() => {})),
    addOrder = vi.fn<Api['addOrder']>(refused),
  ) {
    const rendered = setup({
      api: {
        addOrder,
        listCouriers: () => Promise.resolve({ ok: true as const, value: couriers }),
        startCourierBatch,
      },
    })
    return { ...rendered, startCourierBatch, addOrder }
  }

  // The badge list: flatMap's callback, its test, `[one.badge]` or `!one.badge` mutated; `readScan` told no badges.
  it('reads `AB*12` as a working courier’s badge `AB-12`, starts their batch and adds nothing', async () => {
    const { queryClient, startCourierBatch, addOrder } = withCouriers([
      courier(false, 'AB-12'),
      courier(false),
    ])
    await vi.waitFor(() => expect(queryClient.getQueryData(keys.couriers)).toHaveLength(2))
    await scan('AB*12')
    expect(startCourierBatch.mock.calls).toEqual([[expect.objectContaining({ courierId: 'c-1' })]])
    expect(addOrder).not.toHaveBeenCalled()
  })

  // `one.retired || !one.badge` made `false` or `one.retired && !one.badge`: a retired courier's badge known.
  it('never reads a retired courier’s badge into a mangled read: it goes to the core as it arrived', async () => {
    const { queryClient, startCourierBatch, addOrder } = withCouriers([courier(true, 'AB-12')])
    await vi.waitFor(() => expect(queryClient.getQueryData(keys.couriers)).toHaveLength(1))
    await scan('AB*12')
    await within(
      vi.waitFor(() => expect(addOrder).toHaveBeenCalled()),
      'the read sent',
    )
    expect(addOrder.mock.calls).toEqual([[{ text: 'AB*12' }]])
    expect(startCourierBatch).not.toHaveBeenCalled()
  })

  // courierScan's `otherwise` made `() => undefined`: a read that waited for a badge's batch then went nowhere.
  it('adds an order read while a badge’s batch was being started, once it has started', async () => {
    const start = deferred<Result<CourierBatch>>()
    const { queryClient, addOrder } = withCouriers(
      [courier(false, 'AB-12')],
      vi.fn<Api['startCourierBatch']>(() => start.promise),
      vi.fn<Api['addOrder']>(added),
    )
    await vi.waitFor(() => expect(queryClient.getQueryData(keys.couriers)).toHaveLength(1))
    await scan('AB-12')
    await scan(NEW)
    expect(addOrder).not.toHaveBeenCalled()
    await act(async () => {
      start.resolve({ ok: true, value: batch })
      await start.promise
    })
    await within(
      vi.waitFor(() => expect(addOrder).toHaveBeenCalled()),
      'the waiting read added',
    )
    expect(addOrder.mock.calls).toEqual([[{ text: NEW }]])
  })
})

describe('what arrived, kept for the answers that come later', () => {
  const mangled = (index: number) => `0f8fad5b*d9cb*469f*a165*7086772895${String(index).padStart(2, '0')}`
  const meant = (index: number) => mangled(index).replaceAll('*', '-')

  function pendingAdds() {
    const answers = new Map<string, (result: Result<BoardOrder>) => void>()
    const addOrder = vi.fn((input: AddOrderInput) => {
      const answer = deferred<Result<BoardOrder>>()
      answers.set(input.text, answer.resolve)
      return answer.promise
    })
    setup({ api: { addOrder } })
    const answer = async (text: string) => {
      await act(async () => {
        answers.get(text)?.({ ok: true, value: { ...onBoard, paymentKey: text } })
        await Promise.resolve()
      })
      await within(
        vi.waitFor(() => expect(said()).toMatch(/eklendi/)),
        'the answer said',
      )
    }
    return { addOrder, answer }
  }

  // The oldest of more than 20 dropped: `<=` made `<` or `>`, the test made `true` or `false`, the delete
  // dropped. A badge's batch answers later (each read after it waits), so its outcome shows whether what
  // arrived for it was kept.
  it.each([
    [19, 'okundu: AB*12 (AB-12 olarak okundu) · Ali seçildi'],
    [20, 'okundu: AB-12 · Ali seçildi'],
  ])('after %i more reads through another layout, a badge’s late answer says %s', async (more, line) => {
    const start = deferred<Result<CourierBatch>>()
    const ali: CourierListed = { id: 'c-1', name: 'Ali', badge: 'AB-12', retired: false, addedAt: AT }
    const { queryClient } = setup({
      api: {
        addOrder: () => new Promise<never>(() => {}),
        listCouriers: () => Promise.resolve({ ok: true as const, value: [ali] }),
        startCourierBatch: () => start.promise,
      },
    })
    await vi.waitFor(() => expect(queryClient.getQueryData(keys.couriers)).toHaveLength(1))
    await scan('AB*12')
    for (let index = 0; index < more; index++) await scan(mangled(index))
    await act(async () => {
      start.resolve({ ok: true, value: batch })
      await start.promise
    })
    await within(
      vi.waitFor(() => expect(said()).toMatch(/Ali seçildi/)),
      'the batch said',
    )
    expect(said()).toMatch(line)
  })

  // `reading.text !== arrived || note !== undefined` made `true` or `reading.text === arrived || …`: plain reads
  // kept too, and pushing out the ones that needed keeping.
  it('keeps nothing of plain reads: 20 of them after a mangled read leave its answer saying what arrived', async () => {
    const { answer } = pendingAdds()
    await scan(mangled(0))
    for (let index = 0; index < 20; index++) await scan(`999-9${String(index).padStart(2, '0')}`)
    expect(said()).toMatch(/999-919 kodlu sipariş panoda yok/)
    await answer(meant(0))
    expect(said()).toMatch(`okundu: ${mangled(0)}`)
    expect(said()).toMatch(`${meant(0)} olarak okundu`)
  })

  // `readings.current.delete(reading.text)` dropped: a plain read said what an earlier mangled one had arrived as.
  it('says a plain read as it arrived, after the same code came mangled before', async () => {
    setup({ orders: [] })
    await scan('50E*123')
    expect(said()).toMatch(/okundu: 50E\*123 \(50E-123 olarak okundu\)/)
    await scan('50E-123')
    expect(said()).toMatch(/okundu: 50E-123 · 50E-123 kodlu sipariş panoda yok/)
    expect(said()).not.toMatch(/olarak okundu|klavye/)
  })

  // The lost app's `readings.current.delete(arrived)` dropped.
  it('says a read refused for a lost app as it arrived, after the same code came mangled before', async () => {
    setup({ orders: [] })
    await scan('50E*123')
    reach.now = 'lost'
    await scan('50E-123')
    expect(screen.getByRole('alert').textContent).toMatch(/okundu: 50E-123 · Uygulamaya ulaşılamıyor/)
    expect(said()).not.toMatch(/olarak okundu|klavye/)
  })

  // `reading.text !== arrived` made `false`: a read understood as another text with nothing to say of keyboards.
  it('says what arrived for a read understood as another text, with no keyboard note', async () => {
    vi.mocked(readScan).mockReturnValueOnce({ text: NEW, kind: 'order-id', mangled: false })
    setup()
    await scan(` ${NEW}.`)
    await within(
      vi.waitFor(() => expect(said()).toMatch(/eklendi/)),
      'the added order said',
    )
    expect(said()).toMatch(`okundu:  ${NEW}. (${NEW} olarak okundu)`)
    expect(said()).not.toMatch(/klavye/)
  })
})

describe('a found order whose hand-over moves on (issue 30)', () => {
  // `found` not kept (`found === undefined` made `true`, its objects emptied); currentOutcome's look-up or test
  // mutated.
  it('drops the advice once the hand-over moved on, and says only that it was found', async () => {
    setup()
    await scan('000-001')
    expect(said()).toMatch(/000-001 bulundu: Enter ile kuryeye verin\./)
    await showBoard([{ ...onBoard }])
    expect(said()).toMatch(/000-001 bulundu: Enter ile kuryeye verin\./)
    await showBoard([{ ...onBoard, handover: { state: 'handed-over', at: AT } }])
    expect(said()).toMatch(/okundu: 000-001 · 000-001 bulundu\.$/)
  })

  // `!order` mutated, `orders?.find` made `orders.find`: the order gone from the board, or the board not loaded.
  it.each([
    ['left the board', []],
    ['with the board reloading', undefined],
  ])('keeps what was said of an order that %s', async (_name, orders) => {
    setup()
    await scan('000-001')
    await showBoard(orders)
    expect(said()).toMatch(/000-001 bulundu: Enter ile kuryeye verin\./)
  })
})

describe('an added order whose courier could not be written', () => {
  // `failed: true` of the courier's refusal made `false`.
  it('is an alert', async () => {
    setup({
      details: { ...NO_DETAILS, courierId: 'c-1' },
      api: { assignCourier: refused },
    })
    await scan(NEW)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/eklendi, ama kuryesi yazılamadı/)
  })
})

describe('orders scanned faster than the core answers, with a courier chosen', () => {
  // Not a mutant: mutate's callbacks fire only for the latest call, so the first of two scans in flight lost its
  // courier (and its outcome, and the clearing of its details).
  it('gives each added order the courier it was scanned with', async () => {
    const answers: ((result: Result<BoardOrder>) => void)[] = []
    const addOrder = vi.fn<Api['addOrder']>(
      () =>
        new Promise((done) => {
          answers.push(done)
        }),
    )
    const assignCourier = vi.fn<Api['assignCourier']>(() => new Promise(() => {}))
    const second = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
    setup({ details: { ...NO_DETAILS, courierId: 'c-1' }, api: { addOrder, assignCourier } })
    await scan(NEW)
    await scan(second)
    await act(async () => {
      answers[0]?.({ ok: true, value: { ...onBoard, paymentKey: NEW } })
      answers[1]?.({ ok: true, value: { ...onBoard, paymentKey: second } })
      await Promise.all([addOrder.mock.results[0]?.value, addOrder.mock.results[1]?.value])
    })
    await within(
      vi.waitFor(() => expect(assignCourier).toHaveBeenCalledTimes(2)),
      'both couriers written',
    )
    expect(assignCourier.mock.calls.map(([input]) => [input.paymentKey, input.courierId])).toEqual([
      [NEW, 'c-1'],
      [second, 'c-1'],
    ])
  })
})

describe('what the board says of the scanner’s keyboard language', () => {
  // `reading.layouts && computer` made `false`, or the sentence emptied.
  it('names both layouts when the text says which they were', async () => {
    setup()
    await scan('0f8fad5b*d9cb*469f*a165*70867728950e')
    await within(
      vi.waitFor(() => expect(said()).toMatch(/eklendi/)),
      'the added order said',
    )
    expect(said()).toMatch(
      `${DIFFERS} Okuyucu ABD (US) klavye gibi yazıyor, bu bilgisayarın klavye dili Türkçe Q. Okuyucuyu Türkçe Q`,
    )
  })

  // `reading.layouts && computer` made `||`; the key trail not installed; the keys not given to readScan.
  it('rebuilds an id from the keys a scanner pressed on a layout the app does not know, naming none', async () => {
    const { addOrder } = setup()
    const arrived = NEW.replaceAll('-', '#')
    typeKeys(NEW, arrived)
    await scan(arrived)
    expect(addOrder.mock.calls).toEqual([[{ text: NEW }]])
    await within(
      vi.waitFor(() => expect(said()).toMatch(/eklendi/)),
      'the added order said',
    )
    expect(said()).toMatch(`${NEW} olarak okundu`)
    expect(said()).toMatch(`${DIFFERS} ${FIX_ANY}`)
    expect(said()).not.toMatch(/undefined/)
  })

  // The sentence of no layouts (`''`) made a text.
  it('says what to do, and nothing more, for a mangled read that names nothing', async () => {
    setup({ api: { addOrder: refused } })
    await scan('XYZ*999')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(`${DIFFERS} ${FIX_ANY}`)
    // `reading.arrived === next.read ? {} : { readAs }` made `false`.
    expect(alert.textContent).not.toMatch(/olarak okundu/)
  })

  // `typed === undefined || typed.burst` made `true`; the key trail not installed.
  it('says nothing of keyboards for a mangled-looking read typed by hand', async () => {
    let clock = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1000))
    setup({ api: { addOrder: refused } })
    typeKeys('XYZ*999', 'XYZ*999')
    await scan('XYZ*999')
    expect((await screen.findByRole('alert')).textContent).not.toMatch(/klavye/)
  })

  // `reading.mangled && …` made `||`.
  it('says nothing of keyboards for a plain word that names nothing', async () => {
    setup({ api: { addOrder: refused } })
    await scan('hello')
    expect((await screen.findByRole('alert')).textContent).not.toMatch(/klavye/)
  })

  // `reading.kind !== undefined` (understood through another layout) made `true`.
  it('says nothing of keyboards for a word typed by hand on a Turkish-Q keyboard', async () => {
    setup({ api: { addOrder: refused } })
    const keysOf: [string, string][] = [
      ['b', 'KeyB'],
      ['i', 'Quote'],
      ['l', 'KeyL'],
      ['g', 'KeyG'],
      ['i', 'Quote'],
    ]
    for (const [key, code] of keysOf) fireEvent.keyDown(document.body, { key, code })
    await scan('bilgi')
    expect((await screen.findByRole('alert')).textContent).not.toMatch(/klavye/)
  })
})

describe('the keys the board listens to', () => {
  // The trail's `stop` on unmount made `() => undefined`.
  it('stops listening to the keyboard when the board goes', () => {
    const listen = vi.spyOn(window, 'addEventListener')
    const { unmount } = setup()
    const signals = listen.mock.calls
      .filter(([type]) => type === 'keydown')
      .map(([, , options]) => (options as AddEventListenerOptions).signal)
    expect(signals).toHaveLength(1)
    expect(signals[0]?.aborted).toBe(false)
    unmount()
    expect(signals[0]?.aborted).toBe(true)
  })
})
