// The day-end CSV beyond day-end-csv.test.ts: a day with every kind of row and column a manager reads — card at
// the door, a bag the platform refused, each cash movement, pay, debts, a closed account, the brand account
// column — and the platform's method names.
import { describe, expect, it } from 'vitest'
import { dayCell, dayEndCsv, kurusCell } from './day-end-csv.ts'
import { settleDay, type DayEndInput, type LedgerCourier } from './day-end.ts'

const ZONE = 'Europe/Istanbul'
const DAY = '2026-11-24'
/** `HH:MM` in Istanbul on the day (UTC+3). */
const at = (time: string) =>
  `${DAY}T${String(Number(time.slice(0, 2)) - 3).padStart(2, '0')}:${time.slice(3)}:00.000Z`
const key = (n: number) => `${String(n).repeat(4)}0000-0000-0000-0000-00000000000${String(n)}`

const couriers: LedgerCourier[] = [
  { id: 'c1', name: 'Ahmet', retired: false, addedAt: at('08:00') },
  { id: 'c2', name: 'Mehmet', retired: false, addedAt: at('08:00') },
]

/** Ahmet's full day (an open account) and Mehmet's closed one. */
function fullDay(extra: Partial<DayEndInput> = {}) {
  return settleDay({
    day: DAY,
    timeZone: ZONE,
    couriers,
    history: [
      { seq: 1, paymentKey: key(1), at: at('12:00'), result: 'handed-over', account: 'acc-burger' },
      { seq: 2, paymentKey: key(2), at: at('12:10'), result: 'handed-over', account: 'acc-pizza' },
      { seq: 3, paymentKey: key(3), at: at('12:20'), result: 'refused', account: 'acc-burger' },
      { seq: 4, paymentKey: key(4), at: at('12:30'), result: 'handed-over' },
      { seq: 5, paymentKey: key(5), at: at('12:40'), result: 'handed-over' },
    ],
    assignments: [
      { paymentKey: key(1), courierId: 'c1', seq: 1, at: at('11:50') },
      { paymentKey: key(2), courierId: 'c1', seq: 2, at: at('11:50') },
      { paymentKey: key(3), courierId: 'c1', seq: 3, at: at('11:50') },
      { paymentKey: key(4), courierId: 'c1', seq: 4, at: at('11:50') },
      { paymentKey: key(5), courierId: 'c2', seq: 5, at: at('11:50') },
    ],
    orders: new Map([
      [key(1), { paymentMethod: 'CASH', amountKurus: 10_000 }],
      // Ordered to be paid by card on delivery: the courier's reader took it.
      [key(2), { paymentMethod: 'CREDIT_CARD', amountKurus: 25_000, label: 'Masa 2' }],
      [key(3), { paymentMethod: 'CASH', amountKurus: 7_000, branch: 'b1', label: 'Masa 9' }],
      // A meal card at the door whose amount the POS did not send.
      [key(4), { paymentMethod: 'CASH' }],
      [key(5), { paymentMethod: 'CASH', amountKurus: 2_000 }],
    ]),
    tenders: new Map([
      [key(2), 'CREDIT_CARD'],
      [key(4), 'SODEXO'],
    ]),
    cash: [
      { id: 'f1', seq: 10, at: at('11:00'), courierId: 'c1', kind: 'float', amountKurus: 5_000, day: DAY },
      { id: 'e1', seq: 11, at: at('13:00'), courierId: 'c1', kind: 'expense', amountKurus: 1_500, day: DAY },
      {
        id: 'h1',
        seq: 12,
        at: at('18:00'),
        courierId: 'c1',
        kind: 'handed-in',
        amountKurus: 13_000,
        day: DAY,
      },
      { id: 'a1', seq: 13, at: at('18:01'), courierId: 'c1', kind: 'advance', amountKurus: 2_000, day: DAY },
      {
        id: 'd1',
        seq: 14,
        at: at('18:02'),
        courierId: 'c1',
        kind: 'debt-repaid',
        amountKurus: 1_000,
        day: DAY,
        note: 'eski borç',
      },
      {
        id: 'h2',
        seq: 15,
        at: at('19:00'),
        courierId: 'c2',
        kind: 'handed-in',
        amountKurus: 2_000,
        day: DAY,
      },
    ],
    closings: [
      {
        id: 'close-old',
        seq: 1,
        at: '2026-11-20T20:00:00.000Z',
        courierId: 'c1',
        day: '2026-11-20',
        paymentKeys: [],
        movementIds: [],
        expectedCashKurus: 4_000,
        cashHandedInKurus: 0,
        differenceKurus: -4_000,
        booked: 'debt',
        debtsAfter: [{ since: '2026-11-20', closingId: 'close-old', amountKurus: 4_000 }],
        creditAfterKurus: 0,
        carried: [],
      },
      {
        id: 'close-mehmet',
        seq: 20,
        at: at('19:05'),
        courierId: 'c2',
        day: DAY,
        paymentKeys: [key(5)],
        movementIds: ['h2'],
        expectedCashKurus: 2_000,
        cashHandedInKurus: 2_000,
        differenceKurus: 0,
        booked: 'even',
        debtsAfter: [],
        creditAfterKurus: 0,
        carried: [],
      },
    ],
    payRates: [{ courierId: null, rateKurus: 700, day: '2026-11-01', seq: 1 }],
    ...extra,
  })
}

