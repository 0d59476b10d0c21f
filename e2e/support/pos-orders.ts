import type { Page } from '@playwright/test'
import { DEMO_ORDER_IDS } from '../mock-platform/demo-data.ts'
import { posRequest } from '../../test-support/core/intake-signing.ts'

/**
 * Orders as a POS sends them (docs/intake-api.md): a delivery address as the label, the amount, the courier who
 * takes it and "Hazır", posted to the app's own signed intake API. The board is measured with these, never with
 * bare ids: a bare id makes a card half as tall as a real one (issue 30).
 */

interface PosOrder {
  payment_key: string
  shipping_method: 'delivery' | 'pickup'
  payment_method: string
  courier_type: 'restaurant' | 'platform'
  label: string
  amount_kurus: number
  courier?: string | undefined
  ready?: boolean
}

/** The courier the POS names; staff added him in Settings → Kuryeler (the app never adds one by itself). */
export const POS_COURIER = { name: 'Ahmet Yılmaz', badge: 'K-01' }

const IDS = DEMO_ORDER_IDS

/** An evening's delivery orders, the way an Istanbul POS labels them: the address, long and as typed. */
export const POS_RUSH: readonly PosOrder[] = [
  delivery(IDS.kadikoyCashDelivery, 'CASH', 'Caferağa Mah. Moda Cad. No: 112 D: 4, Kadıköy', 39_990),
  delivery(
    IDS.kadikoyCreditCardDelivery,
    'CREDIT_CARD',
    'Osmanağa Mah. Söğütlüçeşme Cad. No: 58 D: 11',
    24_750,
  ),
  delivery(
    IDS.besiktasDebitCardDelivery,
    'DEBIT_CARD',
    'Sinanpaşa Mah. Ihlamurdere Cad. No: 7 D: 2, Beşiktaş',
    18_900,
  ),
  delivery(
    IDS.karsiyakaCreditCardDelivery,
    'CREDIT_CARD',
    'Bostanlı Mah. Cemal Gürsel Cad. No: 401 D: 9',
    52_400,
  ),
  delivery(IDS.besiktasInDelivery, 'CASH', 'Türkali Mah. Şair Nefi Sok. No: 23 D: 6, Beşiktaş', 31_500),
  {
    ...delivery(
      IDS.kadikoyPlatformCourierDelivery,
      'DEBIT_CARD',
      'Rasimpaşa Mah. Rıhtım Cad. No: 3 D: 1',
      15_000,
    ),
    courier_type: 'platform',
    courier: undefined,
    ready: false,
  },
]

function delivery(
  payment_key: string,
  payment_method: string,
  label: string,
  amount_kurus: number,
): PosOrder {
  return {
    payment_key,
    shipping_method: 'delivery',
    payment_method,
    courier_type: 'restaurant',
    label,
    amount_kurus,
    courier: POS_COURIER.name,
    ready: true,
  }
}

/** `n` more delivery orders with ids the mock platform does not hold (a rush bigger than its seed). */
export function extraPosOrders(n: number, from = 0): PosOrder[] {
  return Array.from({ length: n }, (_, i) =>
    delivery(
      `0d3e1f00-5a1b-4c2d-8e3f-4${String(from + i).padStart(11, '0')}`,
      i % 2 === 0 ? 'CASH' : 'CREDIT_CARD',
      `Moda Mah. Bahariye Cad. No: ${String(20 + i)} D: ${String(1 + (i % 9))}, Kadıköy`,
      12_000 + i * 1_350,
    ),
  )
}

/** The intake's address and key, as Settings shows them (asked of the app through its own bridge). */
export async function intakeOf(page: Page): Promise<{ url: string; key: string }> {
  const result = await page.evaluate(() => {
    if (!window.api) throw new Error('no bridge on the page')
    return window.api.getIntakeInfo()
  })
  if (!result.ok) throw new Error(`getIntakeInfo failed: ${JSON.stringify(result.error)}`)
  if (result.value.url === null) throw new Error(`the intake API is not serving: ${result.value.status}`)
  return { url: result.value.url, key: result.value.key }
}

