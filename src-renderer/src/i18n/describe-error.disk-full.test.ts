// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { describeError } from './describe-error.ts'
import { en } from './en.ts'
import { tr } from './tr.ts'

describe('describeError for a full disk', () => {
  it('says the disk is full and that nothing was sent, in Turkish and English', () => {
    expect(describeError({ code: 'disk-full', retryable: true }, tr).text).toBe(
      'Disk dolu: işlem kaydedilemedi, hiçbir şey gönderilmedi. Yer açıp tekrar deneyin.',
    )
    expect(describeError({ code: 'disk-full', retryable: true }, en).text).toBe(
      'The disk is full: the action could not be recorded, and nothing was sent. Free some space and try again.',
    )
  })
})
