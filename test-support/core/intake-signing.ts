/**
 * A POS's side of the intake API's signing, written from docs/intake-api.md and not from the app's code
 * (src-main/core/intake/intake-signature.ts), so a test that passes shows the documented algorithm works:
 *   X-Intake-Signature          = hex HMAC-SHA256(key, METHOD \n TARGET \n TIMESTAMP \n NONCE \n BODY)
 *   X-Intake-Response-Signature = hex HMAC-SHA256(key, "response" \n NONCE \n STATUS \n BODY)
 */
import { createHmac, randomBytes } from 'node:crypto'
import { send, type RawAnswer } from './fake-intake.ts'

export interface SigningOptions {
  method?: string
  /** The request-target: `/v1/orders`. */
  path: string
  body?: string | Buffer
  /** Unix seconds; default now. */
  timestamp?: number
  /** Default: 16 random bytes, hex. */
  nonce?: string
}

const hmacHex = (key: string, head: string, body: Buffer) =>
  createHmac('sha256', Buffer.from(key, 'utf8')).update(Buffer.from(head, 'utf8')).update(body).digest('hex')

/** The three headers that sign one request, and the nonce to check the answer with. */
export function signRequest(
  key: string,
  options: SigningOptions,
): { headers: Record<string, string>; nonce: string } {
  const method = options.method ?? 'GET'
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000))
  const nonce = options.nonce ?? randomBytes(16).toString('hex')
  const body = Buffer.from(options.body ?? '')
  const signature = hmacHex(key, `${method}\n${options.path}\n${timestamp}\n${nonce}\n`, body)
  return {
    nonce,
    headers: { 'X-Intake-Timestamp': timestamp, 'X-Intake-Nonce': nonce, 'X-Intake-Signature': signature },
  }
}

/** Whether an answer was signed by the app holding `key`, for the request sent with `nonce`. */
export function answerSignedByApp(
  key: string,
  nonce: string,
  answer: { status: number; body: string | Buffer; signature: string | null | undefined },
): boolean {
  const expected = hmacHex(key, `response\n${nonce}\n${String(answer.status)}\n`, Buffer.from(answer.body))
  return answer.signature === expected
}

/**
 * A signed request as a POS makes it (over a fresh connection each time): resolves with the answer and whether the
 * app signed it (false means whoever answered does not hold the key: not the app). `sign: false` leaves the three
 * signature headers out, for an unsigned call or one that carries only the headers a test built itself.
 */
export async function posRequest(
  baseUrl: string,
  key: string,
  options: Omit<SigningOptions, 'body'> & {
    json?: unknown
    body?: string
    headers?: Record<string, string>
    sign?: boolean
  },
): Promise<RawAnswer & { fromApp: boolean }> {
  const method = options.method ?? (options.json === undefined && options.body === undefined ? 'GET' : 'POST')
  const body = options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json))
  const signed = signRequest(key, { ...options, method, ...(body === undefined ? {} : { body }) })
  const answer = await send(Number(new URL(baseUrl).port), {
    method,
    path: options.path,
    headers: {
      ...(options.sign === false ? {} : signed.headers),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body }),
  })
  const signature = answer.headers['x-intake-response-signature']
  const fromApp = answerSignedByApp(key, signed.nonce, {
    status: answer.status,
    body: answer.text,
    signature: typeof signature === 'string' ? signature : undefined,
  })
  return { ...answer, fromApp }
}
