import { describe, expect, it } from 'vitest'
import { csvCell } from '../orders/history-csv.ts'
import { dayEndCsv, kurusCell } from './day-end-csv.ts'
import { settleDay, type LedgerCourier } from './day-end.ts'

const ZONE = 'Europe/Istanbul'
const DAY = '2026-11-24'
const KEY_A = '3f1b6a9e-0c1d-4e2f-9a3b-5c6d7e8f9a0b'
const KEY_B = '4a2c7b0f-1d2e-4f30-8b4c-6d7e8f9a0b1c'
const KEY_C = '5b3d8c1a-2e3f-4a41-9c5d-7e8f9a0b1c2d'
const AT = '2026-11-24T09:00:00.000Z'

const couriers: LedgerCourier[] = [
  { id: 'c1', name: 'Ahmet', retired: false, addedAt: AT },
  { id: 'c2', name: '=HYPERLINK("http://x","y")', retired: false, addedAt: AT },
]

function settled() {
  return settleDay({
    day: DAY,
    timeZone: ZONE,
    history: [
      { seq: 1, paymentKey: KEY_A, at: AT, result: 'handed-over' },
      { seq: 2, paymentKey: KEY_B, at: AT, result: 'handed-over' },
      { seq: 3, paymentKey: KEY_C, at: AT, result: 'handed-over' },
    ],
    couriers,
    assignments: [
      { paymentKey: KEY_A, courierId: 'c1', seq: 1, at: AT },
      { paymentKey: KEY_B, courierId: 'c2', seq: 2, at: AT },
    ],
    orders: new Map([
      [KEY_A, { paymentMethod: 'CASH', amountKurus: 123450, branch: 'b1', label: 'Masa 4; kapı' }],
      [KEY_B, { paymentMethod: 'CASH', amountKurus: 5000 }],
      [KEY_C, { paymentMethod: 'CASH', amountKurus: 990 }],
    ]),
    cash: [
      { id: 'x1', seq: 4, at: AT, courierId: 'c1', amountKurus: 100000, day: DAY },
      {
        id: 'x2',
        seq: 5,
        at: AT,
        courierId: 'c1',
        amountKurus: 123000,
        day: DAY,
        corrects: 'x1',
        note: 'sayım',
      },
    ],
    branches: [{ id: 'b1', name: 'Kadıköy' }],
  })
}

function rowsOf(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true)
  expect(csv.endsWith('\r\n')).toBe(true)
  // No cell in these rows holds a quoted separator but the label's, which the test looks at by itself.
  return csv
    .slice(1)
    .split('\r\n')
    .slice(0, -1)
    .map((line) => line.split(';'))
}

