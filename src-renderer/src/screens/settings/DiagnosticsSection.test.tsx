import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Diagnostics } from '../../../../src-shared/contract.ts'
import type { Result } from '../../../../src-shared/errors.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../../test-support/renderer/render-with-api.tsx'
import { DiagnosticsSection } from './DiagnosticsSection.tsx'

const BUNDLE: Diagnostics = {
  generatedAt: '2026-11-21T12:00:00.000Z',
  app: { name: 'POS Companion', version: '0.1.0', shell: 'web' },
  runtime: { node: '22.12.0', v8: '12.4' },
  os: { platform: 'linux', release: '6.1', arch: 'x64', timeZone: 'Europe/Istanbul' },
  uptimeSeconds: 42,
  settings: TEST_SETTINGS,
  session: {
    state: 'signed-out',
    reason: 'never-signed-in',
    credentialsStored: false,
    secretStorage: 'os-keychain',
    platformAddress: null,
  },
  orders: { total: 1, byHandoverState: { none: 1 } },
  recentLogLines: ['2026-11-21T12:00:00.000Z [info] web: serving {"port":1}'],
}

afterEach(cleanup)

function setup(answer: Result<Diagnostics>, writeText: (text: string) => Promise<void>) {
  const clipboard = { writeText: vi.fn(writeText) }
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true })
  renderWithApi(<DiagnosticsSection />, { getDiagnostics: () => Promise.resolve(answer) })
  fireEvent.click(screen.getByRole('button', { name: 'Tanılama bilgilerini kopyala' }))
  return clipboard
}

describe('the Tanılama action', () => {
  it('copies the bundle as JSON to the clipboard and says so', async () => {
    const clipboard = setup({ ok: true, value: BUNDLE }, () => Promise.resolve())
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Tanılama bilgileri panoya kopyalandı.',
    )
    expect(JSON.parse(clipboard.writeText.mock.calls[0]?.[0] ?? '')).toEqual(BUNDLE)
  })

  it('shows the text, selected, when the clipboard is refused', async () => {
    setup({ ok: true, value: BUNDLE }, () => Promise.reject(new DOMException('denied', 'NotAllowedError')))
    const area = await screen.findByLabelText<HTMLTextAreaElement>(/Panoya kopyalanamadı/)
    expect(JSON.parse(area.value)).toEqual(BUNDLE)
    expect(area.readOnly).toBe(true)
    expect(document.activeElement).toBe(area)
  })

  it("shows the core's error when the bundle cannot be made", async () => {
    const clipboard = setup({ ok: false, error: { code: 'internal', retryable: false } }, () =>
      Promise.resolve(),
    )
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Beklenmeyen bir hata oldu'),
    )
    expect(clipboard.writeText).not.toHaveBeenCalled()
  })
})
