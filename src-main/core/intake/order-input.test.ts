// The body of `POST /v1/orders` and a JSON drop file (docs/intake-api.md, D45): each field at its documented edge,
// what the board is handed, and which code a refusal gets.
import { describe, expect, it } from 'vitest'
import { parsePaymentKey, parsePosOrder } from './order-input.ts'

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const codeOf = (body: unknown) => {
  const parsed = parsePosOrder(body)
  return parsed.ok ? 'taken' : parsed.code
}

describe('parsePaymentKey', () => {
  it('finds the one id, lower-case, in up to 200 characters', () => {
    expect(parsePaymentKey(`{${KEY.toUpperCase()}}`)).toEqual({ ok: true, value: KEY })
    expect(parsePaymentKey(KEY.padEnd(200, ' '))).toEqual({ ok: true, value: KEY })
  })

  it('refuses longer text before searching it, text with no id, and text with two', () => {
    expect(parsePaymentKey(KEY.padEnd(201, ' '))).toEqual({ ok: false, code: 'no-order-id' })
    expect(parsePaymentKey('order 42')).toEqual({ ok: false, code: 'no-order-id' })
    expect(parsePaymentKey(`${KEY},${OTHER}`)).toEqual({ ok: false, code: 'several-order-ids' })
  })
})

describe('parsePosOrder', () => {
  it('hands the board the id and only the details the POS sent', () => {
    expect(parsePosOrder({ payment_key: KEY.toUpperCase() })).toStrictEqual({
      ok: true,
      value: { paymentKey: KEY, details: {} },
    })
  })

  it('hands every documented field on, under the board’s names', () => {
    const branch = '6f1d2c3b-4a5e-4f70-8a91-0b2c3d4e5f01'
    expect(
      parsePosOrder({
        payment_key: KEY,
        shipping_method: 'delivery',
        payment_method: 'CREDIT_CARD',
        courier_type: 'restaurant',
        label: 'Masa 5',
        ready: true,
        amount_kurus: 39990,
        courier: 'Ahmet Yılmaz',
        branch: ` ${branch} `,
      }),
    ).toStrictEqual({
      ok: true,
      value: {
        paymentKey: KEY,
        details: {
          shippingMethod: 'delivery',
          paymentMethod: 'CREDIT_CARD',
          courierType: 'restaurant',
          label: 'Masa 5',
          amountKurus: 39990,
          branch,
        },
        ready: true,
        courier: 'Ahmet Yılmaz',
      },
    })
  })

  it('never makes an order un-ready: "ready": false changes nothing', () => {
    expect(parsePosOrder({ payment_key: KEY, ready: false })).toStrictEqual({
      ok: true,
      value: { paymentKey: KEY, details: {} },
    })
  })

  it.each([
    [{ payment_method: 'A'.repeat(64) }, 'taken'],
    [{ payment_method: 'pay.by_card-2' }, 'taken'],
    [{ payment_method: 'A'.repeat(65) }, 'invalid-payment-method'],
    [{ payment_method: ' CASH' }, 'invalid-payment-method'],
    [{ payment_method: 'CASH\n' }, 'invalid-payment-method'],
    [{ amount_kurus: 0 }, 'taken'],
    [{ amount_kurus: 1_000_000_000 }, 'taken'],
    [{ amount_kurus: 1_000_000_001 }, 'invalid-amount'],
    [{ amount_kurus: -1 }, 'invalid-amount'],
    [{ amount_kurus: 1.5 }, 'invalid-amount'],
    [{ branch: 'b'.repeat(64) }, 'taken'],
    [{ branch: 'b'.repeat(65) }, 'invalid-branch'],
    [{ branch: '   ' }, 'invalid-branch'],
    // An id, checked whether or not the branch list can be read (issue 27.4): what reaches the day-end's
    // screen, slip and CSV reads as it was sent.
    [{ branch: 'kadıköy-moda_2.1' }, 'taken'],
    [{ branch: 'a\u202eb' }, 'invalid-branch'],
    [{ branch: 'a\u2066b' }, 'invalid-branch'],
    [{ branch: 'a\u200bb' }, 'invalid-branch'],
    [{ branch: 'a\tb' }, 'invalid-branch'],
    [{ branch: 'a\u0000b' }, 'invalid-branch'],
    [{ branch: 'a\u0085b' }, 'invalid-branch'],
    [{ branch: 'a\u3164b' }, 'invalid-branch'],
    [{ branch: 'a\u034fb' }, 'invalid-branch'],
    [{ branch: 'a b' }, 'invalid-branch'],
    [{ branch: 'a\u00a0b' }, 'invalid-branch'],
    [{ branch: 'a\u2028b' }, 'invalid-branch'],
    [{ branch: 'a\ud800b' }, 'invalid-branch'],
    [{ courier: 'Ahmet' }, 'taken'],
    [{ courier: 'A'.repeat(61) }, 'invalid-courier'],
    [{ courier: 'A'.repeat(401) }, 'invalid-courier'],
    [{ payment_key: KEY.padEnd(200, ' ') }, 'taken'],
    [{ payment_key: KEY.padEnd(201, ' ') }, 'no-order-id'],
    [{ payment_key: `${KEY} ${OTHER}` }, 'several-order-ids'],
    [{ shipping_method: 'pickup' }, 'taken'],
    [{ shipping_method: 'Pickup' }, 'invalid-shipping-method'],
    [{ courier_type: 'platform' }, 'taken'],
    [{ courier_type: 'RESTAURANT' }, 'invalid-courier-type'],
    [{ label: 'Masa\u202e5' }, 'invalid-label'],
    // `ready` has no code of its own: a body that sends it wrong is not a valid object.
    [{ ready: 'yes' }, 'malformed-json'],
  ])('gives %j: %s', (fields, code) => {
    expect(codeOf({ payment_key: KEY, ...fields })).toBe(code)
  })

  it('refuses an unknown field before anything else, so a misspelt name shows at once', () => {
    expect(codeOf({ payment_key: 'none', courier_typ: 'platform', label: 7 })).toBe('unknown-field')
    expect(codeOf({ kurye: 'Ahmet' })).toBe('unknown-field')
  })

  it('otherwise names the first field, in the documented order, that is wrong', () => {
    expect(codeOf({ payment_key: KEY, label: 7, shipping_method: 'teleport' })).toBe(
      'invalid-shipping-method',
    )
    expect(codeOf({ label: 7, payment_key: 42 })).toBe('no-order-id')
    expect(codeOf({ payment_key: KEY, branch: '', courier: '' })).toBe('invalid-courier')
  })

  it.each([null, [], [{ payment_key: KEY }], 'text', 42, true])('refuses %j as malformed', (json) => {
    expect(codeOf(json)).toBe('malformed-json')
  })
})
