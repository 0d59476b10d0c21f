/**
 * What the day-end's branch names rest on, beside branch-list.test.ts: pinned where mutation testing (Stryker)
 * found that file did not.
 */
import { describe, expect, it } from 'vitest'
import type { Branch } from '../../../src-shared/domain.ts'
import { ManualClock } from '../../../test-support/core/manual-clock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { BranchList } from './branch-list.ts'

const KADIKOY: Branch = { id: 'kadikoy', name: 'Kadıköy' }
const MODA: Branch = { id: 'moda', name: 'Moda' }

describe('the branches the day-end names', () => {
  it('are none while the only account’s list could not be read', async () => {
    const list = new BranchList(
      () => Promise.reject(new Error('offline')),
      new ManualClock(),
      recordingLogger(),
    )
    await list.check('kadikoy')
    expect(list.known()).toEqual([])
  })

  it('leave out an account whose list could not be read, and name the others’', async () => {
    const lists: Record<string, Branch[]> = { A: [KADIKOY] }
    const list = new BranchList(
      (account) => {
        const branches = lists[account]
        return branches ? Promise.resolve(branches) : Promise.reject(new Error('offline'))
      },
      new ManualClock(),
      recordingLogger(),
      () => 'A',
    )
    await list.check('moda', 'B')
    await list.check('kadikoy', 'A')
    expect(list.known()).toEqual([KADIKOY])
  })

  it('name a branch two accounts list by the first account’s name for it, once', () => {
    const list = new BranchList(
      () => Promise.resolve([]),
      new ManualClock(),
      recordingLogger(),
      () => 'A',
    )
    list.remember([KADIKOY], 'A')
    list.remember([{ id: 'kadikoy', name: 'Kadıköy Şube' }, MODA], 'B')
    expect(list.known()).toEqual([KADIKOY, MODA])
  })
})
