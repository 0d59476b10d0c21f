// The courier's return ("Dönüş", issue 21): the difference is shown as staff type, an ambiguous amount is
// refused with a clear line, saving records it once, and a mistake is corrected by a new record.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CallInput } from '../../../../src-shared/contract.ts'
import type { CashRecord, CourierListed, DayEndView } from '../../../../src-shared/couriers.ts'
import type { AppError } from '../../../../src-shared/errors.ts'
import {
  bag,
  cashLine,
  courierLine,
  courierToday,
  dayEndView,
  TODAY,
  todayOf,
} from '../../../../test-support/renderer/day-end-fixtures.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { registerOrderField, useCourierUi } from '../../state.ts'
import { CourierReturnHost, ReturnDialog } from './ReturnDialog.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
/** A refusal, typed as whatever the call answers (the stand-in core's calls are typed by their success). */
const refused = (error: AppError) => Promise.resolve({ ok: false as const, error }) as never
const ahmet: CourierListed = {
  id: 'c-ahmet',
  name: 'Ahmet',
  retired: false,
  addedAt: '2026-11-20T08:00:00.000Z',
}
const written = (input: CallInput<'recordCourierMovement'>): CashRecord => ({
  id: input.corrects === undefined ? 'cash-new' : 'cash-fix',
  seq: 9,
  at: '2026-11-25T15:00:00.000Z',
  courierId: input.courierId,
  kind: input.kind,
  amountKurus: input.amountKurus,
  day: TODAY,
})

/** A stand-in core whose day-end the test can change (as the ledger would after a write). */
function renderDialog(first: DayEndView, options: { day?: string } = {}) {
  let view = first
  const api = {
    getCourierToday: vi.fn(() =>
      ok(view.day === TODAY ? todayOf(view) : todayOf(dayEndView([], { day: TODAY }))),
    ),
    getDayEnd: vi.fn(() => ok(view)),
    listCouriers: vi.fn(() => ok([ahmet])),
    recordCourierMovement: vi.fn((input: CallInput<'recordCourierMovement'>) => ok(written(input))),
    setDoorTender: vi.fn((input: CallInput<'setDoorTender'>) =>
      ok({ paymentKey: input.paymentKey, method: input.method, at: '2026-11-25T15:00:00.000Z' }),
    ),
    closeCourierAccount: vi.fn(),
  }
  const onClose = vi.fn()
  const rendered = renderWithApi(
    <ReturnDialog courierId="c-ahmet" day={options.day} onClose={onClose} />,
    api,
  )
  const setView = (next: DayEndView) => {
    view = next
  }
  return { api, onClose, setView, ...rendered }
}

const amountField = () => screen.getByLabelText<HTMLInputElement>('Teslim edilen nakit')
const type = (text: string) => fireEvent.change(amountField(), { target: { value: text } })
const live = () => amountField().getAttribute('aria-describedby')?.split(' ')[1] ?? ''

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  useCourierUi.setState({ returnFor: undefined })
})