const METHODS: Record<string, string> = { CASH: 'Cash', CREDIT_CARD: 'Credit card', SODEXO: 'Sodexo' }

describe('the day-end CSV, every row and column', () => {
  it('writes card at the door, a refused bag, each movement, pay, debts and a closed account', () => {
    const csv = dayEndCsv(fullDay(), { language: 'en', timeZone: ZONE, methodName: (k) => METHODS[k] ?? k })
    expect(csv.split('\r\n').slice(1)).toEqual([
      // Expected 50,00 float + 100,00 to collect − 15,00 expense = 135,00; 130,00 handed in: 5,00 short. Pay:
      // 3 packages × 7,00 − 20,00 advanced. Debt carried: 40,00 less the 10,00 repaid today. Card: 250,00.
      '24.11.2026;Ahmet;Courier total;;;;;3;100.00;130.00;-5.00;Check;0;1;;50.00;15.00;135.00;250.00;20.00;10.00;30.00;1.00;No',
      '24.11.2026;Ahmet;Package;;000-001;24.11.2026 12:00:00;Cash;1;100.00;;;;;;Collected at the door;;;;;;;;;',
      '24.11.2026;Ahmet;Package;;000-002;24.11.2026 12:10:00;Credit card;1;;;;;;;Masa 2 · Card at the door (Credit card);;;;250.00;;;;;',
      '24.11.2026;Ahmet;Package;;000-004;24.11.2026 12:30:00;Cash;1;;;;;;;Card at the door (Sodexo);;;;;;;;;',
      '24.11.2026;Ahmet;NOT SENT;b1;000-003;24.11.2026 12:20:00;Cash;;;;;;;;Masa 9;;;;;;;;;',
      '24.11.2026;Ahmet;Float;;;24.11.2026 11:00:00;;;;;;;;;;50.00;;;;;;;;',
      '24.11.2026;Ahmet;Expense;;;24.11.2026 13:00:00;;;;;;;;;;;15.00;;;;;;;',
      '24.11.2026;Ahmet;Cash handed in;;;24.11.2026 18:00:00;;;;130.00;;;;;;;;;;;;;;',
      '24.11.2026;Ahmet;Advance;;;24.11.2026 18:01:00;;;;;;;;;;;;;;20.00;;;;',
      '24.11.2026;Ahmet;Debt repaid;;;24.11.2026 18:02:00;;;;;;;;;eski borç;;;;;;10.00;;;',
      '24.11.2026;Mehmet;Courier total;;;;;1;20.00;20.00;0.00;Even;0;0;;0.00;0.00;20.00;0.00;0.00;0.00;0.00;7.00;Yes',
      '24.11.2026;Mehmet;Package;;000-005;24.11.2026 12:40:00;Cash;1;20.00;;;;;;Collected at the door;;;;;;;;;',
      '24.11.2026;Mehmet;Cash handed in;;;24.11.2026 19:00:00;;;;20.00;;;;;;;;;;;;;;',
      "24.11.2026;Couriers' total;Total;;;;;4;120.00;150.00;-5.00;Check;0;1;;50.00;15.00;155.00;250.00;20.00;10.00;30.00;8.00;No",
      '24.11.2026;All orders;Total;;;;;4;120.00;;;;0;1;;;;;;;;;;',
      '',
    ])
  })

  it('ends each package and refused row with its brand account, by short name, with several accounts', () => {
    const names: Record<string, string> = { 'acc-burger': 'Burger' }
    const csv = dayEndCsv(fullDay(), {
      language: 'tr',
      timeZone: ZONE,
      accountName: (account) => names[account],
    })
    const rows = csv
      .slice(1)
      .split('\r\n')
      .slice(0, -1)
      .map((line) => line.split(';'))
    const ACCOUNT = 24
    expect(rows[0]?.[ACCOUNT]).toBe('Marka hesabı')
    expect(rows.every((row) => row.length === 25)).toBe(true)
    expect(rows.filter((row) => row[ACCOUNT] !== '').map((row) => [row[2], row[4], row[ACCOUNT]])).toEqual([
      ['Satır', 'Sipariş kodu', 'Marka hesabı'],
      ['Paket', '000-001', 'Burger'],
      ['GÖNDERİLEMEDİ', '000-003', 'Burger'],
    ])
  })

  it('names cash Nakit when the platform’s list is not at hand, and any other method by its key', () => {
    const rows = dayEndCsv(fullDay(), { language: 'tr', timeZone: ZONE }).split('\r\n')
    expect(rows.find((row) => row.includes('000-001'))).toContain(';Nakit;1;100,00;')
    expect(rows.find((row) => row.includes('000-002'))).toContain(';CREDIT_CARD;1;;')
    expect(rows.find((row) => row.includes('000-002'))).toContain('Kapıda kart (CREDIT_CARD)')
    // A list that names cash otherwise is followed.
    const named = dayEndCsv(fullDay(), { language: 'tr', timeZone: ZONE, methodName: () => 'Kapıda nakit' })
    expect(named.split('\r\n').find((row) => row.includes('000-001'))).toContain(';Kapıda nakit;')
  })

  it('writes the unassigned line for a package with no courier, its note only when it has cash to collect', () => {
    const card = fullDay({
      couriers,
      history: [{ seq: 1, paymentKey: key(1), at: at('12:00'), result: 'handed-over' }],
      assignments: [],
      orders: new Map([[key(1), { paymentMethod: 'CREDIT_CARD', amountKurus: 5_000 }]]),
      tenders: new Map(),
      cash: [],
      closings: [],
    })
    const rows = dayEndCsv(card, { language: 'en', timeZone: ZONE }).split('\r\n')
    expect(rows.filter((row) => row.includes(';No courier;'))).toEqual([
      '24.11.2026;No courier;Total;;;;;1;0.00;;;;0;0;;;;;;;;;;',
      '24.11.2026;No courier;Package;;000-001;24.11.2026 12:00:00;CREDIT_CARD;1;;;;;;;;;;;;;;;;',
    ])
  })
})

