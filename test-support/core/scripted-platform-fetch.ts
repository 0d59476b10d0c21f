// A platform stand-in at the fetch level, for core tests that need the real platform client (its error mapping)
// without a server: each host answers like the spec's platform, a test can script odd answers, and every request
// is recorded with the host it went to and the secrets it carried.

export interface RecordedRequest {
  host: string
  method: string
  path: string
  accessToken: string | null
  body: string
}

export interface ScriptedAnswer {
  status: number
  body: string
  contentType?: string
}

export const DEMO_KEYS = { appSecretKey: 'app-secret-AAAA1111', restSecretKey: 'rest-secret-BBBB2222' }

/** `YYYY-MM-DD HH:MM:SS` in Istanbul (UTC+3), a day from now, as the platform writes expiry. */
function expiryIn24h(now: number): string {
  return new Date(now + 27 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ')
}

export class ScriptedPlatform {
  readonly requests: RecordedRequest[] = []
  /** Answers for the next non-login calls, in order, before the normal behaviour resumes. */
  readonly nextCallAnswers: ScriptedAnswer[] = []
  /** Answers for the next logins, in order. */
  readonly nextLoginAnswers: ScriptedAnswer[] = []
  #tokens = 0

  readonly fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const path = url.pathname.replace(/^\/integrations\//, '')
    const recorded: RecordedRequest = {
      host: url.host,
      method: request.method,
      path,
      accessToken: request.headers.get('access-token'),
      body: request.method === 'GET' ? '' : await request.text(),
    }
    this.requests.push(recorded)
    const scripted = path === 'auth/login' ? this.nextLoginAnswers.shift() : this.nextCallAnswers.shift()
    const answer = scripted ?? this.#normal(recorded)
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.contentType ?? 'application/json' },
    })
  }

  /** Requests that reached `host`. */
  to(host: string): RecordedRequest[] {
    return this.requests.filter((request) => request.host === host)
  }

  count(path: string): number {
    return this.requests.filter((request) => request.path.startsWith(path)).length
  }

  #normal(request: RecordedRequest): ScriptedAnswer {
    const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) })
    if (request.path === 'auth/login') {
      const body = JSON.parse(request.body) as { app_secret_key?: string; rest_secret_key?: string }
      if (body.app_secret_key !== DEMO_KEYS.appSecretKey || body.rest_secret_key !== DEMO_KEYS.restSecretKey)
        return json(401, { status: false, error: 'yetkisiz erişim' })
      this.#tokens += 1
      return json(200, {
        status: true,
        data: {
          access_token: `tok-${request.host}-${String(this.#tokens)}`,
          expiration_date: expiryIn24h(Date.now()),
        },
      })
    }
    if (request.accessToken === null) return json(401, { status: false, error: 'yetkisiz erişim' })
    if (request.path === 'restaurants/get')
      return json(200, { status: true, data: [{ id: 'b1', name: 'Kadıköy' }] })
    if (request.path.startsWith('orders/ontheway/')) return json(200, { status: true, data: 'OK' })
    return json(404, { status: false, error: 'URL hatalı' })
  }
}
