/**
 * The intake API's refusals (D45): one JSON shape, `{ error: { code, message_tr, message_en } }`, with a
 * code integrators can rely on (it never changes once published) and words for the staff, Turkish first.
 * The messages are fixed texts: they never echo what the caller sent (a mistyped key is most of the real one).
 */
export const INTAKE_ERRORS = {
  'host-not-allowed': {
    status: 403,
    tr: 'Bu adrese yalnızca 127.0.0.1 (veya localhost) ve doğru port ile ulaşılabilir.',
    en: 'This API answers only on 127.0.0.1 (or localhost) with its own port.',
  },
  unauthorized: {
    status: 401,
    tr: 'İstek entegrasyon anahtarıyla imzalanmamış veya imza yanlış. Anahtar asla gönderilmez: isteği X-Intake-Signature ile imzalayın (docs/intake-api.md).',
    en: 'The request is not signed with the intake key, or the signature is wrong. The key is never sent: sign the request with X-Intake-Signature (docs/intake-api.md).',
  },
  'request-expired': {
    status: 401,
    tr: 'X-Intake-Timestamp uygulamanın saatinden 60 saniyeden fazla farklı: saati düzeltip yeni bir istek imzalayın.',
    en: 'X-Intake-Timestamp is more than 60 seconds from the app’s clock: fix the clock and sign a new request.',
  },
  'request-replayed': {
    status: 401,
    tr: 'Bu X-Intake-Nonce daha önce kullanıldı: her istek için yeni bir nonce üretin.',
    en: 'This X-Intake-Nonce was used before: make a new nonce for every request.',
  },
  'not-found': {
    status: 404,
    tr: 'Böyle bir adres yok. Adresler: /v1/orders, /v1/orders/{payment_key}, /v1/day-end, /v1/health.',
    en: 'No such address. The addresses are /v1/orders, /v1/orders/{payment_key}, /v1/day-end, /v1/health.',
  },
  'order-not-found': {
    status: 404,
    tr: 'Bu sipariş panoda yok.',
    en: 'This order is not on the board.',
  },
  'method-not-allowed': {
    status: 405,
    tr: 'Bu adres bu yöntemi kabul etmiyor.',
    en: 'This address does not accept this method.',
  },
  'unsupported-media-type': {
    status: 415,
    tr: 'Gövde JSON olmalı: "Content-Type: application/json" gönderin.',
    en: 'The body must be JSON: send "Content-Type: application/json".',
  },
  'body-too-large': {
    status: 413,
    tr: 'Gövde çok büyük (en fazla 16 KiB).',
    en: 'The body is too large (16 KiB at most).',
  },
  'malformed-json': {
    status: 400,
    tr: 'Gövde geçerli bir JSON nesnesi değil.',
    en: 'The body is not a valid JSON object.',
  },
  'no-order-id': {
    status: 422,
    tr: 'payment_key bir sipariş numarası (UUID) içermiyor.',
    en: 'payment_key holds no order id (a UUID).',
  },
  'several-order-ids': {
    status: 422,
    tr: 'payment_key birden fazla farklı sipariş numarası içeriyor; tek bir sipariş gönderin.',
    en: 'payment_key holds several different order ids; send one order.',
  },
  'invalid-shipping-method': {
    status: 422,
    tr: 'shipping_method "delivery" veya "pickup" olmalı.',
    en: 'shipping_method must be "delivery" or "pickup".',
  },
  'invalid-payment-method': {
    status: 422,
    tr: 'payment_method bir ödeme yöntemi anahtarı olmalı (ör. CASH; harf, rakam, _ . - ile en fazla 64).',
    en: 'payment_method must be a payment method key (e.g. CASH; letters, digits, _ . -, 64 at most).',
  },
  'invalid-courier-type': {
    status: 422,
    tr: 'courier_type "restaurant" veya "platform" olmalı.',
    en: 'courier_type must be "restaurant" or "platform".',
  },
  'invalid-label': {
    status: 422,
    tr: 'label tek satır, 1–120 karakterlik bir metin olmalı; kontrol karakteri ve görünmeyen karakter (yön işareti, sıfır genişlikli boşluk, Hangul dolgusu gibi) içermemeli.',
    en: 'label must be one line of 1–120 characters, without control characters or invisible characters (such as bidi marks, zero-width spaces or Hangul fillers).',
  },
  'invalid-amount': {
    status: 422,
    tr: 'amount_kurus kuruş cinsinden bir tam sayı olmalı: 0 ile 1000000000 (10.000.000 ₺) arası.',
    en: 'amount_kurus must be a whole number of kuruş from 0 to 1000000000 (₺10,000,000).',
  },
  'invalid-courier': {
    status: 422,
    tr: 'courier bir kurye adı olmalı: tek satır, en fazla 60 karakter, görünmeyen karakter içermemeli.',
    en: 'courier must be a courier’s name: one line of at most 60 characters, without invisible characters.',
  },
  'unknown-courier': {
    status: 422,
    tr: 'Bu adda çalışan bir kurye yok: kuryeyi önce uygulamanın Ayarlar’ında ekleyin.',
    en: 'No courier working here has this name: add the courier in the app’s Settings first.',
  },
  'courier-required': {
    status: 422,
    tr: 'Ayarlar kurye seçmeyi zorunlu tutuyor: gövdede { "courier": "<ad>" } gönderin.',
    en: 'Settings require a courier: send { "courier": "<name>" } in the body.',
  },
  'invalid-branch': {
    status: 422,
    tr: 'branch bir şube kimliği olmalı: 1–64 görünür karakter; boşluk ve görünmeyen karakter içermemeli.',
    en: 'branch must be a branch id: 1–64 visible characters, with no space or invisible character.',
  },
  'unknown-branch': {
    status: 422,
    tr: 'Bu şube, uygulamanın giriş yaptığı anahtarların şubeleri arasında yok.',
    en: 'This branch is not among the branches of the keys the app is signed in with.',
  },
  'invalid-request-id': {
    status: 422,
    tr: 'request_id 16–64 karakter olmalı: A–Z a–z 0–9 _ -.',
    en: 'request_id must be 16–64 characters of A–Z a–z 0–9 _ -.',
  },
  'invalid-kind': {
    status: 422,
    tr: 'kind "float", "expense", "handed-in", "advance" veya "debt-repaid" olmalı.',
    en: 'kind must be "float", "expense", "handed-in", "advance" or "debt-repaid".',
  },
  'invalid-cash-amount': {
    status: 422,
    tr: 'amount_kurus kuruş cinsinden bir tam sayı olmalı: 1 ile 1000000000 (10.000.000 ₺) arası.',
    en: 'amount_kurus must be a whole number of kuruş from 1 to 1000000000 (₺10,000,000).',
  },
  'invalid-note': {
    status: 422,
    tr: 'note tek satır, en fazla 200 karakter olmalı; görünmeyen karakter içermemeli.',
    en: 'note must be one line of at most 200 characters, without invisible characters.',
  },
  'request-id-reused': {
    status: 409,
    tr: 'Bu request_id başka bir kayıt için kullanıldı: her kayıt için yeni bir request_id gönderin.',
    en: 'This request_id was used for another record: send a new request_id for every record.',
  },
  'unknown-payment-method': {
    status: 422,
    tr: 'Bu ödeme yöntemi platformun listesinde yok.',
    en: 'This payment method is not on the platform’s list.',
  },
  'day-full': {
    status: 507,
    tr: 'Bugün için kurye kaydı sınırına ulaşıldı (günde 20.000): yeni kayıt yarın yazılabilir.',
    en: 'Today’s limit of courier records is reached (20,000 a day): new records can be written tomorrow.',
  },
  'invalid-date': {
    status: 422,
    tr: 'date YYYY-AA-GG biçiminde bugün ya da geçmiş bir gün olmalı; başka parametre yok.',
    en: 'date must be today or a past day as YYYY-MM-DD; there is no other parameter.',
  },
  'unknown-field': {
    status: 422,
    tr: 'Tanınmayan bir alan var. Alanlar: payment_key, shipping_method, payment_method, courier_type, label, amount_kurus, courier, branch (hand-over için yalnızca courier).',
    en: 'There is an unknown field. The fields are payment_key, shipping_method, payment_method, courier_type, label, amount_kurus, courier, branch (for a hand-over, courier only).',
  },
  'not-eligible': {
    status: 409,
    tr: 'Bu sipariş gel-al veya platform kuryesiyle: "Kuryeye Verildi" gönderilmez.',
    en: 'This order is pickup or platform-courier: "Kuryeye Verildi" does not apply.',
  },
  'handover-disabled': {
    status: 403,
    tr: 'API’den "Kuryeye Verildi" Ayarlar’da kapalı.',
    en: 'Handing over through the API is turned off in Settings.',
  },
  'rate-limited': {
    status: 429,
    tr: 'Çok fazla istek (saniyede en fazla 50). Retry-After kadar bekleyip yeniden deneyin.',
    en: 'Too many requests (50 a second at most). Wait Retry-After seconds and try again.',
  },
  internal: {
    status: 500,
    tr: 'Uygulamada beklenmeyen bir hata oldu; sipariş eklenmemiş olabilir. Yeniden deneyin.',
    en: 'Something unexpected went wrong in the app; the order may not have been added. Try again.',
  },
} as const satisfies Record<string, { status: number; tr: string; en: string }>

