// The platform for `npm run bench:soak`, at the fetch level and on the soak's manual clock: a month of real HTTPS
// to the mock would take hours and its timeouts real seconds. It answers like the spec (docs/platform-api.md):
// tokens that expire 24 h after login on the soak's clock (401 after), each order CONFIRMED until one on-the-way
// call moves it IN_DELIVERY, and the faults a busy evening brings (503, a timeout, 429 with Retry-After).
import { TimeoutError } from 'ky'
import type { Clock } from '../src-main/core/ports.ts'

export type Fault = '5xx' | 'timeout' | '429'

const DAY_MS = 24 * 60 * 60 * 1000
/** Istanbul is UTC+3 all year: the platform writes expiry on its wall clock. */
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000

export const SOAK_KEYS = { appSecretKey: 'soak-app-secret-1', restSecretKey: 'soak-rest-secret-1' }

export class SoakPlatform {
  readonly #clock: Clock
  readonly #tokens = new Map<string, number>()
  readonly #inDelivery = new Set<string>()
  /** Faults for the next on-the-way calls of these orders (first attempts only; the retry goes through). */
  readonly faultFor = new Map<string, Fault>()
  readonly counts = { logins: 0, expired: 0, ontheway: 0, faults: 0, handedOver: 0 }

  constructor(clock: Clock) {
    this.#clock = clock
  }

  readonly fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname.replace(/^\/(integrations\/)?/, '')
    if (path === 'auth/login') return this.#login(await request.text())
    const expiresAt = this.#tokens.get(request.headers.get('access-token') ?? '')
    if (expiresAt === undefined || expiresAt <= this.#clock.now()) {
      if (expiresAt !== undefined) this.counts.expired += 1
      return json(401, { status: false, error: 'yetkisiz erişim' })
    }
    if (!path.startsWith('orders/ontheway/')) return json(404, { status: false, error: 'URL hatalı' })
    return this.#onTheWay(path.slice('orders/ontheway/'.length), request)
  }

  /** Tokens it still remembers; expired ones are forgotten when a new one is issued. */
  get tokensHeld(): number {
    return this.#tokens.size
  }

  #login(body: string): Response {
    const keys = JSON.parse(body) as { app_secret_key?: string; rest_secret_key?: string }
    if (keys.app_secret_key !== SOAK_KEYS.appSecretKey || keys.rest_secret_key !== SOAK_KEYS.restSecretKey)
      return json(401, { status: false, error: 'yetkisiz erişim' })
    const now = this.#clock.now()
    for (const [token, expiresAt] of this.#tokens) if (expiresAt <= now) this.#tokens.delete(token)
    this.counts.logins += 1
    const token = `soak-token-${String(this.counts.logins)}`
    const expiresAt = now + DAY_MS
    this.#tokens.set(token, expiresAt)
    const wall = new Date(expiresAt + ISTANBUL_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
    return json(200, { status: true, data: { access_token: token, expiration_date: wall } })
  }

  #onTheWay(paymentKey: string, request: Request): Response {
    this.counts.ontheway += 1
    const fault = this.faultFor.get(paymentKey)
    if (fault !== undefined) {
      this.faultFor.delete(paymentKey)
      this.counts.faults += 1
      if (fault === 'timeout') throw new TimeoutError(request)
      if (fault === '429')
        return json(429, { status: false, error: 'çok fazla istek' }, { 'retry-after': '30' })
      return json(503, { status: false, error: 'sunucu hatası' })
    }
    if (this.#inDelivery.has(paymentKey))
      return json(409, { status: false, error: 'sipariş durumu uygun değil' })
    this.#inDelivery.add(paymentKey)
    this.counts.handedOver += 1
    return json(200, { status: true, data: 'OK' })
  }

  /** Orders it has seen handed over; forgotten each day so the stand-in itself does not grow. */
  forgetHandedOver(): void {
    this.#inDelivery.clear()
  }
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}
