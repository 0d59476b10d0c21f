// Settings "Kuryeler" (issue 21): what staff type is checked as the core checks it before anything is sent,
// every write carries a request id that stays the same across a retry, and the badge card prints.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CallInput } from '../../../../src-shared/contract.ts'
import type { Courier, CourierListed } from '../../../../src-shared/couriers.ts'
import type { Settings } from '../../../../src-shared/domain.ts'
import type { AppError } from '../../../../src-shared/errors.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../../test-support/renderer/render-with-api.tsx'
import { SlipPrinter } from '../../slip/SlipPrinter.tsx'
import { useSlipQueue } from '../../slip/slip-queue.ts'
import { CouriersSection } from './CouriersSection.tsx'

vi.mock('../../slip/page-size.ts', () => ({
  fitPageToSlip: () => {
    const slip = document.querySelector<HTMLElement>('.slip-print-root .slip[data-paper-mm]')
    return slip ? { widthMm: Number(slip.dataset['paperMm']), heightMm: 90 } : null
  },
}))

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const ahmet: CourierListed = {
  id: 'c-ahmet',
  name: 'Ahmet',
  badge: 'K-07',
  retired: false,
  addedAt: '2026-11-20T08:00:00.000Z',
}
const veli: CourierListed = {
  id: 'c-veli',
  name: 'Veli',
  retired: false,
  addedAt: '2026-11-20T08:00:00.000Z',
}
const old: CourierListed = {
  id: 'c-old',
  name: 'Eski Kurye',
  retired: true,
  addedAt: '2026-10-01T08:00:00.000Z',
}

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
/** A refusal, typed as whatever the call answers (the stand-in core's calls are typed by their success). */
const refused = (error: AppError) => Promise.resolve({ ok: false as const, error }) as never

function renderSection(
  options: { couriers?: CourierListed[]; settings?: Settings; signedIn?: boolean } = {},
) {
  const list = options.couriers ?? [ahmet, veli, old]
  const api = {
    listCouriers: vi.fn(() => ok(list)),
    listOrders: vi.fn(() => ok([])),
    addCourier: vi.fn((input: CallInput<'addCourier'>) =>
      ok<Courier>({
        id: 'c-new',
        name: input.name,
        ...(input.badge ? { badge: input.badge } : {}),
        retired: false,
        addedAt: '2026-11-25T09:00:00.000Z',
      }),
    ),
    renameCourier: vi.fn((input: CallInput<'renameCourier'>) => ok<Courier>({ ...ahmet, name: input.name })),
    setCourierBadge: vi.fn((input: CallInput<'setCourierBadge'>) =>
      ok<Courier>(
        input.badge === null
          ? { id: ahmet.id, name: ahmet.name, retired: false, addedAt: ahmet.addedAt }
          : { ...ahmet, badge: input.badge },
      ),
    ),
    retireCourier: vi.fn(() => ok<Courier>({ ...veli, retired: true })),
    updateSettings: vi.fn((update: Partial<Settings>) =>
      ok({ ...(options.settings ?? TEST_SETTINGS), ...update }),
    ),
    getMethods: vi.fn(() =>
      ok({
        paymentMethods: [
          { key: 'CASH', name: 'Nakit' },
          { key: 'CREDIT_CARD', name: 'Kredi Kartı' },
          { key: 'MEAL_CARD', name: 'Yemek Kartı' },
        ],
        shippingMethods: [],
        fetchedAt: '2026-11-25T08:00:00.000Z',
      }),
    ),
  }
  // With the app's one slip printer, as App mounts it: the badge card prints through it.
  renderWithApi(
    <>
      <CouriersSection signedIn={options.signedIn ?? true} />
      <SlipPrinter signedIn={options.signedIn ?? true} />
    </>,
    api as never,
    options.settings,
  )
  return api
}

const nameField = () => screen.getByLabelText('Kurye adı')
const badgeField = () => screen.getByLabelText('Kart kodu (isteğe bağlı)')
const addButton = () => screen.getByRole('button', { name: 'Kurye ekle' })

