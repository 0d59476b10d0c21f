// "Gün sonu" (issue 21): the day's table per courier and in total, what is not confirmed, the branch split,
// another day, the printed slip and the CSV.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DayEndView } from '../../../src-shared/couriers.ts'
import {
  bag,
  cashLine,
  courierLine,
  dayEndView,
  TODAY,
  todayOf,
} from '../../../test-support/renderer/day-end-fixtures.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../test-support/renderer/render-with-api.tsx'
import { SlipPrinter } from '../slip/SlipPrinter.tsx'
import { useSlipQueue } from '../slip/slip-queue.ts'
import { DayEndScreen } from './DayEndScreen.tsx'

vi.mock('../slip/page-size.ts', () => ({
  fitPageToSlip: () => {
    const slip = document.querySelector<HTMLElement>('.slip-print-root .slip[data-paper-mm]')
    return slip ? { widthMm: Number(slip.dataset['paperMm']), heightMm: 150 } : null
  },
}))

const downloads = vi.hoisted(() => [] as { name: string; text: string }[])
vi.mock('../download.ts', async (original) => ({
  ...(await original<typeof import('../download.ts')>()),
  downloadTextFile: (name: string, text: string) => downloads.push({ name, text }),
}))

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })

/** Ahmet 3 packages, 399,90 ₺, handed in 400,00 ₺; Veli (left) 2 packages, 250,00 ₺, handed in 237,50 ₺. */
const today = dayEndView(
  [
    courierLine('c-ahmet', 'Ahmet', 3, 39_990, [cashLine('cash-1', 40_000)]),
    courierLine('c-veli', 'Veli', 2, 25_000, [cashLine('cash-2', 23_750)], { retired: true }),
  ],
  {},
  { packages: 1, cashToCollectKurus: 12_000 },
)
const withCaveats: DayEndView = {
  ...today,
  allOrders: {
    ...today.allOrders,
    amountUnknown: 1,
    methodUnknown: 2,
    notConfirmed: { owed: 1, unconfirmed: 2, refused: 0 },
    branches: [
      {
        branch: 'b-1',
        branchName: 'Kadıköy Moda',
        packages: 4,
        cashToCollectKurus: 51_990,
        amountUnknown: 0,
      },
      { branch: null, packages: 2, cashToCollectKurus: 25_000, amountUnknown: 0 },
    ],
  },
}
const yesterday = dayEndView([courierLine('c-ahmet', 'Ahmet', 1, 5_000, [cashLine('cash-0', 5_000)])], {
  day: '2026-11-24',
})

function renderScreen(views: Record<string, DayEndView> = { [TODAY]: today }, settings = TEST_SETTINGS) {
  const api = {
    getDayEnd: vi.fn(({ day }: { day?: string }) => ok(views[day ?? TODAY] as DayEndView)),
    // Today is the core's kept settlement, the one the strip and the return read too.
    getCourierToday: vi.fn(() => ok(todayOf(views[TODAY] as DayEndView))),
    exportDayEndCsv: vi.fn(({ day }: { day: string }) => ok(`\uFEFFGün;${day}\r\n`)),
    listCouriers: vi.fn(() => ok([])),
    listOrders: vi.fn(() => ok([])),
    getSession: vi.fn(() =>
      ok({ state: 'signed-out', reason: 'never-signed-in', secretStorage: 'os-keychain' }),
    ),
  }
  // With the app's one slip printer, as App mounts it: the day-end slip prints through it.
  renderWithApi(
    <>
      <DayEndScreen />
      <SlipPrinter signedIn={false} />
    </>,
    api as never,
    settings,
  )
  return api
}

/** A row's header and cells as read (a header row reads as nothing). */
const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('th[scope="row"], td')].map((cell) => cell.textContent.trim())

beforeEach(() => {
  delete window.printBridge
  useSlipQueue.setState({ jobs: [], failed: new Set() })
  downloads.length = 0
})
afterEach(() => {
  cleanup()
  delete window.printBridge
  vi.restoreAllMocks()
})