describe('ReturnDialog: the difference as staff type', () => {
  // Ahmet: 3 packages, 399,90 ₺ to collect, nothing handed in yet.
  const day = dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990)])

  it('shows what is expected and, at each keystroke, kasa tam / açık var / fazla', async () => {
    renderDialog(day)
    expect(await screen.findByText('Beklenen: 399,90 ₺')).toBeTruthy()
    expect(screen.getByText('3 paket · tahsil edilecek 399,90 ₺ · teslim edilen 0,00 ₺')).toBeTruthy()
    expect(document.activeElement).toBe(amountField())
    const region = () => document.getElementById(live())
    expect(region()?.getAttribute('aria-live')).toBe('polite')

    type('399,90')
    expect(region()?.textContent).toBe('kasa tam')
    type('387,4')
    expect(region()?.textContent).toBe('açık var: -12,50 ₺')
    type('400')
    expect(region()?.textContent).toBe('fazla: +0,10 ₺')
    type('1.234,50')
    expect(region()?.textContent).toBe('fazla: +834,60 ₺')
    type('')
    expect(region()?.textContent).toBe('')
  })

  it('refuses an ambiguous 1.234 with a clear line, and sends nothing', async () => {
    const { api } = renderDialog(day)
    await screen.findByText('Beklenen: 399,90 ₺')
    type('1.234')
    const line = '“1.234” belirsiz: 1.234 lira için “1.234,00”, 1 lira 23 kuruş için “1,23” yazın.'
    expect(document.getElementById(live())?.textContent).toBe(line)
    expect(amountField().getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Dönüşü kaydet' }))
    expect(api.recordCourierMovement).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(amountField())
  })

  it.each([
    ['abc', 'Bu bir tutar değil: örnek 399,90.'],
    ['-5', 'Tutar eksi olamaz: açık, farkta görünür.'],
    // What was typed is quoted, not an example (issue 30).
    ['12,345', '“12,345” belirsiz: 12.345 lira için “12.345,00”, 12 lira 34 kuruş için “12,34” yazın.'],
    ['1,2,3', 'Bu bir tutar değil: örnek 399,90.'],
    ['99999999', 'Tutar en çok 10.000.000 ₺ olabilir.'],
  ])('refuses %j: %s', async (text, line) => {
    const { api } = renderDialog(day)
    await screen.findByText('Beklenen: 399,90 ₺')
    type(text)
    fireEvent.submit(amountField())
    expect(document.getElementById(live())?.textContent).toBe(line)
    expect(api.recordCourierMovement).not.toHaveBeenCalled()
  })

  it('an empty amount is refused on save', async () => {
    const { api } = renderDialog(day)
    await screen.findByText('Beklenen: 399,90 ₺')
    fireEvent.click(screen.getByRole('button', { name: 'Dönüşü kaydet' }))
    expect(document.getElementById(live())?.textContent).toBe('Tutarı yazın.')
    expect(api.recordCourierMovement).not.toHaveBeenCalled()
  })

  it('counts what was handed in before: the expected amount is what is still owed', async () => {
    // 500,00 ₺ to collect, 300,00 ₺ handed in at the first return.
    renderDialog(dayEndView([courierLine('c-ahmet', 'Ahmet', 5, 50_000, [cashLine('cash-1', 30_000)])]))
    expect(await screen.findByText('Beklenen: 200,00 ₺')).toBeTruthy()
    type('200')
    expect(document.getElementById(live())?.textContent).toBe('kasa tam')
  })
})

describe('ReturnDialog: saving', () => {
  it('records the kuruş typed with a request id, says so with the balance, and clears the field', async () => {
    const { api } = renderDialog(dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990)]))
    await screen.findByText('Beklenen: 399,90 ₺')
    type('387,40')
    fireEvent.change(screen.getByLabelText('Not (isteğe bağlı)'), {
      target: { value: '  bozuk para eksik ' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Dönüşü kaydet' }))
    await waitFor(() => expect(api.recordCourierMovement).toHaveBeenCalledTimes(1))
    expect(api.recordCourierMovement.mock.calls[0]?.[0]).toEqual({
      courierId: 'c-ahmet',
      kind: 'handed-in',
      amountKurus: 38_740,
      note: 'bozuk para eksik',
      requestId: expect.stringMatching(UUID) as string,
    })
    expect((await screen.findByRole('status')).textContent).toBe('Teslim: 387,40 ₺ kaydedildi.')
    expect(amountField().value).toBe('')
  })

  it('a save retried after a lost answer sends the same request id (the core then writes once)', async () => {
    const { api } = renderDialog(dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990)]))
    api.recordCourierMovement.mockImplementationOnce(() => refused({ code: 'internal', retryable: true }))
    await screen.findByText('Beklenen: 399,90 ₺')
    type('399,90')
    fireEvent.click(screen.getByRole('button', { name: 'Dönüşü kaydet' }))
    expect(await screen.findByText(/Beklenmeyen bir hata/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Dönüşü kaydet' }))
    await screen.findByRole('status')
    const [first, second] = api.recordCourierMovement.mock.calls.map(([input]) => input.requestId)
    expect(second).toBe(first)
  })

  it('for a past day the record names that day', async () => {
    const past = dayEndView([courierLine('c-ahmet', 'Ahmet', 1, 10_000)], { day: '2026-11-24' })
    const { api } = renderDialog(past, { day: '2026-11-24' })
    expect(await screen.findByText('Gün: 24.11.2026')).toBeTruthy()
    type('100')
    fireEvent.click(screen.getByRole('button', { name: 'Dönüşü kaydet' }))
    await waitFor(() =>
      expect(api.recordCourierMovement.mock.calls[0]?.[0]).toMatchObject({ day: '2026-11-24' }),
    )
  })

  it('Escape closes it', async () => {
    const { onClose } = renderDialog(dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990)]))
    await screen.findByText('Beklenen: 399,90 ₺')
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})