beforeEach(() => {
  delete window.printBridge
  useSlipQueue.setState({ jobs: [], failed: new Set() })
})
afterEach(() => {
  cleanup()
  delete window.printBridge
  vi.restoreAllMocks()
})

describe('CouriersSection: adding a courier', () => {
  it.each([
    ['', undefined, 'Kurye adı boş olamaz.'],
    ['   ', undefined, 'Kurye adı boş olamaz.'],
    ['A'.repeat(61), undefined, 'Kurye adı en çok 60 karakter olabilir.'],
    ['Ah\u200bmet', undefined, 'Kurye adında görünmeyen ya da denetim karakterleri var.'],
    ['Ah\u202emet', undefined, 'Kurye adında görünmeyen ya da denetim karakterleri var.'],
    ['Ahmet', 'K 07', 'Kart kodu yalnızca harf, rakam ve tire içerebilir (en çok 32).'],
    ['Ahmet', 'KÜRYE', 'Kart kodu yalnızca harf, rakam ve tire içerebilir (en çok 32).'],
    ['Ahmet', 'K'.repeat(33), 'Kart kodu yalnızca harf, rakam ve tire içerebilir (en çok 32).'],
  ])('refuses name %j with badge %j, says why at the field and sends nothing', async (name, badge, line) => {
    const api = renderSection()
    await screen.findByText('Ahmet')
    fireEvent.change(nameField(), { target: { value: name } })
    if (badge !== undefined) fireEvent.change(badgeField(), { target: { value: badge } })
    fireEvent.click(addButton())
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(line)
    const field = badge === undefined ? nameField() : badgeField()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(alert.id)
    expect(document.activeElement).toBe(field)
    expect(api.addCourier).not.toHaveBeenCalled()
  })

  it('sends the name as kept (trimmed, one space) and the badge upper case, with a UUID request id', async () => {
    const api = renderSection()
    fireEvent.change(nameField(), { target: { value: '  Mehmet   Can ' } })
    fireEvent.change(badgeField(), { target: { value: ' k-09 ' } })
    fireEvent.click(addButton())
    expect(await screen.findByText('Mehmet Can eklendi.')).toBeTruthy()
    expect(api.addCourier).toHaveBeenCalledTimes(1)
    const input = api.addCourier.mock.calls[0]?.[0]
    expect(input).toMatchObject({ name: 'Mehmet Can', badge: 'K-09' })
    expect(input?.requestId).toMatch(UUID)
    // Ready for the next courier: the fields are empty and the name has focus.
    expect((nameField() as HTMLInputElement).value).toBe('')
    expect((badgeField() as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(nameField())
  })

  it('a retry after a failure sends the same request id; the next courier gets a new one', async () => {
    const api = renderSection()
    api.addCourier.mockImplementationOnce(() => refused({ code: 'disk-full', retryable: false }))
    fireEvent.change(nameField(), { target: { value: 'Mehmet' } })
    fireEvent.click(addButton())
    expect(await screen.findByText(/Disk dolu/)).toBeTruthy()
    fireEvent.click(addButton())
    await screen.findByText('Mehmet eklendi.')
    fireEvent.change(nameField(), { target: { value: 'Zeynep' } })
    fireEvent.click(addButton())
    await screen.findByText('Zeynep eklendi.')
    const ids = api.addCourier.mock.calls.map(([input]) => input.requestId)
    expect(ids).toHaveLength(3)
    expect(ids[1]).toBe(ids[0])
    expect(ids[2]).not.toBe(ids[0])
  })

  it('says what the core refused (a name another working courier has)', async () => {
    const api = renderSection()
    api.addCourier.mockImplementationOnce(() =>
      refused({ code: 'invalid-input', problem: 'name-taken', retryable: false }),
    )
    fireEvent.change(nameField(), { target: { value: 'ahmet' } })
    fireEvent.click(addButton())
    expect(await screen.findByText('Bu adda çalışan bir kurye zaten var.')).toBeTruthy()
  })

  it('a new press clears the last refusal: a new mistake is said alone, not beside a stale one', async () => {
    const api = renderSection()
    api.addCourier.mockImplementationOnce(() =>
      refused({ code: 'invalid-input', problem: 'name-taken', retryable: false }),
    )
    fireEvent.change(nameField(), { target: { value: 'ahmet' } })
    fireEvent.click(addButton())
    await screen.findByText('Bu adda çalışan bir kurye zaten var.')
    fireEvent.change(nameField(), { target: { value: '   ' } })
    fireEvent.click(addButton())
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Kurye adı boş olamaz.',
    ])
    expect(screen.queryByText('Bu adda çalışan bir kurye zaten var.')).toBeNull()
    expect(api.addCourier).toHaveBeenCalledTimes(1)
  })
})

