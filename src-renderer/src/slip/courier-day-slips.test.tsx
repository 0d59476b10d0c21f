// The courier's day on paper (issue 21): the badge card's QR holds what the scan path reads, and the day-end
// slip says what the screen says, in the app's language.
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cashLine, courierLine, dayEndView } from '../../../test-support/renderer/day-end-fixtures.ts'
import { BadgeCard } from './BadgeCard.tsx'
import { DayEndSlip } from './DayEndSlip.tsx'
import { slipFileCode } from './print-document.tsx'
import { qrSvg } from './qr-svg.ts'

afterEach(cleanup)

describe('BadgeCard', () => {
  it.each([80, 58] as const)(
    'at %i mm: the name, the code, and a QR of pos-companion-courier:<BADGE>',
    (paper) => {
      const { container } = render(
        <BadgeCard name="Ahmet Yılmaz" badge="K-07" language="tr" paperWidth={paper} />,
      )
      const card = container.querySelector<HTMLElement>('.slip')
      expect(card?.dataset['paperMm']).toBe(String(paper))
      expect(card?.classList.contains(`slip-${paper}mm`)).toBe(true)
      expect(card?.querySelector('.badge-card-name')?.textContent).toBe('Ahmet Yılmaz')
      expect(card?.querySelector('.badge-card-code')?.textContent).toBe('K-07')
      // The drawn modules are exactly those of the text the scan path recognises.
      expect(card?.querySelector('path')?.getAttribute('d')).toBe(qrSvg('pos-companion-courier:K-07').path)
      expect(card?.querySelector('path')?.getAttribute('d')).not.toBe(qrSvg('K-07').path)
    },
  )

  it('speaks English when the app does', () => {
    const { container } = render(<BadgeCard name="Ahmet" badge="K-07" language="en" paperWidth={80} />)
    expect(container.textContent).toContain('Courier badge')
    expect(container.textContent).toContain('Scan before handing packages over')
  })
})

describe('DayEndSlip', () => {
  const view = dayEndView([courierLine('c-ahmet', 'Ahmet', 3, 39_990, [cashLine('cash-1', 38_740)])])

  it('lists the courier, the totals and the balance; no branch part when no order carries one', () => {
    const { container } = render(
      <DayEndSlip
        dayEnd={view}
        methodNames={new Map([['CASH', 'Nakit']])}
        language="tr"
        paperWidth={80}
        printedAt="2026-11-25T20:00:00.000Z"
      />,
    )
    const raw = container.textContent
    const text = raw.replace(/\u00a0/g, ' ')
    // The amounts keep their ₺ on the same line: a no-break space.
    expect(raw).toContain('399,90\u00a0₺')
    expect(text).toContain('Kapıda tahsil: Nakit')
    expect(text).toContain('3 paket · tahsil 399,90 ₺')
    expect(text).toContain('Teslim: 387,40 ₺')
    expect(container.querySelectorAll('.day-end-slip-balance')).toHaveLength(2)
    expect([...container.querySelectorAll('.day-end-slip-balance')].map((line) => line.textContent)).toEqual([
      'açık var: -12,50 ₺',
      'açık var: -12,50 ₺',
    ])
    expect(text).not.toContain('Kuryesi belirsiz')
    expect(text).not.toContain('Şubelere göre')
    expect(text).not.toContain('Onaylanmayan')
  })

  it('puts the packages with no courier after the couriers’ total, their cash in no courier’s difference', () => {
    const settled = dayEndView(
      [courierLine('c-ahmet', 'Ahmet', 3, 39_990, [cashLine('cash-1', 39_990)])],
      {},
      { packages: 1, cashToCollectKurus: 12_500 },
    )
    const { container } = render(
      <DayEndSlip
        dayEnd={settled}
        methodNames={new Map()}
        language="tr"
        paperWidth={58}
        printedAt="2026-11-25T20:00:00.000Z"
      />,
    )
    const text = container.textContent.replace(/\u00a0/g, ' ')
    expect([...container.querySelectorAll('.day-end-slip-balance')].map((line) => line.textContent)).toEqual([
      'kasa tam',
      'kasa tam',
    ])
    const total = text.indexOf('Kuryeler toplamı3 paket · tahsil 399,90 ₺')
    const unassigned = text.indexOf('Kuryesi belirsiz: 1 paket · tahsil 125,00 ₺')
    expect(total).toBeGreaterThan(-1)
    expect(unassigned).toBeGreaterThan(total)
    expect(text).toContain('125,00 ₺ tutarı hiçbir kuryenin farkına sayılmadı')
  })

  it('with several accounts, each courier’s and the day’s share per account; none without the names', () => {
    const ahmet = courierLine('c-ahmet', 'Ahmet', 3, 39_990, [cashLine('cash-1', 39_990)], {
      accounts: [
        { account: 'acc-burger', packages: 2, cashToCollectKurus: 25_000 },
        { account: 'acc-pide', packages: 1, cashToCollectKurus: 14_990 },
      ],
    })
    const shown = dayEndView([ahmet])
    const split = {
      ...shown,
      allOrders: {
        ...shown.allOrders,
        accounts: [{ account: null, packages: 3, cashToCollectKurus: 39_990 }],
      },
    }
    const slip = (accountNames?: ReadonlyMap<string, string>) =>
      render(
        <DayEndSlip
          dayEnd={split}
          methodNames={new Map()}
          language="tr"
          paperWidth={80}
          printedAt="2026-11-25T20:00:00.000Z"
          accountNames={accountNames}
        />,
      ).container
    const lines = (container: HTMLElement) =>
      [...container.querySelectorAll('.day-end-slip-account')].map((line) =>
        line.textContent.replace(/\u00a0/g, ' '),
      )
    const names = new Map([
      ['acc-burger', 'Burger Ustası'],
      ['acc-pide', 'Pideci'],
    ])
    expect(lines(slip(names))).toEqual([
      'Burger Ustası: 2 paket · tahsil 250,00 ₺',
      'Pideci: 1 paket · tahsil 149,90 ₺',
      'Hesaplardan önce: 3 paket · tahsil 399,90 ₺',
    ])
    cleanup()
    expect(lines(slip())).toEqual([])
  })

  it('in English, with ₺ in front', () => {
    const { container } = render(
      <DayEndSlip
        dayEnd={view}
        methodNames={new Map()}
        language="en"
        paperWidth={58}
        printedAt="2026-11-25T20:00:00.000Z"
      />,
    )
    expect(container.textContent).toContain('25/11/2026')
    expect(container.textContent).toContain('Collected at the door: CASH')
    expect(container.textContent).toContain('3 packages · collect ₺399.90')
    expect(container.textContent).toContain('short: -₺12.50')
  })

  it('says so on an empty day', () => {
    const { container } = render(
      <DayEndSlip
        dayEnd={dayEndView([])}
        methodNames={new Map()}
        language="tr"
        paperWidth={80}
        printedAt="2026-11-25T20:00:00.000Z"
      />,
    )
    expect(container.textContent).toContain('Bu gün kuryeye verilen paket ya da teslim kaydı yok.')
    expect(container.textContent).toContain('kasa tam')
  })
})

describe('slipFileCode', () => {
  it('keeps what the desktop’s save dialog accepts, at most 16 characters', () => {
    expect(slipFileCode('gunsonu-20261125')).toBe('gunsonu-20261125')
    expect(slipFileCode('kart-K-07/../x')).toBe('kart-K-07x')
    expect(slipFileCode('kart-ABCDEFGHIJKLMNOPQRSTU')).toHaveLength(16)
    expect(slipFileCode('ğüş')).toBe('slip')
  })
})