describe('ReturnDialog: the day’s records and a correction', () => {
  it('corrects a record by a new one; the list then shows both, the wrong one struck through', async () => {
    const before = dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990, [cashLine('cash-1', 40_000)])])
    const { api, setView, queryClient } = renderDialog(before)
    const records = await screen.findByRole('region', { name: 'Bu günün teslim kayıtları' })
    fireEvent.click(within(records).getByRole('button', { name: /kaydını \(400,00 ₺\) düzelt/ }))
    const field = within(records).getByLabelText('400,00 ₺ yerine doğru tutar')
    expect(document.activeElement).toBe(field)
    fireEvent.change(field, { target: { value: '1.234' } })
    fireEvent.click(within(records).getByRole('button', { name: 'Düzeltmeyi kaydet' }))
    expect((await within(records).findByRole('alert')).textContent).toMatch(/belirsiz/)
    expect(api.recordCourierMovement).not.toHaveBeenCalled()

    fireEvent.change(field, { target: { value: '399,90' } })
    fireEvent.click(within(records).getByRole('button', { name: 'Düzeltmeyi kaydet' }))
    await waitFor(() => expect(api.recordCourierMovement).toHaveBeenCalledTimes(1))
    expect(api.recordCourierMovement.mock.calls[0]?.[0]).toEqual({
      courierId: 'c-ahmet',
      kind: 'handed-in',
      corrects: 'cash-1',
      amountKurus: 39_990,
      requestId: expect.stringMatching(UUID) as string,
    })

    // The core's next day-end: the first record stays, corrected; the correction counts.
    setView(
      dayEndView([
        courierLine('c-ahmet', 'Ahmet', 3, 39_990, [
          cashLine('cash-1', 40_000, { counts: false, correctedBy: 'cash-fix' }),
          cashLine('cash-fix', 39_990, { corrects: 'cash-1', at: '2026-11-25T15:00:00.000Z' }),
        ]),
      ]),
    )
    await act(() => queryClient.invalidateQueries())
    const items = await waitFor(() => {
      const lines = within(records).getAllByRole('listitem')
      expect(lines).toHaveLength(2)
      return lines
    })
    const struck = items[0]?.querySelector('del')
    expect(struck?.textContent).toMatch(/400,00 ₺/)
    expect(items[0]?.textContent).toContain('düzeltildi → 399,90 ₺')
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /düzelt/ })).toBeNull()
    expect(items[1]?.querySelector('del')).toBeNull()
    expect(items[1]?.textContent).toContain('399,90 ₺')
    expect(items[1]?.textContent).toContain('düzeltme (önceki 400,00 ₺)')
    expect(screen.getByText('Beklenen: 0,00 ₺')).toBeTruthy()
  })

  it('says a correction of a record a closing settled goes to the open account', async () => {
    renderDialog(
      dayEndView([
        courierLine('c-ahmet', 'Ahmet', 3, 39_990, [
          cashLine('cash-1', 40_000, { settledBy: 'closing-1' }),
          cashLine('cash-2', 1_000),
        ]),
      ]),
    )
    const records = await screen.findByRole('region', { name: 'Bu günün teslim kayıtları' })
    const settledNote = 'Bu kayıt kapanmış hesapta; düzeltme açık hesaba yazılır.'
    fireEvent.click(within(records).getByRole('button', { name: /kaydını \(10,00 ₺\) düzelt/ }))
    expect(within(records).queryByText(settledNote)).toBeNull()
    fireEvent.click(within(records).getByRole('button', { name: 'Vazgeç' }))
    fireEvent.click(within(records).getByRole('button', { name: /kaydını \(400,00 ₺\) düzelt/ }))
    const field = within(records).getByLabelText('400,00 ₺ yerine doğru tutar')
    const note = within(records).getByText(settledNote)
    expect(field.getAttribute('aria-describedby')).toBe(note.id)
  })

  it('says when there is no record yet', async () => {
    renderDialog(dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990)]))
    expect(await screen.findByText('Bu gün henüz teslim kaydı yok.')).toBeTruthy()
  })
})