export type IntakeErrorCode = keyof typeof INTAKE_ERRORS

/**
 * Refusals decided by the signed request alone (its method, path, body and fields), and the rate: given before
 * anything was done and the same whenever the request comes, so its nonce is given back and the POS may send it
 * again as it was (issue 27.4). A refusal that hangs on the app's state (an order not found or not eligible,
 * hand-overs off, a courier or branch not known) keeps its nonce spent: that request must not succeed later unasked.
 */
const REFUSED_BEFORE_ACTING: ReadonlySet<IntakeErrorCode> = new Set<IntakeErrorCode>([
  'rate-limited',
  'not-found',
  'method-not-allowed',
  'unsupported-media-type',
  'body-too-large',
  'malformed-json',
  'no-order-id',
  'several-order-ids',
  'invalid-shipping-method',
  'invalid-payment-method',
  'invalid-courier-type',
  'invalid-label',
  'invalid-amount',
  'invalid-courier',
  'invalid-branch',
  'invalid-date',
  'unknown-field',
  'invalid-request-id',
  'invalid-kind',
  'invalid-cash-amount',
  'invalid-note',
])

export function givesNonceBack(code: IntakeErrorCode): boolean {
  return REFUSED_BEFORE_ACTING.has(code)
}

export interface IntakeErrorBody {
  error: { code: IntakeErrorCode; message_tr: string; message_en: string }
}

export function intakeErrorBody(code: IntakeErrorCode): IntakeErrorBody {
  const { tr, en } = INTAKE_ERRORS[code]
  return { error: { code, message_tr: tr, message_en: en } }
}

/** A refusal on its way to the caller: thrown anywhere in the request's handling, answered in one place. */
export class IntakeRefusal extends Error {
  readonly code: IntakeErrorCode
  /** Seconds, for `Retry-After` (429). */
  readonly retryAfterSeconds: number | undefined

  constructor(code: IntakeErrorCode, retryAfterSeconds?: number) {
    super(code)
    this.name = 'IntakeRefusal'
    this.code = code
    this.retryAfterSeconds = retryAfterSeconds
  }

  get status(): number {
    return INTAKE_ERRORS[this.code].status
  }
}
