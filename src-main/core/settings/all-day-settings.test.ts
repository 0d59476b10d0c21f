import { describe, expect, it } from 'vitest'
import { SettingsUpdate } from '../../../src-shared/contract.ts'
import { MemoryStore } from '../../../test-support/core/memory-adapters.ts'
import { SettingsStore } from './settings-store.ts'

describe('the all-day and slip settings', () => {
  it('start as: notifications on, no start with the computer, the default printer, 80 mm, asking, no auto print', () => {
    expect(new SettingsStore(new MemoryStore()).get()).toMatchObject({
      notifications: true,
      startWithComputer: false,
      slipPrinter: null,
      slipPaperWidth: 80,
      printWithoutAsking: false,
      printAfterHandover: false,
    })
  })

  it('are saved as chosen and read back after a restart, leaving the other fields alone', async () => {
    const store = new MemoryStore()
    const settings = new SettingsStore(store)
    const chosen = {
      notifications: false,
      startWithComputer: true,
      slipPrinter: 'EPSON TM-T20III',
      slipPaperWidth: 58,
      printWithoutAsking: true,
      printAfterHandover: true,
    } as const
    await settings.update(SettingsUpdate.parse(chosen))
    expect(new SettingsStore(store).get()).toMatchObject({ ...chosen, language: 'tr', autoUpdate: false })
    await settings.update(SettingsUpdate.parse({ slipPrinter: null }))
    expect(settings.get()).toMatchObject({ slipPrinter: null, slipPaperWidth: 58 })
  })

  it('refuses a paper width the slip is not laid out for', () => {
    expect(SettingsUpdate.safeParse({ slipPaperWidth: 72 }).success).toBe(false)
    expect(SettingsUpdate.safeParse({ slipPrinter: 'x'.repeat(257) }).success).toBe(false)
  })
})
