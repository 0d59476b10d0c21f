import { describe, expect, it } from 'vitest'
import type { Branch } from '../../../src-shared/domain.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { toAppError } from '../app-failure.ts'
import { BranchList } from './branch-list.ts'

const MINUTE = 60 * 1000
const KADIKOY: Branch = { id: 'kadikoy', name: 'Kadıköy' }
const MODA: Branch = { id: 'moda', name: 'Moda' }

/** A branch list over a platform that answers what `answers` holds next (an Error: the read fails). */
function branchList(...answers: (Branch[] | Error)[]) {
  const clock = new ManualClock()
  const log = recordingLogger()
  let reads = 0
  const list = new BranchList(
    () => {
      const answer = answers[Math.min(reads, answers.length - 1)] ?? []
      reads += 1
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
    },
    clock,
    log,
  )
  return { list, clock, log, reads: () => reads }
}

async function problemOf(work: () => Promise<void>): Promise<string | undefined> {
  try {
    await work()
  } catch (error) {
    return toAppError(error).problem
  }
  return undefined
}

describe('the branch list', () => {
  it('refuses a branch the keys do not list and takes one they do, asking the platform once', async () => {
    const { list, reads } = branchList([KADIKOY])
    expect(await problemOf(() => list.check('besiktas'))).toBe('unknown-branch')
    expect(await problemOf(() => list.check('kadikoy'))).toBeUndefined()
    expect(reads()).toBe(1)
    expect(list.known()).toEqual([KADIKOY])
  })

  it('trusts an answer for ten minutes, then asks again', async () => {
    const { list, clock, reads } = branchList([KADIKOY], [KADIKOY, MODA])
    await list.check('kadikoy')
    await clock.advance(10 * MINUTE)
    expect(await problemOf(() => list.check('moda'))).toBe('unknown-branch')
    expect(reads()).toBe(1)
    await clock.advance(1)
    expect(await problemOf(() => list.check('moda'))).toBeUndefined()
    expect(reads()).toBe(2)
  })

  it('takes a branch as it came when no list can be had, and asks again only a minute later', async () => {
    const { list, clock, log, reads } = branchList(new Error('offline'), [KADIKOY])
    expect(await problemOf(() => list.check('anything'))).toBeUndefined()
    expect(log.lines).toEqual([
      'info couriers: the branch list could not be read; an order branch was not checked {"error":"Error: offline"}',
    ])
    await clock.advance(MINUTE)
    expect(await problemOf(() => list.check('anything'))).toBeUndefined()
    expect(reads()).toBe(1)
    await clock.advance(1)
    expect(await problemOf(() => list.check('anything'))).toBe('unknown-branch')
    expect(reads()).toBe(2)
  })

  it('keeps checking against the last answer while a newer one cannot be had', async () => {
    const { list, clock } = branchList([KADIKOY], new Error('offline'))
    await list.check('kadikoy')
    await clock.advance(11 * MINUTE)
    expect(await problemOf(() => list.check('moda'))).toBe('unknown-branch')
    expect(await problemOf(() => list.check('kadikoy'))).toBeUndefined()
  })

  it('takes what Settings were told as the answer, and forgets it all at sign-out', async () => {
    const { list, reads } = branchList(new Error('offline'), [MODA])
    list.remember([KADIKOY])
    expect(await problemOf(() => list.check('moda'))).toBe('unknown-branch')
    expect(reads()).toBe(0)
    list.forget()
    expect(list.known()).toEqual([])
    // Nothing known: the next check asks, fails, takes the branch as it came.
    expect(await problemOf(() => list.check('moda'))).toBeUndefined()
    expect(reads()).toBe(1)
    // Forgotten again, the minute's wait after that failure is forgotten too.
    list.forget()
    expect(await problemOf(() => list.check('kadikoy'))).toBe('unknown-branch')
    expect(reads()).toBe(2)
  })

  it('answers a copy: a caller cannot change what is known', () => {
    const { list } = branchList()
    list.remember([KADIKOY])
    list.known().push(MODA)
    expect(list.known()).toEqual([KADIKOY])
  })
})

describe('the branch list with several accounts (issue 29)', () => {
  it('checks an order’s branch against its own account’s list, each asked with its own account', async () => {
    const clock = new ManualClock()
    const asked: string[] = []
    const lists: Record<string, Branch[]> = { A: [KADIKOY], B: [MODA] }
    const list = new BranchList(
      (account) => {
        asked.push(account)
        return Promise.resolve(lists[account] ?? [])
      },
      clock,
      recordingLogger(),
      () => 'A',
    )
    expect(await problemOf(() => list.check('moda', 'B'))).toBeUndefined()
    expect(await problemOf(() => list.check('kadikoy', 'B'))).toBe('unknown-branch')
    expect(await problemOf(() => list.check('kadikoy', 'A'))).toBeUndefined()
    expect(await problemOf(() => list.check('moda', 'A'))).toBe('unknown-branch')
    // An order without an account is the default account's.
    expect(await problemOf(() => list.check('moda'))).toBe('unknown-branch')
    expect(asked).toEqual(['B', 'A'])
    // The day-end names every account's branches.
    expect(list.known()).toEqual([MODA, KADIKOY])
    // One account signing out forgets its list alone.
    list.forget('B')
    expect(await problemOf(() => list.check('kadikoy', 'A'))).toBeUndefined()
    expect(await problemOf(() => list.check('moda', 'B'))).toBeUndefined()
    expect(asked).toEqual(['B', 'A', 'B'])
  })
})
