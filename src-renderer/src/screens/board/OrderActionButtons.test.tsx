// Every button a card can show carries its visible words in its accessible name (WCAG 2.5.3, "label in
// name"): staff who drive the app by voice say what they see, and axe's label-content-name-mismatch checks it.
// The e2e accessibility scan met the "sending" state only when the machine was slow; this covers every state.
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BoardOrder, Handover } from '../../../../src-shared/domain.ts'
import type { AppError } from '../../../../src-shared/errors.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../../test-support/renderer/render-with-api.tsx'
import { OrderActionButtons } from './OrderActionButtons.tsx'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-100000000005'
const AT = '2026-11-21T12:00:00.000Z'
const LATER = new Date(Date.now() + 60_000).toISOString()
const transient: AppError = { code: 'server-error', httpStatus: 503, retryable: true }
const refused: AppError = {
  code: 'order-not-found',
  platformError: 'sipariş bulunamadı',
  httpStatus: 404,
  retryable: false,
}

const STATES: Record<string, Handover> = {
  none: { state: 'none' },
  queued: { state: 'queued', since: AT, waitingForSignIn: false },
  'queued, waiting for sign-in': { state: 'queued', since: AT, waitingForSignIn: true },
  'queued, in its undo window': { state: 'queued', since: AT, waitingForSignIn: false, sendAt: LATER },
  sending: { state: 'sending', since: AT },
  retrying: { state: 'retrying', nextAttemptAt: LATER, attempts: 2, error: transient },
  failed: { state: 'failed', at: AT, error: refused },
  unconfirmed: { state: 'unconfirmed', at: AT, error: refused },
}

const actions = () => ({
  handOver: vi.fn(),
  withdraw: vi.fn(),
  sendNow: vi.fn(),
  panelCheck: vi.fn(),
  remove: vi.fn(),
})

/** Lower case, letters and digits only: axe compares the words, not their punctuation. */
const words = (text: string) =>
  text
    .toLocaleLowerCase('tr')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

afterEach(cleanup)

describe.each(['tr', 'en'] as const)('the card’s buttons in %s', (language) => {
  it.each(Object.entries(STATES))(
    'say their visible words in their accessible name: %s',
    async (_, handover) => {
      const order: BoardOrder = { paymentKey: KEY, addedAt: AT, handover }
      renderWithApi(
        <OrderActionButtons order={order} code="000-005" actions={actions()} />,
        {},
        {
          ...TEST_SETTINGS,
          language,
        },
      )
      const buttons = await waitFor(() => {
        const found = screen.getAllByRole('button')
        // Wait until the chosen language is on screen (the settings arrive after the first render).
        if (language === 'en')
          expect(found.some((button) => /[ğışçöüİ]/.test(button.textContent))).toBe(false)
        return found
      })
      expect(buttons.length).toBeGreaterThan(0)
      for (const button of buttons) {
        const name = button.getAttribute('aria-label') ?? button.textContent
        expect(words(name), `"${button.textContent}" in "${name}"`).toContain(words(button.textContent))
        expect(name, 'names its order').toContain('000-005')
      }
    },
  )
})
