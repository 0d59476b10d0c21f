import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_ORDER_IDS, ORDER_STATUS } from '../../e2e/mock-platform/demo-data.ts'
import { startMockPlatform, type MockPlatform } from '../../e2e/mock-platform/server.ts'
import type { Result } from '../../src-shared/errors.ts'
import { toAppError } from './app-failure.ts'
import { MemoryJournal } from './storage/memory-journal.ts'
import { coreOnMock, VENDOR_KEYS } from '../../test-support/core/core-on-mock.ts'

/** What node:fs throws when the disk (ENOSPC) or the user's quota (EDQUOT) is full. */
function fsError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: no space left on device, write`), {
    code,
    errno: -28,
    syscall: 'write',
  })
}

/** A journal on a disk that fills up once `full` is set: every append then fails the way node:fs does. */
class FillingJournal extends MemoryJournal {
  full: string | undefined
  /** Only records of this type fail: the disk filled up between two writes. */
  failingType: string | undefined
  override append(record: unknown): void {
    const type = (record as { type?: unknown }).type
    if (this.full !== undefined && (this.failingType === undefined || type === this.failingType))
      throw fsError(this.full)
    super.append(record)
  }
}

let mock: MockPlatform
let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'disk-full-'))
  mock = await startMockPlatform({ dataDir, port: 0 })
})
afterAll(async () => {
  await mock.close()
  await rm(dataDir, { recursive: true, force: true })
})
beforeEach(() => mock.control.reset())

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

/** A signed-in core on a filling journal with one order added; mock counters reset after the set-up. */
async function signedInWithOrder() {
  const journal = new FillingJournal()
  const core = await coreOnMock(mock, { journal })
  value(await core.handlers.signIn({ platformAddress: mock.baseUrl, ...VENDOR_KEYS }))
  const id = DEMO_ORDER_IDS.kadikoyCashDelivery
  value(
    await core.handlers.addOrder({
      text: `https://panel/orders/${id}`,
      courierType: 'restaurant',
      shippingMethod: 'delivery',
    }),
  )
  await mock.control.resetCounters()
  return { journal, core, id }
}

describe('a full disk', () => {
  it('is its own error, not a generic internal one', () => {
    expect(toAppError(fsError('ENOSPC'))).toEqual({ code: 'disk-full', retryable: true })
    expect(toAppError(fsError('EDQUOT'))).toEqual({ code: 'disk-full', retryable: true })
    expect(toAppError(fsError('EACCES'))).toEqual({ code: 'internal', retryable: false })
  })

  for (const code of ['ENOSPC', 'EDQUOT']) {
    it(`refuses a hand-over whose intent cannot be written (${code}) with disk-full, and sends nothing`, async () => {
      const { journal, core, id } = await signedInWithOrder()
      journal.full = code
      expect(await core.handlers.handOverOrder({ paymentKey: id })).toEqual({
        ok: false,
        error: { code: 'disk-full', retryable: true },
      })
      expect((await mock.control.counters()).requests.ontheway).toBe(0)
      expect((await mock.control.getOrder(id))?.status_id).not.toBe(ORDER_STATUS.IN_DELIVERY)
      core.dispose()
    })
  }

  it('says disk-full on the order when the attempt cannot be written, and sends nothing', async () => {
    const { journal, core, id } = await signedInWithOrder()
    journal.full = 'ENOSPC'
    journal.failingType = 'attempt'
    const order = value(await core.handlers.handOverOrder({ paymentKey: id }))
    expect(JSON.stringify(order.handover)).toContain('"code":"disk-full"')
    expect((await mock.control.counters()).requests.ontheway).toBe(0)
    core.dispose()
  })
})