describe('DayEndScreen', () => {
  it('shows per courier packages, cash to collect, handed in and the difference; the total; the unassigned', async () => {
    renderScreen()
    const table = await screen.findByRole('table', { name: 'Kurye gün sonu' })
    const rows = within(table).getAllByRole('row')
    // The couriers' total is what their rows add up to; the package no courier was named for comes after it,
    // its 120,00 ₺ in no courier's difference.
    const zero = '0,00 ₺'
    expect(rows.map((row) => cells(row))).toEqual([
      [],
      [
        'AhmetAçıkDönüşHafta',
        '3',
        '399,90 ₺',
        zero,
        zero,
        '399,90 ₺',
        '400,00 ₺',
        'fazla: +0,10 ₺',
        zero,
        zero,
        zero,
      ],
      [
        'Veli (ayrıldı)AçıkDönüşHafta',
        '2',
        '250,00 ₺',
        zero,
        zero,
        '250,00 ₺',
        '237,50 ₺',
        'açık var: -12,50 ₺',
        zero,
        zero,
        zero,
      ],
      [
        'Kuryeler toplamıAçık',
        '5',
        '649,90 ₺',
        zero,
        zero,
        '649,90 ₺',
        '637,50 ₺',
        'açık var: -12,40 ₺',
        zero,
        zero,
        zero,
      ],
      ['Kuryesi belirsiz', '1', '120,00 ₺', '–'],
    ])
    expect(
      screen.getByText(
        'Kuryesi belirsiz 1 paketin kapıda tahsil edilen 120,00 ₺ tutarı hiçbir kuryenin farkına sayılmadı: bu nakdi ayrıca kontrol edin.',
      ),
    ).toBeTruthy()
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Kurye',
      'Paket',
      'Kapıda nakit',
      'Bozuk para',
      'Masraf',
      'Beklenen',
      'Teslim',
      'Fark',
      'Kapıda kart',
      'Borç',
      'Avans',
    ])
    // Signed out, the platform's method list is not loaded: cash is still named, never `CASH`.
    expect(screen.getByText('Kapıda tahsil: Nakit')).toBeTruthy()
    expect(screen.getByText('Bu günün bütün teslimleri platformdan onaylandı.')).toBeTruthy()
    // No order carries a branch: no split to show.
    expect(screen.queryByRole('table', { name: 'Şubelere göre' })).toBeNull()
  })

  it('says what is not confirmed, what has no amount or method, and splits by branch', async () => {
    renderScreen({ [TODAY]: withCaveats })
    expect(
      await screen.findByText(
        'Onaylanmayan: 1 gönderiliyor, 2 doğrulanamadı, 0 reddedildi (pakete sayılmadı).',
      ),
    ).toBeTruthy()
    expect(screen.getByText(/1 paketin tutarı bilinmiyor/)).toBeTruthy()
    expect(screen.getByText(/2 paketin ödeme yöntemi bilinmiyor/)).toBeTruthy()
    const branches = screen.getByRole('table', { name: 'Şubelere göre' })
    expect(
      within(branches)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cells(row)),
    ).toEqual([
      ['Kadıköy Moda', '4', '519,90 ₺'],
      ['Şubesiz', '2', '250,00 ₺'],
    ])
  })

  it('says so on a day with nothing, and still offers today', async () => {
    renderScreen({ [TODAY]: dayEndView([], { days: ['2026-11-20'] }) })
    expect(await screen.findByText('Bu gün kuryeye verilen paket ya da teslim kaydı yok.')).toBeTruthy()
    const picker = screen.getByLabelText<HTMLSelectElement>('Gün')
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      '25.11.2026 (bugün)',
      '20.11.2026',
    ])
  })

  it('shows a past day when picked, and its return names that day', async () => {
    const api = renderScreen({ [TODAY]: today, '2026-11-24': yesterday })
    const picker = await screen.findByLabelText<HTMLSelectElement>('Gün')
    expect(picker.selectedOptions[0]?.textContent).toBe('25.11.2026 (bugün)')
    fireEvent.change(picker, { target: { value: '2026-11-24' } })
    await waitFor(() => expect(api.getDayEnd).toHaveBeenLastCalledWith({ day: '2026-11-24' }))
    const table = await screen.findByRole('table', { name: 'Kurye gün sonu' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(cells(within(table).getAllByRole('row')[1] as HTMLElement)).toEqual([
      'AhmetAçıkDönüşHafta',
      '1',
      '50,00 ₺',
      '0,00 ₺',
      '0,00 ₺',
      '50,00 ₺',
      '50,00 ₺',
      'kasa tam',
      '0,00 ₺',
      '0,00 ₺',
      '0,00 ₺',
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Ahmet: dönüşü kaydet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Dönüş: Ahmet' })
    expect(within(dialog).getByText('Gün: 24.11.2026')).toBeTruthy()
  })

  it('prints the day-end slip on the paper Settings name, with every courier, the totals and the balance', async () => {
    let printed: { text: string; paper: string | undefined } | undefined
    const printSlip = vi.fn(() => {
      const slip = document.querySelector<HTMLElement>('.slip-print-root .slip')
      printed = { text: (slip?.textContent ?? '').replace(/\u00a0/g, ' '), paper: slip?.dataset['paperMm'] }
      return Promise.resolve({ result: 'printed' as const })
    })
    window.printBridge = { printSlip, saveSlipPdf: vi.fn(), listPrinters: vi.fn(() => Promise.resolve([])) }
    renderScreen({ [TODAY]: withCaveats }, { ...TEST_SETTINGS, slipPaperWidth: 58 })
    fireEvent.click(await screen.findByRole('button', { name: 'Yazdır' }))
    await waitFor(() => expect(printSlip).toHaveBeenCalledTimes(1))
    expect(printed?.paper).toBe('58')
    const text = printed?.text ?? ''
    for (const part of [
      'Kurye gün sonu',
      '25.11.2026',
      'Kapıda tahsil: Nakit',
      'Ahmet',
      '3 paket · tahsil 399,90 ₺',
      'Teslim: 400,00 ₺',
      'fazla: +0,10 ₺',
      'Veli (ayrıldı)',
      'açık var: -12,50 ₺',
      'Kuryeler toplamı',
      '5 paket · tahsil 649,90 ₺',
      'Teslim: 637,50 ₺',
      'açık var: -12,40 ₺',
      'Kuryesi belirsiz: 1 paket · tahsil 120,00 ₺',
      'hiçbir kuryenin farkına sayılmadı',
      'Onaylanmayan: 1 gönderiliyor, 2 doğrulanamadı',
      'Kadıköy Moda: 4 paket · tahsil 519,90 ₺',
      'Şubesiz: 2 paket · tahsil 250,00 ₺',
      'Kontrol eden (imza)',
    ]) {
      expect(text).toContain(part)
    }
    await waitFor(() => expect(document.querySelector('.slip-print-root')).toBeNull())
  })

  it('says so when the slip did not print', async () => {
    window.printBridge = {
      printSlip: vi.fn(() => Promise.resolve({ result: 'failed' as const, reason: 'no-printer' })),
      saveSlipPdf: vi.fn(),
      listPrinters: vi.fn(() => Promise.resolve([])),
    }
    renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: 'Yazdır' }))
    expect(await screen.findByText(/Gün sonu fişi yazdırılamadı/)).toBeTruthy()
  })

  it('downloads the day’s CSV from the core, named for the day shown', async () => {
    const api = renderScreen({ [TODAY]: today, '2026-11-24': yesterday })
    fireEvent.change(await screen.findByLabelText('Gün'), { target: { value: '2026-11-24' } })
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Gün').value).toBe('2026-11-24'))
    fireEvent.click(screen.getByRole('button', { name: 'CSV olarak indir' }))
    await waitFor(() => expect(downloads).toHaveLength(1))
    expect(api.exportDayEndCsv).toHaveBeenCalledWith({ day: '2026-11-24' })
    expect(downloads[0]).toEqual({
      name: 'pos-companion-gun-sonu-20261124.csv',
      text: '\uFEFFGün;2026-11-24\r\n',
    })
  })

  it('in English: the same table in English words and ₺1,234.50 amounts', async () => {
    renderScreen({ [TODAY]: today }, { ...TEST_SETTINGS, language: 'en' })
    const table = await screen.findByRole('table', { name: 'Courier day end' })
    expect(cells(within(table).getAllByRole('row')[2] as HTMLElement)).toEqual([
      'Veli (left)OpenReturnWeek',
      '2',
      '₺250.00',
      '₺0.00',
      '₺0.00',
      '₺250.00',
      '₺237.50',
      'short: -₺12.50',
      '₺0.00',
      '₺0.00',
      '₺0.00',
    ])
  })
})