describe('the day-end as CSV', () => {
  it('writes one row per courier with its packages and cash under it, the unassigned, the totals', () => {
    const rows = rowsOf(dayEndCsv(settled(), { language: 'tr', timeZone: ZONE }))
    expect(rows[0]?.slice(0, 3)).toEqual(['Gün', 'Kurye', 'Satır'])
    const ahmet = rows.find((row) => row[1] === 'Ahmet' && row[2] === 'Kurye toplamı')
    // 1.234,50 ₺ to collect, 1.230,00 handed in (the correction counts, not the first count), 4,50 short.
    expect(ahmet?.slice(7, 12)).toEqual(['1', '1234,50', '1230,00', '-4,50', 'Açık var'])
    expect(
      rows.some((row) => row[1] === 'Ahmet' && row[2] === 'Düzeltildi (sayılmaz)' && row[9] === '1000,00'),
    ).toBe(true)
    expect(rows.filter((row) => row[1] === 'Ahmet' && row[2] === 'Şube').map((row) => row[3])).toEqual([
      'Kadıköy',
    ])
    // A courier whose packages carry no branch gets no split: one line saying what the total says.
    expect(rows.filter((row) => row[2] === 'Şube' && row[1]?.includes('HYPERLINK'))).toEqual([])
    // The branch split of every order of the day, the unassigned's 9,90 ₺ (no branch) too.
    expect(
      rows.filter((row) => row[1] === 'Tüm siparişler' && row[2] === 'Şube').map((row) => [row[3], row[8]]),
    ).toEqual([
      ['Kadıköy', '1234,50'],
      ['Şubesiz', '59,90'],
    ])
    // The day as the times are written: one date format in the file.
    expect(rows.slice(1).every((row) => row[0] === '24.11.2026')).toBe(true)
    // The package no courier was named for: its cash on its own line, in no courier's difference.
    const unassigned = rows.find((row) => row[1] === 'Kuryesi belirsiz' && row[2] === 'Toplam')
    expect(unassigned?.slice(7, 12)).toEqual(['1', '9,90', '', '', ''])
    expect(unassigned?.[14]).toBe('Hiçbir kuryenin farkına sayılmadı')
    // The couriers' total is what their rows add up to: 1.234,50 + 50,00 against 1.230,00.
    const couriersTotal = rows.find((row) => row[1] === 'Kuryeler toplamı' && row[2] === 'Toplam')
    expect(couriersTotal?.slice(7, 12)).toEqual(['2', '1284,50', '1230,00', '-54,50', 'Açık var'])
    const allOrders = rows.find((row) => row[1] === 'Tüm siparişler' && row[2] === 'Toplam')
    expect(allOrders?.slice(7, 12)).toEqual(['3', '1294,40', '', '', ''])
    expect(rows.every((row) => row.length === rows[0]?.length || row.join(';').includes('"'))).toBe(true)
  })

  it('neutralises a formula in a courier name and quotes a label holding the separator', () => {
    const csv = dayEndCsv(settled(), { language: 'tr', timeZone: ZONE })
    expect(csv).not.toMatch(/(^|;)=HYPERLINK/m)
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csv).toContain('"Masa 4; kapı · Kapıda tahsil"')
  })

  it('writes amounts as numbers English Excel reads, with English words', () => {
    const csv = dayEndCsv(settled(), { language: 'en', timeZone: ZONE })
    expect(csv).toContain(';Courier total;')
    expect(csv).toContain(';1234.50;1230.00;-4.50;Short;')
  })

  it('writes every row of a day: totals, branch split, packages, cash records, the unassigned, the total', () => {
    const key = (n: number) => `${String(n).repeat(4)}0000-0000-0000-0000-00000000000${String(n)}`
    const dayEnd = settleDay({
      day: DAY,
      timeZone: ZONE,
      history: [
        { seq: 1, paymentKey: key(1), at: AT, result: 'handed-over' },
        { seq: 2, paymentKey: key(2), at: '2026-11-24T10:30:05.000Z', result: 'handed-over' },
        { seq: 3, paymentKey: key(3), at: AT, result: 'refused' },
        { seq: 4, paymentKey: key(4), at: AT, result: 'unconfirmed' },
        { seq: 5, paymentKey: key(5), at: AT, result: 'will-retry' },
      ],
      couriers: [{ id: 'c1', name: 'Ahmet', retired: false, addedAt: AT }],
      assignments: [
        { paymentKey: key(1), courierId: 'c1', seq: 1, at: AT },
        { paymentKey: key(2), courierId: 'c1', seq: 2, at: AT },
        { paymentKey: key(4), courierId: 'c1', seq: 3, at: AT },
      ],
      orders: new Map([
        [key(1), { paymentMethod: 'CASH', amountKurus: 123450, branch: 'b1', label: 'Masa 4' }],
        [key(2), { paymentMethod: 'CASH', branch: 'b9' }],
      ]),
      cash: [
        { id: 'x1', seq: 4, at: '2026-11-24T15:00:00.000Z', courierId: 'c1', amountKurus: 100000, day: DAY },
        {
          id: 'x2',
          seq: 5,
          at: '2026-11-24T15:05:00.000Z',
          courierId: 'c1',
          amountKurus: 123000,
          day: DAY,
          corrects: 'x1',
          note: 'sayım',
        },
      ],
      branches: [{ id: 'b1', name: 'Kadıköy' }],
    })
    expect(dayEndCsv(dayEnd, { language: 'en', timeZone: ZONE }).split('\r\n')).toEqual([
      '\uFEFFDay;Courier;Row;Branch;Order code;Time;Payment method;Packages;Cash to collect (₺);Cash handed in (₺);Difference (₺);Balance;Amount unknown;Not confirmed;Note;Float (₺);Expenses (₺);Expected cash (₺);Card at the door (₺);Advances (₺);Debt repaid (₺);Debt carried (₺);Pay (₺);Account closed',
      // An amount not known: "Check", never "Short" nor "Even" (issue 28).
      '24.11.2026;Ahmet;Courier total;;;;;2;1234.50;1230.00;-4.50;Check;1;1;;0.00;0.00;1234.50;0.00;0.00;0.00;0.00;;No',
      '24.11.2026;Ahmet;Branch;Kadıköy;;;;1;1234.50;;;;0;;;;;;;;;;;',
      '24.11.2026;Ahmet;Branch;b9;;;;1;0.00;;;;1;;;;;;;;;;;',
      '24.11.2026;Ahmet;Package;b1;000-001;24.11.2026 12:00:00;Cash;1;1234.50;;;;;;Masa 4 · Collected at the door;;;;;;;;;',
      '24.11.2026;Ahmet;Package;b9;000-002;24.11.2026 13:30:05;Cash;1;;;;;1;;Collected at the door;;;;;;;;;',
      '24.11.2026;Ahmet;Corrected (does not count);;;24.11.2026 18:00:00;;;;1000.00;;;;;;;;;;;;;;',
      '24.11.2026;Ahmet;Cash handed in;;;24.11.2026 18:05:00;;;;1230.00;;;;;sayım;;;;;;;;;',
      // No package went without a courier, but two orders did not go: the line says so.
      '24.11.2026;No courier;Total;;;;;0;0.00;;;;0;2;;;;;;;;;;',
      "24.11.2026;Couriers' total;Total;;;;;2;1234.50;1230.00;-4.50;Check;1;1;;0.00;0.00;1234.50;0.00;0.00;0.00;0.00;;No",
      '24.11.2026;All orders;Total;;;;;2;1234.50;;;;1;3;;;;;;;;;;',
      '24.11.2026;All orders;Branch;Kadıköy;;;;1;1234.50;;;;0;;;;;;;;;;;',
      '24.11.2026;All orders;Branch;b9;;;;1;0.00;;;;1;;;;;;;;;;;',
      '',
    ])
  })

  it('leaves out the unassigned line when every order went with a courier', () => {
    const dayEnd = settleDay({
      day: DAY,
      timeZone: ZONE,
      history: [{ seq: 1, paymentKey: KEY_A, at: AT, result: 'handed-over' }],
      couriers,
      assignments: [{ paymentKey: KEY_A, courierId: 'c1', seq: 1, at: AT }],
      orders: new Map([[KEY_A, { paymentMethod: 'CREDIT_CARD', amountKurus: 5000 }]]),
      cash: [],
    })
    const rows = rowsOf(dayEndCsv(dayEnd, { language: 'en', timeZone: ZONE }))
    expect(rows.map((row) => row.slice(1, 3).join('/'))).toEqual([
      'Courier/Row',
      'Ahmet/Courier total',
      'Ahmet/Package',
      "Couriers' total/Total",
      'All orders/Total',
    ])
    expect(rows[2]?.slice(6, 9)).toEqual(['CREDIT_CARD', '1', ''])
    expect(rows[1]?.slice(7, 12)).toEqual(['1', '0.00', '0.00', '0.00', 'Even'])
  })

  it('writes kuruş without floats, grouping or a currency sign', () => {
    expect(kurusCell(0, 'tr')).toBe('0,00')
    expect(kurusCell(5, 'en')).toBe('0.05')
    expect(kurusCell(-123456789, 'tr')).toBe('-1234567,89')
    expect(kurusCell(Number.MAX_SAFE_INTEGER, 'en')).toBe('90071992547409.91')
  })
})

describe('a number cell', () => {
  it('is written as text, neutralised, when it is not a plain number the app wrote', () => {
    expect(csvCell({ number: '-4,50' })).toBe('-4,50')
    expect(csvCell({ number: '=1+1' })).toBe("'=1+1")
    expect(csvCell({ number: '-1;=2' })).toBe(`"'-1;'=2"`)
  })
})