/** The courier the POS names, added as staff would in Settings → Kuryeler. */
export async function addPosCourier(page: Page): Promise<void> {
  await page.evaluate(async (courier) => {
    if (!window.api) throw new Error('no bridge on the page')
    const added = await window.api.addCourier({ requestId: crypto.randomUUID(), ...courier })
    if (!added.ok) throw new Error(`addCourier: ${added.error.code}`)
  }, POS_COURIER)
}

/**
 * Posts each order to the intake as the POS does (`POST /v1/orders`, signed). `timestamp` is for an app whose
 * clock a test moved (the signature's window is a minute of the app's time).
 */
export async function postPosOrders(
  intake: { url: string; key: string },
  orders: readonly PosOrder[],
  timestamp?: () => number,
): Promise<void> {
  for (const order of orders) {
    const answer = await posRequest(intake.url, intake.key, {
      method: 'POST',
      path: '/v1/orders',
      json: order,
      ...(timestamp ? { timestamp: timestamp() } : {}),
    })
    if (answer.status !== 201 && answer.status !== 200) {
      throw new Error(`POST /v1/orders ${order.payment_key}: ${String(answer.status)} ${answer.text}`)
    }
  }
}

/** What a card in full sight shows of its order, read off the page. */
interface CardInSight {
  code: string
  label: string
  /** An amount in lira ("399,90 ₺") is on the card. */
  amount: boolean
  courier: string
  ready: boolean
  /** The card carries the alarm style (the core named it: ringing, silenced or quiet). */
  alarm: boolean
  /** Its main button ("Kuryeye Verildi", a countdown's Geri al…) is there and in full sight. */
  mainButton: boolean
}

/**
 * The order cards in full sight: inside the window and below everything pinned at the top (the order field, the
 * counts, a batch bar), which would otherwise hide a card's top while counting it as visible.
 */
export function cardsInSight(page: Page): Promise<CardInSight[]> {
  return page.evaluate(() => {
    const pinned = document.querySelector('.board-top')?.getBoundingClientRect().bottom ?? 0
    const inSight = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.height > 0 && box.top >= pinned - 0.5 && box.bottom <= window.innerHeight + 0.5
    }
    const text = (item: Element, selector: string) => item.querySelector(selector)?.textContent ?? ''
    return [...document.querySelectorAll('li.order')].filter(inSight).map((item) => {
      const main = item.querySelector('[id^="handover-"]')
      return {
        code: text(item, '.order-code'),
        label: text(item, '.order-label'),
        amount: /\d,\d\d\s₺/.test(text(item, '.order-facts-line')),
        courier: text(item, '.order-courier'),
        ready: item.querySelector('.ready-mark') !== null,
        alarm: item.querySelector('.attention-note') !== null,
        mainButton: main !== null && inSight(main),
      }
    })
  })
}

/**
 * Scrolls the page until the first card sits just under the pinned top (the order field, the counts, a batch bar):
 * the board as staff see it once the header has scrolled away, where the pinned top must leave room for the cards.
 */
export async function scrollFirstCardUnderPinnedTop(page: Page): Promise<void> {
  // A scan's reveal scrolls the list for a few frames after it (the windowing settles): scroll until it stays.
  await page.evaluate(async () => {
    const gap = () => {
      const pinned = document.querySelector('.board-top')?.getBoundingClientRect().bottom ?? 0
      const first =
        document.querySelector('li.order[aria-posinset="1"]') ?? document.querySelector('li.order')
      if (!first) throw new Error('no card on the board')
      return first.getBoundingClientRect().top - pinned - 4
    }
    for (let settled = 0, round = 0; settled < 3 && round < 50; round++) {
      const off = gap()
      if (Math.abs(off) < 1) settled++
      else {
        settled = 0
        window.scrollBy(0, off)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
}