describe('DayEndScreen: the courier’s whole cash (issue 28)', () => {
  const cashDay = dayEndView([
    courierLine(
      'c-ahmet',
      'Ahmet',
      3,
      39_990,
      [
        cashLine('f-1', 5_000, { kind: 'float' }),
        cashLine('e-1', 3_000, { kind: 'expense', note: 'yakıt' }),
        cashLine('h-1', 40_000),
      ],
      { cardAtDoorKurus: 25_000, debtCarriedKurus: 1_250, payKurus: 7_500, closed: true },
    ),
    courierLine('c-zeynep', 'Zeynep', 2, 30_000, [], {
      balance: 'out',
      out: true,
      bags: [bag(1, { amountKurus: 10_000 }), bag(2, { amountKurus: 20_000 })],
    }),
    courierLine('c-burak', 'Burak', 1, 0, [], {
      balance: 'unknown',
      unknownCount: 1,
      bags: [bag(3, { paymentMethod: undefined, tender: 'unknown', collect: false, carried: false })],
    }),
  ])

  it('shows per courier float, expenses, expected, handed in, card, debt, pay and closed; out and ? said so', async () => {
    renderScreen({ [TODAY]: cashDay })
    const table = await screen.findByRole('table', { name: 'Kurye gün sonu' })
    const rows = within(table).getAllByRole('row')
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Hakediş')
    expect(cells(rows[1] as HTMLElement)).toEqual([
      'AhmetHesap kapalıDönüşHafta',
      '3',
      '399,90 ₺',
      '50,00 ₺',
      '30,00 ₺',
      '419,90 ₺',
      '400,00 ₺',
      'açık var: -19,90 ₺',
      '250,00 ₺',
      '12,50 ₺',
      '0,00 ₺',
      '75,00 ₺',
    ])
    // Still out with bags: "yolda", never "açık var" in red.
    expect(cells(rows[2] as HTMLElement)[7]).toBe('yolda: 2 paket taşıyor')
    // A bag whose cash is not known: "?", never "kasa tam" or a zero expected.
    expect(cells(rows[3] as HTMLElement)[5]).toBe('? kontrol edin')
    expect(cells(rows[3] as HTMLElement)[7]).toBe('? kontrol edin')
    expect(within(table).queryByText('kasa tam')).toBeNull()
  })

  it('prints every figure on the slip: float, expenses, expected, card, debt, pay, closed, out', async () => {
    let printed = ''
    window.printBridge = {
      printSlip: vi.fn(() => {
        printed = (document.querySelector('.slip-print-root .slip')?.textContent ?? '').replace(
          /\u00a0/g,
          ' ',
        )
        return Promise.resolve({ result: 'printed' as const })
      }),
      saveSlipPdf: vi.fn(),
      listPrinters: vi.fn(() => Promise.resolve([])),
    }
    renderScreen({ [TODAY]: cashDay })
    fireEvent.click(await screen.findByRole('button', { name: 'Yazdır' }))
    await waitFor(() => expect(printed).not.toBe(''))
    for (const part of [
      'Bozuk para: 50,00 ₺ · Masraf: 30,00 ₺',
      'Beklenen: 419,90 ₺',
      'Teslim: 400,00 ₺',
      'açık var: -19,90 ₺',
      'Kapıda kart: 250,00 ₺',
      'Devreden borç: 12,50 ₺',
      'Hakediş: 75,00 ₺',
      'Hesap kapalı',
      'yolda: 2 paket taşıyor',
      'Beklenen: ? kontrol edin',
    ]) {
      expect(printed).toContain(part)
    }
  })

  it('opens a courier’s week: the days, the sums, the debts; printed and saved as the core’s CSV', async () => {
    const statement = {
      courierId: 'c-ahmet',
      name: 'Ahmet',
      from: '2026-11-23',
      to: '2026-11-29',
      days: [
        {
          day: '2026-11-24',
          packages: 4,
          cashToCollectKurus: 50_000,
          floatKurus: 5_000,
          expensesKurus: 2_000,
          expectedCashKurus: 53_000,
          cashHandedInKurus: 51_750,
          differenceKurus: -1_250,
          cardAtDoorKurus: 0,
          advancesKurus: 0,
          debtRepaidKurus: 0,
          payKurus: 10_000,
          closed: true,
          unknownCount: 0,
        },
      ],
      totals: {
        packages: 4,
        cashToCollectKurus: 50_000,
        floatKurus: 5_000,
        expensesKurus: 2_000,
        expectedCashKurus: 53_000,
        cashHandedInKurus: 51_750,
        differenceKurus: -1_250,
        cardAtDoorKurus: 0,
        advancesKurus: 0,
        debtRepaidKurus: 0,
        payKurus: 10_000,
        unknownCount: 0,
      },
      debts: [{ since: '2026-11-24', closingId: 'closing-1', amountKurus: 1_250 }],
      debtCarriedKurus: 1_250,
      creditKurus: 0,
    }
    const getCourierStatement = vi.fn(() => ok(statement))
    const exportCourierStatementCsv = vi.fn(() => ok('\uFEFFGün;Paket\r\n'))
    renderWithApi(<DayEndScreen />, {
      getDayEnd: () => ok(cashDay),
      getCourierToday: () => ok(todayOf(cashDay)),
      getCourierStatement,
      exportCourierStatementCsv,
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Hafta: Ahmet (haftalık döküm)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Haftalık döküm: Ahmet' })
    expect(getCourierStatement).toHaveBeenCalledWith({ courierId: 'c-ahmet' })
    const week = within(dialog).getByRole('table', { name: 'Haftalık döküm: Ahmet' })
    expect(cells(within(week).getAllByRole('row')[1] as HTMLElement)).toEqual([
      '24.11.2026Hesap kapalı',
      '4',
      '500,00 ₺',
      '50,00 ₺',
      '20,00 ₺',
      '530,00 ₺',
      '517,50 ₺',
      '-12,50 ₺',
      '0,00 ₺',
      '0,00 ₺',
      '100,00 ₺',
    ])
    expect(within(dialog).getByText(/Borçlar \(eskiden yeniye\): 24\.11\.2026: 12,50 ₺/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'CSV olarak indir' }))
    await waitFor(() => expect(downloads).toHaveLength(1))
    expect(exportCourierStatementCsv).toHaveBeenCalledWith({ courierId: 'c-ahmet', from: '2026-11-23' })
    expect(downloads[0]?.name).toBe('pos-companion-kurye-hafta-20261123.csv')
    fireEvent.click(within(dialog).getByRole('button', { name: '← Önceki hafta' }))
    await waitFor(() =>
      expect(getCourierStatement).toHaveBeenLastCalledWith({ courierId: 'c-ahmet', from: '2026-11-16' }),
    )
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('DayEndScreen: any working courier’s cash, before their first record (issue 28)', () => {
  it('opens the cash of a courier with nothing on the day yet, for their float', async () => {
    renderWithApi(<DayEndScreen />, {
      getDayEnd: () => ok(today),
      getCourierToday: () => ok(todayOf(today)),
      listCouriers: () =>
        ok([
          { id: 'c-ahmet', name: 'Ahmet', retired: false, addedAt: '2026-11-20T08:00:00.000Z' },
          { id: 'c-zeynep', name: 'Zeynep', retired: false, addedAt: '2026-11-20T08:00:00.000Z' },
          { id: 'c-veli', name: 'Veli', retired: true, addedAt: '2026-11-20T08:00:00.000Z' },
        ]),
    })
    const picker = await screen.findByLabelText<HTMLSelectElement>('Kurye kasası')
    await waitFor(() =>
      expect([...picker.options].map((option) => option.textContent)).toEqual([
        'Kurye seçin',
        'Ahmet',
        'Zeynep (bugün kaydı yok)',
      ]),
    )
    const open = screen.getByRole<HTMLButtonElement>('button', { name: 'Kasasını aç' })
    expect(open.disabled).toBe(true)
    fireEvent.change(picker, { target: { value: 'c-zeynep' } })
    fireEvent.click(open)
    const dialog = await screen.findByRole('dialog', { name: 'Dönüş: Zeynep' })
    expect(within(dialog).getByRole('radio', { name: 'Bozuk para' })).toBeTruthy()
  })
})
