/** Test doubles for the intake: an IntakePort over an in-memory board, and a raw HTTP client. */
import type { PosCash } from '../../src-main/core/couriers/pos-cash.ts'
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http'
import type { BoardOrder } from '../../src-shared/domain.ts'
import { toPublicOrderView, type OrderSource } from '../../src-shared/intake-view.ts'
import { invalidInput } from '../../src-main/core/app-failure.ts'
import type { IntakeHealth, IntakePort } from '../../src-main/core/intake/intake-port.ts'
import type { IntakeOrder } from '../../src-main/core/intake/order-input.ts'
import { ANSWER_WITHIN_MS } from './within.ts'

const ADDED_AT = '2026-11-21T12:00:00.000Z'

/** Board semantics as the core has them: add merges, a press is refused by the core's own rules. */
export class FakeIntake implements IntakePort {
  readonly orders = new Map<string, BoardOrder>()
  readonly added: { order: IntakeOrder; source: OrderSource }[] = []
  readonly pressed: string[] = []
  /** The courier each press named, by payment key (undefined: none). */
  readonly pressedWith = new Map<string, string | undefined>()
  /** The days `GET /v1/day-end` asked for (undefined: today). */
  readonly dayEndsAsked: (string | undefined)[] = []
  allowHandover = true
  healthAnswer: IntakeHealth = { signedIn: true, owed: 0 }
  /** Thrown by the next call, to see how the server answers a failure of the app. */
  failNext: Error | undefined = undefined

  addOrder(order: IntakeOrder, source: OrderSource) {
    this.#maybeFail()
    this.added.push({ order, source })
    const existing = this.orders.get(order.paymentKey)
    const merged: BoardOrder = existing
      ? { ...existing, ...order.details }
      : { paymentKey: order.paymentKey, ...order.details, addedAt: ADDED_AT, handover: { state: 'none' } }
    this.orders.set(order.paymentKey, merged)
    return Promise.resolve({ view: toPublicOrderView(merged), created: !existing })
  }

  getOrder(paymentKey: string) {
    const order = this.orders.get(paymentKey)
    return order ? toPublicOrderView(order) : undefined
  }

  handOver(paymentKey: string, courier?: string) {
    this.#maybeFail()
    const order = this.orders.get(paymentKey)
    if (!order) return Promise.reject(invalidInput('unknown-order'))
    if (order.shippingMethod === 'pickup' || (order.courierType ?? 'restaurant') !== 'restaurant') {
      return Promise.reject(invalidInput('not-eligible'))
    }
    if (order.handover.state === 'queued') return Promise.reject(invalidInput('already-sending'))
    this.pressed.push(paymentKey)
    this.pressedWith.set(paymentKey, courier)
    const queued: BoardOrder = {
      ...order,
      handover: { state: 'queued', since: ADDED_AT, waitingForSignIn: false },
    }
    this.orders.set(paymentKey, queued)
    return Promise.resolve(toPublicOrderView(queued))
  }

  /** Ready for the courier (D70): the first time stands. */
  markReady(paymentKey: string) {
    const order = this.orders.get(paymentKey)
    if (!order) return undefined
    const ready: BoardOrder = order.readyAt ? order : { ...order, readyAt: ADDED_AT }
    this.orders.set(paymentKey, ready)
    return toPublicOrderView(ready)
  }

  health() {
    return this.healthAnswer
  }

  /** The cash movements `POST /v1/couriers/cash` recorded, by request id. */
  readonly cash = new Map<string, PosCash>()

  courierCash(cash: PosCash) {
    this.#maybeFail()
    const created = !this.cash.has(cash.requestId)
    this.cash.set(cash.requestId, cash)
    const record = {
      request_id: cash.requestId,
      courier: cash.courier,
      kind: cash.kind,
      amount_kurus: cash.amountKurus,
      day: '2026-11-21',
      at: '2026-11-21T09:00:00.000Z',
    }
    return { record, created }
  }

  doorPayment(paymentKey: string) {
    this.#maybeFail()
    return Promise.resolve(this.getOrder(paymentKey))
  }

  dayEnd(day?: string) {
    this.dayEndsAsked.push(day)
    return {
      date: day ?? '2026-11-21',
      couriers: [],
      unassigned_packages: 0,
      unassigned_cash_to_collect_kurus: 0,
      not_confirmed: { owed: 0, unconfirmed: 0, refused: 0 },
    }
  }

  handoverAllowed() {
    return this.allowHandover
  }

  #maybeFail(): void {
    const failure = this.failNext
    this.failNext = undefined
    if (failure !== undefined) throw failure
  }
}

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json: unknown
}

/** One HTTP request with full control over the headers (Host included), as a hostile client would send it. */
export function send(
  port: number,
  options: {
    method?: string
    path: string
    headers?: OutgoingHttpHeaders
    body?: string | Buffer
    answerWithinMs?: number
  },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        setHost: false,
        agent: false,
        headers: {
          Host: `127.0.0.1:${String(port)}`,
          // Node sends a GET's body without saying how long it is unless told.
          ...(options.body === undefined ? {} : { 'Content-Length': Buffer.byteLength(options.body) }),
          ...options.headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            json = undefined
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, json })
        })
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    const within = options.answerWithinMs ?? ANSWER_WITHIN_MS
    outgoing.setTimeout(within, () => outgoing.destroy(new Error(`no answer within ${String(within)} ms`)))
    outgoing.end(options.body)
  })
}
