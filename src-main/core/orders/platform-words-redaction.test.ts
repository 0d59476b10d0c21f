// D11: the platform's free text (its `error` and `message`) reaches the journal, the history and
// the CSV export; a platform that echoes a token or a key back must not leave it there.
import { afterEach, describe, expect, it } from 'vitest'
import type { Result } from '../../../src-shared/errors.ts'
import type { Core } from '../create-core.ts'
import { testCore } from '../../../test-support/core/core-on-mock.ts'
import { SecretRedactor } from '../logging/secret-redactor.ts'
import { MemoryJournal } from '../storage/memory-journal.ts'
import { DEMO_KEYS, ScriptedPlatform } from '../../../test-support/core/scripted-platform-fetch.ts'

const HOST = 'platform.example.com'
const ADDRESS = `https://${HOST}/integrations`
const ORDER = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const UNREGISTERED_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.from-another-run.sig'

const cores: Core[] = []
afterEach(() => {
  for (const core of cores.splice(0)) core.dispose()
})

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`)
  return result.value
}

async function signedIn(journal: MemoryJournal) {
  const platform = new ScriptedPlatform()
  const core = await testCore({
    journal,
    createFetch: () => platform.fetch,
    secrets: new SecretRedactor(),
    platformTuning: { retry: { limit: 0, baseDelayMs: 0, maxDelayMs: 0 } },
  })
  cores.push(core)
  // Hand-overs go at once: this test is about the platform's words, not the undo window (docs/decisions.md D40).
  await core.handlers.updateSettings({ undoWindowSeconds: 0 })
  value(await core.handlers.signIn({ platformAddress: ADDRESS, ...DEMO_KEYS }))
  await core.start()
  return { core, platform }
}

const SECRETS = [DEMO_KEYS.appSecretKey, DEMO_KEYS.restSecretKey, `tok-${HOST}-1`, UNREGISTERED_TOKEN]

describe("the platform's free text is redacted before the journal and the CSV", () => {
  it('redacts a refusal that echoes the token and the keys', async () => {
    const journal = new MemoryJournal()
    const { core, platform } = await signedIn(journal)
    platform.nextCallAnswers.push({
      status: 409,
      body: JSON.stringify({
        status: false,
        error: `sipariş durumu uygun değil (${DEMO_KEYS.appSecretKey})`,
        message: `request with Access-Token: tok-${HOST}-1 rest=${DEMO_KEYS.restSecretKey} token=${UNREGISTERED_TOKEN}`,
      }),
    })
    value(
      await core.handlers.addOrder({ text: ORDER, courierType: 'restaurant', shippingMethod: 'delivery' }),
    )
    value(await core.handlers.handOverOrder({ paymentKey: ORDER }))
    await expect.poll(() => JSON.stringify(journal.records)).toContain('"result":"refused"')

    const journalText = JSON.stringify(journal.records)
    const history = JSON.stringify(value(await core.handlers.listHistory({ limit: 100 })))
    const csv = value(await core.handlers.exportHistoryCsv(undefined))
    for (const text of [journalText, history, csv]) {
      expect(text).toContain('sipariş durumu uygun değil')
      expect(text).toContain('[redacted]')
      for (const secret of SECRETS) expect(text).not.toContain(secret)
    }
  })

  it('redacts the CSV and the history list of history written before this was fixed', async () => {
    const journal = new MemoryJournal([
      {
        type: 'result',
        seq: 0,
        action: 'old-action',
        paymentKey: ORDER,
        attempt: 1,
        at: new Date().toISOString(),
        result: 'refused',
        error: {
          code: 'platform-refused',
          retryable: false,
          httpStatus: 409,
          platformError: `hata ${DEMO_KEYS.appSecretKey}`,
          platformMessage: `Access-Token: ${UNREGISTERED_TOKEN} key ${DEMO_KEYS.restSecretKey}`,
        },
        outcomeUnknown: false,
      },
    ])
    const { core } = await signedIn(journal)
    const csv = value(await core.handlers.exportHistoryCsv(undefined))
    const history = JSON.stringify(value(await core.handlers.listHistory({ limit: 100 })))
    for (const text of [csv, history]) {
      expect(text).toContain('hata [redacted]')
      for (const secret of SECRETS) expect(text).not.toContain(secret)
    }
  })
})
