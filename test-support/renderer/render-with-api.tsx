import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { Api } from '../../src-shared/contract.ts'
import { DEFAULT_SETTINGS, type Settings } from '../../src-shared/domain.ts'
import { MessagesProvider } from '../../src-renderer/src/i18n/use-messages.tsx'
import { createQueryClient } from '../../src-renderer/src/queries.ts'

export const TEST_SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  platformAddress: 'https://platform.example.com',
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
