import { describe, expect, it } from 'vitest'
import { APP_ERROR_CODES, INPUT_PROBLEMS } from '../../../src-shared/errors.ts'
import { describeError } from './describe-error.ts'
import { dictionaries } from './index.ts'

describe('describeError', () => {
  it('has words for every error code and input problem in both languages', () => {
    for (const t of Object.values(dictionaries)) {
      for (const code of APP_ERROR_CODES)
        expect(describeError({ code, retryable: false }, t).text).toMatch(/\S/)
      for (const problem of INPUT_PROBLEMS) {
        expect(describeError({ code: 'invalid-input', problem, retryable: false }, t).text).toMatch(/\S/)
      }
    }
  })

  it("quotes the platform's own words and the HTTP status for unknown refusals (D4)", () => {
    const described = describeError(
      {
        code: 'platform-refused',
        platformError: 'kurye tipi uygun değil',
        platformMessage: 'Courier is not restaurant-managed',
        httpStatus: 409,
        retryable: false,
      },
      dictionaries.tr,
    )
    expect(described.text).toBe('Platform isteği reddetti.')
    expect(described.detail).toBe(
      'Platformun yanıtı: “kurye tipi uygun değil — Courier is not restaurant-managed” · HTTP 409',
    )
  })

  it('speaks English when asked', () => {
    expect(describeError({ code: 'unreachable', retryable: true }, dictionaries.en).text).toContain(
      'cannot be reached',
    )
  })
})