describe('CourierReturnHost', () => {
  it('opens for the courier the board’s strip names (returnFor) and clears it on close', async () => {
    renderWithApi(<CourierReturnHost />, {
      getCourierToday: () => ok(courierToday([courierLine('c-ahmet', 'Ahmet', 3, 39_990)])),
      listCouriers: () => ok([ahmet]),
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    act(() => useCourierUi.getState().openReturn('c-ahmet'))
    expect(await screen.findByRole('dialog', { name: 'Dönüş: Ahmet' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Kapat (Esc)' }))
    expect(useCourierUi.getState().returnFor).toBeUndefined()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says nothing is expected before the day-end has come: it shows it loading, and saving waits', async () => {
    let answer: (value: unknown) => void = () => undefined
    renderWithApi(<CourierReturnHost />, {
      getCourierToday: () => new Promise((resolve) => (answer = resolve)),
      listCouriers: () => ok([ahmet]),
    } as never)
    act(() => useCourierUi.getState().openReturn('c-ahmet'))
    await screen.findByRole('dialog')
    fireEvent.change(amountField(), { target: { value: '100' } })
    expect(screen.queryByText(/Beklenen/)).toBeNull()
    expect(document.getElementById(live())?.textContent).toBe('')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Dönüşü kaydet' }).disabled).toBe(true)
    act(() => answer({ ok: true, value: courierToday([courierLine('c-ahmet', 'Ahmet', 1, 10_000)]) }))
    expect(await screen.findByText('Beklenen: 100,00 ₺')).toBeTruthy()
    expect(document.getElementById(live())?.textContent).toBe('kasa tam')
  })

  it('gives focus back to the strip’s button, or to the order field once that line has gone', async () => {
    const orderField = document.createElement('input')
    const stripButton = document.createElement('button')
    document.body.append(orderField, stripButton)
    registerOrderField(orderField)
    try {
      renderWithApi(<CourierReturnHost />, {
        getCourierToday: () => ok(courierToday([courierLine('c-ahmet', 'Ahmet', 1, 10_000)])),
        listCouriers: () => ok([ahmet]),
      })
      stripButton.focus()
      act(() => useCourierUi.getState().openReturn('c-ahmet'))
      await screen.findByRole('dialog')
      act(() => useCourierUi.getState().closeReturn())
      expect(document.activeElement).toBe(stripButton)

      stripButton.focus()
      act(() => useCourierUi.getState().openReturn('c-ahmet'))
      await screen.findByRole('dialog')
      stripButton.remove()
      act(() => useCourierUi.getState().closeReturn())
      expect(document.activeElement).toBe(orderField)
    } finally {
      registerOrderField(null)
      orderField.remove()
    }
  })

  it('names a courier with nothing on the day yet from the courier list, and expects nothing', async () => {
    renderWithApi(<CourierReturnHost />, {
      getCourierToday: () => ok(courierToday([])),
      listCouriers: () => ok([ahmet]),
    })
    act(() => useCourierUi.getState().openReturn('c-ahmet'))
    expect(await screen.findByRole('dialog', { name: 'Dönüş: Ahmet' })).toBeTruthy()
    // No line of the core's for them: nothing is shown as expected, and nothing is worked out here.
    expect(screen.queryByText(/Beklenen/)).toBeNull()
  })
})

describe('ReturnDialog: the courier’s whole cash (issue 28)', () => {
  const signedIn = {
    getSession: () =>
      ok({
        state: 'signed-in' as const,
        platformAddress: 'https://platform.example.com',
        credentialsStored: true,
        secretStorage: 'os-keychain' as const,
      }),
    getMethods: () =>
      ok({
        paymentMethods: [
          { key: 'CASH', name: 'Nakit' },
          { key: 'CREDIT_CARD', name: 'Kredi Kartı' },
        ],
        shippingMethods: [],
        fetchedAt: '2026-11-25T12:00:00.000Z',
      }),
  }

  it('shows the whole formula: float + cash at the door − expenses, handed in, what is still owed', async () => {
    renderDialog(
      dayEndView([
        courierLine('c-ahmet', 'Ahmet', 3, 39_990, [
          cashLine('f-1', 5_000, { kind: 'float' }),
          cashLine('e-1', 3_000, { kind: 'expense', note: 'yakıt' }),
          cashLine('h-1', 20_000),
        ]),
      ]),
    )
    expect(
      await screen.findByText(
        'Bozuk para 50,00 ₺ + kapıda nakit 399,90 ₺ − masraf 30,00 ₺ = toplam beklenen 419,90 ₺',
      ),
    ).toBeTruthy()
    expect(screen.getByText('Beklenen: 219,90 ₺')).toBeTruthy()
    const records = screen.getByRole('region', { name: 'Bu günün teslim kayıtları' })
    expect(within(records).getByText(/Bozuk para 50,00 ₺/)).toBeTruthy()
    expect(within(records).getByText(/Masraf 30,00 ₺ · yakıt/)).toBeTruthy()
  })

  it('records a float and an expense with its note (required), each with its kind', async () => {
    const { api } = renderDialog(dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990)]))
    await screen.findByText('Beklenen: 399,90 ₺')
    fireEvent.click(screen.getByRole('radio', { name: 'Bozuk para' }))
    const floatField = screen.getByLabelText('Bozuk para tutarı')
    fireEvent.change(floatField, { target: { value: '50' } })
    // A float adds to what is expected: typed, the difference moves the other way.
    const floatLive = floatField.getAttribute('aria-describedby')?.split(' ')[1] ?? ''
    expect(document.getElementById(floatLive)?.textContent).toBe('açık var: -449,90 ₺')
    fireEvent.click(screen.getByRole('button', { name: 'Bozuk para kaydet' }))
    await waitFor(() =>
      expect(api.recordCourierMovement).toHaveBeenLastCalledWith(
        expect.objectContaining({ courierId: 'c-ahmet', kind: 'float', amountKurus: 5_000 }),
      ),
    )
    fireEvent.click(screen.getByRole('radio', { name: 'Masraf' }))
    fireEvent.change(screen.getByLabelText('Masraf tutarı'), { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Masraf kaydet' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Masrafın ne için olduğunu yazın (ör. yakıt, otopark).',
    )
    expect(api.recordCourierMovement).toHaveBeenCalledTimes(1)
    fireEvent.change(screen.getByLabelText('Ne için (ör. yakıt, otopark)'), { target: { value: 'otopark' } })
    fireEvent.click(screen.getByRole('button', { name: 'Masraf kaydet' }))
    await waitFor(() =>
      expect(api.recordCourierMovement).toHaveBeenLastCalledWith(
        expect.objectContaining({ kind: 'expense', amountKurus: 3_000, note: 'otopark' }),
      ),
    )
    expect((await screen.findByRole('status')).textContent).toBe('Masraf: 30,00 ₺ kaydedildi.')
  })

  it('shows a courier still carrying bags as out, never as “açık var”', async () => {
    renderDialog(
      dayEndView([
        courierLine('c-ahmet', 'Ahmet', 2, 30_000, [], {
          balance: 'out',
          out: true,
          bags: [bag(1, { amountKurus: 10_000 }), bag(2, { amountKurus: 20_000 })],
        }),
      ]),
    )
    expect(await screen.findByText('yolda: 2 paket taşıyor')).toBeTruthy()
    expect(screen.queryByText(/açık var/)).toBeNull()
  })

  it('says “? kontrol edin” where a bag’s cash is not known, never “kasa tam” or a zero expected', async () => {
    renderDialog(
      dayEndView([
        courierLine('c-ahmet', 'Ahmet', 1, 0, [], {
          balance: 'unknown',
          unknownCount: 1,
          bags: [bag(1, { paymentMethod: undefined, tender: 'unknown', collect: false, carried: false })],
        }),
      ]),
    )
    expect(
      await screen.findByText('Beklenen: ? — bazı paketlerin tutarı ya da ödemesi bilinmiyor, kontrol edin.'),
    ).toBeTruthy()
    expect(screen.getAllByText('? kontrol edin').length).toBeGreaterThan(0)
    expect(screen.queryByText('kasa tam')).toBeNull()
    expect(screen.queryByText('Beklenen: 0,00 ₺')).toBeNull()
  })

  it('changes a bag’s tender at the door in one press; a refused bag is marked and offers none', async () => {
    let view = dayEndView([
      courierLine('c-ahmet', 'Ahmet', 2, 19_990, [], {
        bags: [
          bag(1, { amountKurus: 19_990, label: 'Atatürk Cd. 5/3', carried: false }),
          bag(2, { amountKurus: 5_000, refused: true, state: 'refused', carried: false }),
        ],
      }),
    ])
    const setDoorTender = vi.fn((input: CallInput<'setDoorTender'>) =>
      ok({ paymentKey: input.paymentKey, method: input.method, at: '2026-11-25T15:00:00.000Z' }),
    )
    renderWithApi(<ReturnDialog courierId="c-ahmet" onClose={() => undefined} />, {
      ...signedIn,
      getCourierToday: () => ok(todayOf(view)),
      listCouriers: () => ok([ahmet]),
      setDoorTender,
    })
    const bags = await screen.findByRole('region', { name: 'Paketler ve kapıda ödeme' })
    expect(within(bags).getByText('Atatürk Cd. 5/3')).toBeTruthy()
    expect(within(bags).getByText('GÖNDERİLEMEDİ')).toBeTruthy()
    const card = await within(bags).findByRole('button', { name: '000-001: kapıda Kredi Kartı ile ödendi' })
    expect(within(bags).queryByRole('button', { name: /000-002/ })).toBeNull()
    // What the core settles after the press: the card apart, the bag paid at the door another way.
    view = dayEndView([
      courierLine('c-ahmet', 'Ahmet', 1, 0, [], {
        cardAtDoorKurus: 19_990,
        bags: [
          bag(1, { amountKurus: 19_990, doorMethod: 'CREDIT_CARD', tender: 'door-other', collect: false }),
        ],
      }),
    ])
    fireEvent.click(card)
    await waitFor(() =>
      expect(setDoorTender).toHaveBeenCalledWith(
        expect.objectContaining({ paymentKey: bag(1).paymentKey, method: 'CREDIT_CARD' }),
      ),
    )
    // Back to the order's own method is the same one press: null, as the core asks.
    expect(await screen.findByText(/Kapıda kartla: 199,90 ₺/)).toBeTruthy()
    fireEvent.click(await within(bags).findByRole('button', { name: '000-001: kapıda Nakit ile ödendi' }))
    await waitFor(() =>
      expect(setDoorTender).toHaveBeenLastCalledWith(expect.objectContaining({ method: null })),
    )
  })
})

describe('ReturnDialog: Hesabı kapat (issue 28)', () => {
  function closing(line: Parameters<typeof courierLine>[5], cash = [cashLine('h-1', 30_000)]) {
    const close = vi.fn((input: CallInput<'closeCourierAccount'>) =>
      ok({
        id: 'closing-1',
        at: '2026-11-25T22:00:00.000Z',
        courierId: input.courierId,
        day: TODAY,
        paymentKeys: [],
        movementIds: [],
        expectedCashKurus: 0,
        cashHandedInKurus: 0,
        differenceKurus: 0,
        booked: 'even' as const,
        debtsAfter: [],
        creditAfterKurus: 0,
        carried: [],
      }),
    )
    renderWithApi(<ReturnDialog courierId="c-ahmet" onClose={() => undefined} />, {
      getCourierToday: () => ok(courierToday([courierLine('c-ahmet', 'Ahmet', 3, 31_250, cash, line)])),
      listCouriers: () => ok([ahmet]),
      closeCourierAccount: close,
    })
    return close
  }

  it('says a shortfall becomes a dated debt, and closes on one more press', async () => {
    const close = closing({})
    fireEvent.click(await screen.findByRole('button', { name: 'Hesabı kapat' }))
    const asked = screen.getByRole('group', { name: 'Ahmet: hesabı kapat' })
    expect(
      within(asked).getByText(/Açık 12,50 ₺: .* tarihli borç olarak kuryenin hesabına yazılır/),
    ).toBeTruthy()
    fireEvent.click(within(asked).getByRole('button', { name: 'Kapat' }))
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1))
    expect(close.mock.calls[0]?.[0]).toEqual({
      courierId: 'c-ahmet',
      requestId: expect.stringMatching(UUID) as string,
    })
    expect((await screen.findByRole('status')).textContent).toBe('Ahmet: hesap kapatıldı.')
  })

  it('asks how to book an overage: a tip or a credit', async () => {
    const close = closing({}, [cashLine('h-1', 32_000)])
    fireEvent.click(await screen.findByRole('button', { name: 'Hesabı kapat' }))
    expect(screen.getByText('Fazla 7,50 ₺: nasıl yazılsın?')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Kapat' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Alacak (sonraki hesaba)' }))
    await waitFor(() => expect(close).toHaveBeenCalledWith(expect.objectContaining({ overage: 'credit' })))
  })

  it('lists the bags a courier still carries before closing, and says staff saw them', async () => {
    const close = closing({
      balance: 'out',
      out: true,
      bags: [bag(1, { amountKurus: 10_000, label: 'Kadıköy' }), bag(2, { carried: false })],
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Hesabı kapat' }))
    expect(
      screen.getByText('Kurye hâlâ 1 paket taşıyor. Kapatırsanız bunlar bu hesapta sayılır:'),
    ).toBeTruthy()
    expect(screen.getByText('000-001 · Kadıköy · 100,00 ₺')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Yine de kapat' }))
    await waitFor(() =>
      expect(close).toHaveBeenCalledWith(expect.objectContaining({ carryingConfirmed: true })),
    )
  })

  it('offers no closing for a closed account; shows its closings and the debts still owed', async () => {
    closing({
      closed: true,
      closings: [
        {
          id: 'closing-0',
          at: '2026-11-25T21:00:00.000Z',
          courierId: 'c-ahmet',
          day: TODAY,
          paymentKeys: [],
          movementIds: [],
          expectedCashKurus: 31_250,
          cashHandedInKurus: 30_000,
          differenceKurus: -1_250,
          booked: 'debt',
          debtsAfter: [],
          creditAfterKurus: 0,
          carried: [],
        },
      ],
      debts: [{ since: '2026-11-24', closingId: 'closing-x', amountKurus: 2_000 }],
      debtCarriedKurus: 2_000,
    })
    expect(await screen.findByText(/fark -12,50 ₺ · borç/)).toBeTruthy()
    expect(screen.getByText('24.11.2026: 20,00 ₺')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Hesabı kapat' })).toBeNull()
    expect(screen.getByText(/Devreden borç: 20,00 ₺/)).toBeTruthy()
  })
})
