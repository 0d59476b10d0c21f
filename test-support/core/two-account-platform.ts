// A platform with two restaurant accounts (issue 29), as fetch: each account's keys get that account's tokens,
// and an order of one account cannot be handed over with the other's token (`404 sipariş bulunamadı`, as the
// real platform answers for an order it does not show that token). It records every on-the-way call with the
// token it carried, so a test can prove no request ever carried another account's token.
import type { Clock } from '../../src-main/core/ports.ts'

export const BRAND_A = { appSecretKey: 'app-key-AAAA-1111', restSecretKey: 'rest-key-AAAA-2222' }
export const BRAND_B = { appSecretKey: 'app-key-BBBB-3333', restSecretKey: 'rest-key-BBBB-4444' }
export const TWO_ACCOUNT_ADDRESS = 'https://platform.example.com/integrations'

type Name = 'A' | 'B'

export interface OnTheWayCall {
  paymentKey: string
  token: string | null
  /** Whose token it was (undefined: no token, or one the platform never issued). */
  tokenOf: Name | undefined
  status: number
}

export class TwoAccountPlatform {
  readonly orders: Record<Name, Set<string>> = { A: new Set(), B: new Set() }
  readonly logins: Record<Name, number> = { A: 0, B: 0 }
  readonly onTheWay: OnTheWayCall[] = []
  /** Keys the platform refuses from now on (`yetkisiz erişim` on login). */
  readonly refused = new Set<Name>()
  /** Accounts whose logins the platform cannot answer now (503): a passing failure, the keys stay good. */
  readonly down = new Set<Name>()
  /** Orders whose on-the-way call never answers (a cut connection): the test stops the app meanwhile. */
  readonly hanging = new Set<string>()
  /** Orders answered 503 (a passing failure: the hand-over retries, and is owed). */
  readonly failing = new Set<string>()
  /** Each login waits this long (real time): concurrent callers pile up behind one login. */
  loginDelayMs = 0
  readonly #tokens = new Map<string, Name>()
  readonly #clock: Clock

  constructor(clock: Clock) {
    this.#clock = clock
  }

  /** Every token issued so far stops working (401), as after the platform's own expiry. */
  expireAll(): void {
    this.#tokens.clear()
  }

  callsFor(paymentKey: string): OnTheWayCall[] {
    return this.onTheWay.filter((call) => call.paymentKey === paymentKey)
  }

  readonly fetch = (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init)
    const url = request.url
    if (url.endsWith('/auth/login')) return this.#login(request)
    const token = request.headers.get('access-token')
    const tokenOf = token === null ? undefined : this.#tokens.get(token)
    const onTheWay = /\/orders\/ontheway\/([^/]+)$/.exec(url)
    if (onTheWay) {
      const paymentKey = decodeURIComponent(onTheWay[1] as string)
      const answer = await this.#onTheWay(paymentKey, tokenOf)
      this.onTheWay.push({ paymentKey, token, tokenOf, status: answer.status })
      return answer
    }
    if (!tokenOf) return json(401, { status: false, error: 'yetkisiz erişim' })
    if (url.endsWith('/restaurants/get')) {
      return json(200, { status: true, data: [{ id: `branch-${tokenOf}`, name: `Şube ${tokenOf}` }] })
    }
    if (url.endsWith('/orders/variables')) {
      const method = { key: `CASH_${tokenOf}`, name: `Nakit ${tokenOf}` }
      return json(200, { status: true, data: { paymentMethod: [method], shippingMethod: [method] } })
    }
    return json(404, { status: false, error: 'URL hatalı' })
  }) as typeof fetch

  async #login(request: Request): Promise<Response> {
    const body = (await request.json()) as { app_secret_key?: string; rest_secret_key?: string }
    const name = (['A', 'B'] as const).find((candidate) => {
      const keys = candidate === 'A' ? BRAND_A : BRAND_B
      return body.app_secret_key === keys.appSecretKey && body.rest_secret_key === keys.restSecretKey
    })
    if (!name || this.refused.has(name)) return json(401, { status: false, error: 'yetkisiz erişim' })
    if (this.down.has(name)) return json(503, { status: false, error: 'bakımda' })
    this.logins[name]++
    if (this.loginDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.loginDelayMs))
    const token = `${name}-token-${this.logins[name]}`
    this.#tokens.set(token, name)
    return json(200, {
      status: true,
      data: { access_token: token, expiration_date: istanbulLocal(this.#clock.now() + 24 * 3600 * 1000) },
    })
  }

  async #onTheWay(paymentKey: string, tokenOf: Name | undefined): Promise<Response> {
    if (!tokenOf) return json(401, { status: false, error: 'yetkisiz erişim' })
    if (!this.orders[tokenOf].has(paymentKey))
      return json(404, { status: false, error: 'sipariş bulunamadı' })
    if (this.hanging.has(paymentKey)) return new Promise<Response>(() => undefined)
    if (this.failing.has(paymentKey)) return json(503, { status: false, error: 'bakımda' })
    await Promise.resolve()
    return json(200, { status: true, data: 'OK' })
  }
}

function json(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
}

/** The platform's `expiration_date`: local time in Istanbul (UTC+3), `YYYY-MM-DD HH:MM:SS`. */
function istanbulLocal(instant: number): string {
  return new Date(instant + 3 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ')
}
