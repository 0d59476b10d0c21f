import type { Texts } from './tr.ts'

/** Every word the app says outside the page, in English: exactly the keys of tr.ts. */
export const en = {
  notices: {
    orders: {
      failed: {
        title: (code) => `Order ${code}: hand-over failed`,
        body: 'The platform refused it. Open the order for details.',
      },
      unconfirmed: {
        title: (code) => `Order ${code}: not confirmed`,
        body: 'It probably reached the platform: check the platform panel.',
      },
      'retrying-too-long': {
        title: (code) => `Order ${code}: not sent for 2 minutes`,
        body: 'The app keeps trying. Check the network connection.',
      },
      'waiting-too-long': {
        title: (code) => `Order ${code}: waiting too long`,
        body: 'If the courier took it, press “Handed to courier”: only then is the customer told.',
      },
    },
    session: {
      title: 'The session could not be renewed',
      body: 'Waiting hand-overs cannot be sent. Please sign in again.',
    },
    'intake-port': {
      title: 'Another program holds the POS port',
      body: 'The POS cannot reach the app. Choose another port in Settings → POS connection.',
    },
  },
  intakeApi: {
    'host-not-allowed': 'This API answers only on 127.0.0.1 (or localhost) with its own port.',
    unauthorized:
      'The request is not signed with the intake key, or the signature is wrong. The key is never sent: sign the request with X-Intake-Signature (docs/intake-api.md).',
    'request-expired':
      'X-Intake-Timestamp is more than 60 seconds from the app’s clock: fix the clock and sign a new request.',
    'request-replayed': 'This X-Intake-Nonce was used before: make a new nonce for every request.',
    'not-found':
      'No such address. The addresses are /v1/orders, /v1/orders/{payment_key}, /v1/day-end, /v1/health.',
    'order-not-found': 'This order is not on the board.',
    'method-not-allowed': 'This address does not accept this method.',
    'unsupported-media-type': 'The body must be JSON: send "Content-Type: application/json".',
    'body-too-large': 'The body is too large (16 KiB at most).',
    'malformed-json': 'The body is not a valid JSON object.',
    'no-order-id': 'payment_key holds no order id (a UUID).',
    'several-order-ids': 'payment_key holds several different order ids; send one order.',
    'invalid-shipping-method': 'shipping_method must be "delivery" or "pickup".',
    'invalid-payment-method':
      'payment_method must be a payment method key (e.g. CASH; letters, digits, _ . -, 64 at most).',
    'invalid-courier-type': 'courier_type must be "restaurant" or "platform".',
    'invalid-label':
      'label must be one line of 1–120 characters, without control characters or invisible characters (such as bidi marks, zero-width spaces or Hangul fillers).',
    'invalid-amount': 'amount_kurus must be a whole number of kuruş from 0 to 1000000000 (₺10,000,000).',
    'invalid-courier':
      'courier must be a courier’s name: one line of at most 60 characters, without invisible characters.',
    'unknown-courier': 'No courier working here has this name: add the courier in the app’s Settings first.',
    'courier-required': 'Settings require a courier: send { "courier": "<name>" } in the body.',
    'invalid-branch':
      'branch must be a branch id: 1–64 visible characters, with no space or invisible character.',
    'unknown-branch': 'This branch is not among the branches of the keys the app is signed in with.',
    'invalid-request-id': 'request_id must be 16–64 characters of A–Z a–z 0–9 _ -.',
    'invalid-kind': 'kind must be "float", "expense", "handed-in", "advance" or "debt-repaid".',
    'invalid-cash-amount': 'amount_kurus must be a whole number of kuruş from 1 to 1000000000 (₺10,000,000).',
    'invalid-note': 'note must be one line of at most 200 characters, without invisible characters.',
    'request-id-reused':
      'This request_id was used for another record: send a new request_id for every record.',
    'unknown-payment-method': 'This payment method is not on the platform’s list.',
    'day-full':
      'Today’s limit of courier records is reached (20,000 a day): new records can be written tomorrow.',
    'invalid-date': 'date must be today or a past day as YYYY-MM-DD; there is no other parameter.',
    'unknown-field':
      'There is an unknown field. The fields are payment_key, shipping_method, payment_method, courier_type, label, amount_kurus, courier, branch (for a hand-over, courier only).',
    'not-eligible': 'This order is pickup or platform-courier: "Kuryeye Verildi" does not apply.',
    'handover-disabled': 'Handing over through the API is turned off in Settings.',
    'rate-limited': 'Too many requests (50 a second at most). Wait Retry-After seconds and try again.',
    internal: 'Something unexpected went wrong in the app; the order may not have been added. Try again.',
  },
} satisfies Texts