describe('the day-end CSV, what is not known', () => {
  it('leaves the method cell empty when a package’s method is not known, the account cell when it has none', () => {
    const dayEnd = settleDay({
      day: DAY,
      timeZone: ZONE,
      couriers,
      history: [
        { seq: 1, paymentKey: key(1), at: at('12:00'), result: 'handed-over' },
        { seq: 2, paymentKey: key(2), at: at('12:10'), result: 'refused' },
        { seq: 3, paymentKey: key(3), at: at('12:20'), result: 'handed-over', account: 'acc-1' },
      ],
      assignments: [1, 2, 3].map((n) => ({ paymentKey: key(n), courierId: 'c1', seq: n, at: at('11:50') })),
      orders: new Map([[key(3), { paymentMethod: 'CASH', amountKurus: 1_000 }]]),
      cash: [],
    })
    // A list that names every account it is asked about: only packages' accounts are asked.
    const csv = dayEndCsv(dayEnd, { language: 'en', timeZone: ZONE, accountName: (id) => `Account ${id}` })
    expect(
      csv.split('\r\n').filter((row) => row.includes(';Ahmet;') && !row.includes('Courier total')),
    ).toEqual([
      '24.11.2026;Ahmet;Package;;000-001;24.11.2026 12:00:00;;1;;;;;;;;;;;;;;;;;',
      '24.11.2026;Ahmet;Package;;000-003;24.11.2026 12:20:00;Cash;1;10.00;;;;;;Collected at the door;;;;;;;;;;Account acc-1',
      '24.11.2026;Ahmet;NOT SENT;;000-002;24.11.2026 12:10:00;;;;;;;;;;;;;;;;;;;',
    ])
  })
})

describe('a CSV cell', () => {
  it('writes a day as the file’s dates are written, and a damaged day without “undefined”', () => {
    expect(dayCell('2026-01-05')).toBe('05.01.2026')
    expect(dayCell('2026-11')).toBe('.11.2026')
    expect(dayCell('')).toBe('..')
  })

  it('writes kuruş with the sign before the whole number, the language’s decimal mark and two digits', () => {
    expect(kurusCell(-5, 'en')).toBe('-0.05')
    expect(kurusCell(-100, 'tr')).toBe('-1,00')
    expect(kurusCell(1, 'tr')).toBe('0,01')
    expect(kurusCell(123_456, 'en')).toBe('1234.56')
  })
})