describe('CouriersSection: the list', () => {
  it('lists working couriers with their badge; those who left under a disclosure', async () => {
    renderSection()
    const list = await screen.findByRole('list', { name: 'Çalışan kuryeler' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.querySelector('.courier-name')?.textContent)).toEqual(['Ahmet', 'Veli'])
    expect(rows[0]?.textContent).toContain('Kart: K-07')
    expect(rows[1]?.textContent).toContain('Kart kodu yok')
    // No badge, no badge card to print.
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /kartını yazdır/ })).toBeNull()
    expect(screen.getByText('Ayrılan kuryeler (1)')).toBeTruthy()
    expect(within(list).queryByText('Eski Kurye')).toBeNull()
  })

  it('renames, and refuses an empty new name without sending', async () => {
    const api = renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Ahmet: düzenle' }))
    const field = screen.getByLabelText('Yeni ad')
    expect(document.activeElement).toBe(field)
    fireEvent.change(field, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Adı kaydet' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Kurye adı boş olamaz.')
    expect(api.renameCourier).not.toHaveBeenCalled()
    fireEvent.change(field, { target: { value: 'Ahmet Y.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Adı kaydet' }))
    await waitFor(() =>
      expect(api.renameCourier).toHaveBeenCalledWith({
        courierId: 'c-ahmet',
        name: 'Ahmet Y.',
        requestId: expect.stringMatching(UUID) as string,
      }),
    )
  })

  it('sets a badge code upper case, refuses a bad one, and clears it with null', async () => {
    const api = renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Ahmet: düzenle' }))
    const field = screen.getByLabelText('Kart kodu')
    fireEvent.change(field, { target: { value: 'K_08' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kart kodunu kaydet' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/Kart kodu yalnızca harf/)
    expect(api.setCourierBadge).not.toHaveBeenCalled()
    fireEvent.change(field, { target: { value: 'k-08' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kart kodunu kaydet' }))
    await waitFor(() =>
      expect(api.setCourierBadge).toHaveBeenLastCalledWith(expect.objectContaining({ badge: 'K-08' })),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Kart kodunu kaldır' }))
    await waitFor(() =>
      expect(api.setCourierBadge).toHaveBeenLastCalledWith({
        courierId: 'c-ahmet',
        badge: null,
        requestId: expect.stringMatching(UUID) as string,
      }),
    )
  })

  it('asks before marking a courier as left; Vazgeç and Escape send nothing', async () => {
    const api = renderSection()
    const retire = await screen.findByRole('button', { name: 'Veli ayrıldı olarak işaretle' })
    fireEvent.click(retire)
    const question = screen.getByRole('alertdialog')
    expect(question.textContent).toContain('geçmiş günlerde adı kalır')
    expect(document.activeElement?.textContent).toBe('Evet, ayrıldı')
    fireEvent.click(within(question).getByRole('button', { name: 'Vazgeç' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(document.activeElement).toBe(retire)
    fireEvent.click(retire)
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(api.retireCourier).not.toHaveBeenCalled()

    fireEvent.click(retire)
    fireEvent.click(screen.getByRole('button', { name: 'Evet, ayrıldı' }))
    await waitFor(() =>
      expect(api.retireCourier).toHaveBeenCalledWith({
        courierId: 'c-veli',
        requestId: expect.stringMatching(UUID) as string,
      }),
    )
    expect(await screen.findByText('Veli ayrıldı olarak işaretlendi.')).toBeTruthy()
  })

  it('prints the badge card: the name and a QR of pos-companion-courier:<BADGE>, on the paper Settings name', async () => {
    let printed: { text: string; paper: string | undefined; qr: string | null } | undefined
    const printSlip = vi.fn(() => {
      const slip = document.querySelector<HTMLElement>('.slip-print-root .slip')
      printed = {
        text: slip?.textContent ?? '',
        paper: slip?.dataset['paperMm'],
        qr: slip?.querySelector('svg')?.getAttribute('aria-label') ?? null,
      }
      return Promise.resolve({ result: 'printed' as const })
    })
    window.printBridge = { printSlip, saveSlipPdf: vi.fn(), listPrinters: vi.fn(() => Promise.resolve([])) }
    renderSection({ settings: { ...TEST_SETTINGS, slipPaperWidth: 58 } })
    fireEvent.click(await screen.findByRole('button', { name: 'Ahmet: kartını yazdır' }))
    await waitFor(() => expect(printSlip).toHaveBeenCalledTimes(1))
    expect(printed).toEqual({
      text: expect.stringContaining('Ahmet') as string,
      paper: '58',
      qr: 'Kurye kartı QR kodu: K-07',
    })
    expect(printed?.text).toContain('Kurye kartı')
    expect(printed?.text).toContain('K-07')
    // Printed and gone: the print layer holds nothing afterwards.
    await waitFor(() => expect(document.querySelector('.slip-print-root')).toBeNull())
  })

  it('says so when the badge did not print', async () => {
    window.printBridge = {
      printSlip: vi.fn(() => Promise.resolve({ result: 'failed' as const, reason: 'no-printer' })),
      saveSlipPdf: vi.fn(),
      listPrinters: vi.fn(() => Promise.resolve([])),
    }
    renderSection()
    fireEvent.click(await screen.findByRole('button', { name: 'Ahmet: kartını yazdır' }))
    expect(await screen.findByText(/Kart yazdırılamadı/)).toBeTruthy()
  })
})

describe('CouriersSection: what the courier collects at the door', () => {
  it('offers the platform’s payment methods by name, CASH on by default, and saves a tick at once', async () => {
    const api = renderSection()
    const group = await screen.findByRole('group', { name: 'Kapıda tahsil edilen ödemeler' })
    await within(group).findByLabelText('Yemek Kartı')
    const boxes = within(group).getAllByRole<HTMLInputElement>('checkbox')
    expect(boxes.map((box) => [box.labels?.[0]?.textContent, box.checked])).toEqual([
      ['Nakit', true],
      ['Kredi Kartı', false],
      ['Yemek Kartı', false],
    ])
    fireEvent.click(within(group).getByLabelText('Yemek Kartı'))
    await waitFor(() =>
      expect(api.updateSettings).toHaveBeenCalledWith({ collectedAtDoor: ['CASH', 'MEAL_CARD'] }),
    )
  })

  it('shows a chosen method the platform does not list by its key, and can untick it', async () => {
    const api = renderSection({ settings: { ...TEST_SETTINGS, collectedAtDoor: ['CASH', 'TICKET_X'] } })
    const unknown = await screen.findByLabelText<HTMLInputElement>('TICKET_X (platform listesinde yok)')
    expect(unknown.checked).toBe(true)
    fireEvent.click(unknown)
    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith({ collectedAtDoor: ['CASH'] }))
  })

  it('signed out (no platform list): CASH is still offered, by its key', async () => {
    renderSection({ signedIn: false })
    const cash = await screen.findByLabelText<HTMLInputElement>('CASH')
    expect(cash.checked).toBe(true)
  })

  it('turns "courier required" on', async () => {
    const api = renderSection()
    fireEvent.click(await screen.findByLabelText('Kuryeye verirken kurye seçmek zorunlu'))
    await waitFor(() => expect(api.updateSettings).toHaveBeenCalledWith({ courierRequired: true }))
  })
})

describe('CouriersSection: pay per package (issue 28)', () => {
  function renderPay(initial: { allRateKurus: number | null; byCourier: Record<string, number> }) {
    let pay = initial
    // As the core does: a courier's rate set to null is removed (the rate for all again).
    const setCourierPay = vi.fn((input: CallInput<'setCourierPay'>) => {
      const { courierId, rateKurus } = input
      if (courierId === null) pay = { ...pay, allRateKurus: rateKurus }
      else {
        const byCourier = new Map(Object.entries(pay.byCourier))
        if (rateKurus === null) byCourier.delete(courierId)
        else byCourier.set(courierId, rateKurus)
        pay = { ...pay, byCourier: Object.fromEntries(byCourier) }
      }
      return ok(pay)
    })
    renderWithApi(<CouriersSection signedIn={false} />, {
      listCouriers: () => ok([ahmet, veli, old]),
      getCourierPay: () => ok(pay),
      setCourierPay,
    })
    return setCourierPay
  }

  it('is off by default; a rate for all turns it on, and each working courier can have their own', async () => {
    const setCourierPay = renderPay({ allRateKurus: null, byCourier: {} })
    const all = await screen.findByLabelText<HTMLInputElement>('Bütün kuryeler için paket başı (boş: kapalı)')
    expect(all.value).toBe('')
    expect(screen.queryByLabelText(/Ahmet: paket başı/)).toBeNull()
    fireEvent.change(all, { target: { value: '1.234' } })
    fireEvent.submit(all.closest('form') as HTMLFormElement)
    expect((await screen.findByRole('alert')).textContent).toMatch(/belirsiz/)
    expect(setCourierPay).not.toHaveBeenCalled()
    fireEvent.change(all, { target: { value: '25' } })
    fireEvent.submit(all.closest('form') as HTMLFormElement)
    await waitFor(() =>
      expect(setCourierPay).toHaveBeenCalledWith({
        courierId: null,
        rateKurus: 2_500,
        requestId: expect.stringMatching(UUID) as string,
      }),
    )
    const ahmets = await screen.findByLabelText<HTMLInputElement>('Ahmet: paket başı (boş: genel ücret)')
    // Only working couriers: Eski Kurye left.
    expect(screen.queryByLabelText(/Eski Kurye: paket başı/)).toBeNull()
    fireEvent.change(ahmets, { target: { value: '30,50' } })
    fireEvent.submit(ahmets.closest('form') as HTMLFormElement)
    await waitFor(() =>
      expect(setCourierPay).toHaveBeenLastCalledWith(
        expect.objectContaining({ courierId: 'c-ahmet', rateKurus: 3_050 }),
      ),
    )
  })

  it('removes a courier’s own rate: back to the rate for all', async () => {
    const setCourierPay = renderPay({ allRateKurus: 2_500, byCourier: { 'c-veli': 3_000 } })
    // Only a courier with a rate of their own has one to remove.
    expect(screen.queryByRole('button', { name: /Ahmet: kendi ücretini kaldır/ })).toBeNull()
    fireEvent.click(
      await screen.findByRole('button', { name: 'Veli: kendi ücretini kaldır (genel ücrete dön)' }),
    )
    await waitFor(() =>
      expect(setCourierPay).toHaveBeenCalledWith(
        expect.objectContaining({ courierId: 'c-veli', rateKurus: null }),
      ),
    )
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Veli: kendi ücretini kaldır/ })).toBeNull(),
    )
    expect(screen.getByLabelText<HTMLInputElement>('Veli: paket başı (boş: genel ücret)').value).toBe('')
  })

  it('shows the rates kept; emptied, a rate is turned off (null)', async () => {
    const setCourierPay = renderPay({ allRateKurus: 2_500, byCourier: { 'c-veli': 3_000 } })
    const all = await screen.findByLabelText<HTMLInputElement>('Bütün kuryeler için paket başı (boş: kapalı)')
    expect(all.value).toBe('25,00 ₺')
    expect(screen.getByLabelText<HTMLInputElement>('Veli: paket başı (boş: genel ücret)').value).toBe(
      '30,00 ₺',
    )
    fireEvent.change(all, { target: { value: '' } })
    fireEvent.submit(all.closest('form') as HTMLFormElement)
    await waitFor(() =>
      expect(setCourierPay).toHaveBeenCalledWith(
        expect.objectContaining({ courierId: null, rateKurus: null }),
      ),
    )
  })
})
