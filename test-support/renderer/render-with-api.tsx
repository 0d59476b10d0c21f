import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { Api } from '../../src-shared/contract.ts'
import { DEFAULT_ALL_DAY_SETTINGS } from '../../src-shared/all-day-settings.ts'
import { DEFAULT_ATTENTION_SETTINGS } from '../../src-shared/attention.ts'
import { DEFAULT_COURIER_SETTINGS } from '../../src-shared/couriers.ts'
import type { Settings } from '../../src-shared/domain.ts'
import { DEFAULT_INTAKE_SETTINGS } from '../../src-shared/intake-settings.ts'
import { DEFAULT_RUSH_SETTINGS } from '../../src-shared/rush-settings.ts'
import { MessagesProvider } from '../../src-renderer/src/i18n/use-messages.tsx'
import { createQueryClient } from '../../src-renderer/src/queries.ts'

export const TEST_SETTINGS: Settings = {
  platformAddress: 'https://platform.example.com',
  extraCaFile: null,
  platformTimeZone: 'Europe/Istanbul',
  language: 'tr',
  allowWeakSecretStorage: false,
  autoUpdate: false,
  handedOverStay: 'day-turn',
  ...DEFAULT_ALL_DAY_SETTINGS,
  ...DEFAULT_ATTENTION_SETTINGS,
  ...DEFAULT_INTAKE_SETTINGS,
  ...DEFAULT_RUSH_SETTINGS,
  ...DEFAULT_COURIER_SETTINGS,
}

/** Renders with a stand-in bridge: the calls a test gives, settings in Turkish, and nothing else. */
export function renderWithApi(ui: ReactElement, api: Partial<Api> = {}, settings: Settings = TEST_SETTINGS) {
  const bridge = {
    getSettings: () => Promise.resolve({ ok: true as const, value: settings }),
    on: () => () => undefined,
    ...api,
  } as unknown as Api
  window.api = bridge
  const queryClient = createQueryClient()
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MessagesProvider>{ui}</MessagesProvider>
      </QueryClientProvider>,
    ),
  }
}
