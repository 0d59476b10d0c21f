// Several restaurant accounts (issue 29): the notification of a lost session names the account, and another
// account lost later is announced too; with one account it is as before.
import { describe, expect, it } from 'vitest'
import { NO_ATTENTION, type Attention } from './attention.ts'
import { AttentionAnnouncer } from './attention-notices.ts'

const lost = (...accounts: string[]): Attention => ({
  ...NO_ATTENTION,
  sessionLost: true,
  ...(accounts.length > 0 ? { lostAccounts: accounts } : {}),
  count: Math.max(1, accounts.length),
})

describe('a lost session’s notification with several accounts', () => {
  it('names the account first, and announces each account newly lost once', () => {
    const announcer = new AttentionAnnouncer()
    announcer.update(NO_ATTENTION, 'tr')
    expect(announcer.update(lost('Pide Evi'), 'tr')).toEqual([
      {
        id: 'session',
        kind: 'session',
        title: 'Pide Evi · Oturum yenilenemedi',
        body: 'Bekleyen teslimler gönderilemiyor. Lütfen yeniden giriş yapın.',
      },
    ])
    expect(announcer.update(lost('Pide Evi'), 'tr')).toEqual([])
    expect(announcer.update(lost('Pide Evi', 'Dürüm'), 'en').map((notice) => notice.title)).toEqual([
      'Dürüm · The session could not be renewed',
    ])
    // Pide Evi signed in again, then lost again: said again.
    announcer.update(lost('Dürüm'), 'tr')
    expect(announcer.update(lost('Dürüm', 'Pide Evi'), 'tr').map((notice) => notice.title)).toEqual([
      'Pide Evi · Oturum yenilenemedi',
    ])
  })

  it('with one account, says it as before', () => {
    const announcer = new AttentionAnnouncer()
    announcer.update(NO_ATTENTION, 'tr')
    expect(announcer.update(lost(), 'tr').map((notice) => notice.title)).toEqual(['Oturum yenilenemedi'])
  })
})
