// Several restaurant accounts (issue 29): the banner says which brand's session the platform ended, so staff know
// whose orders wait and where to sign in again; with one account it reads as before.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NO_ATTENTION, type Attention } from '../../../src-shared/attention.ts'
import type { Api } from '../../../src-shared/contract.ts'
import { renderWithApi } from '../../../test-support/renderer/render-with-api.tsx'
import { AttentionBanner } from './AttentionBanner.tsx'

const api: Partial<Api> = {
  getAttention: () => Promise.resolve({ ok: true as const, value: NO_ATTENTION }),
  silenceAlarm: vi.fn(() => Promise.resolve({ ok: true as const, value: true })),
  on: () => () => undefined,
}

afterEach(cleanup)

describe('AttentionBanner with several accounts', () => {
  it('names the accounts whose sessions were lost, and says their orders wait', () => {
    const value: Attention = {
      ...NO_ATTENTION,
      sessionLost: true,
      lostAccounts: ['Pide Evi', 'Dürüm'],
      count: 2,
    }
    renderWithApi(<AttentionBanner attention={value} />, api)
    expect(
      screen.getByText(
        'Pide Evi, Dürüm: oturum yenilenemedi, bu hesabın teslimleri bekliyor. Ayarlar → Hesaplar’dan yeniden giriş yapın.',
      ),
    ).toBeTruthy()
  })

  it('with one account reads as before', () => {
    renderWithApi(<AttentionBanner attention={{ ...NO_ATTENTION, sessionLost: true, count: 1 }} />, api)
    expect(
      screen.getByText('Oturum yenilenemedi: bekleyen teslimler gönderilemiyor. Yeniden giriş yapın.'),
    ).toBeTruthy()
  })
})
