// The port hint reads the one default (DEFAULT_SETTINGS in src-shared/domain.ts): moved here, the hint follows.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import type { IntakeInfo } from '../../../../src-shared/intake-info.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { IntakeSection } from './IntakeSection.tsx'

vi.mock('../../../../src-shared/domain.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src-shared/domain.ts')>()
  return { ...real, DEFAULT_SETTINGS: { ...real.DEFAULT_SETTINGS, intakePort: 50123 } }
})

afterEach(cleanup)

const INFO: IntakeInfo = {
  key: 'k'.repeat(43),
  url: 'http://127.0.0.1:50123',
  port: 50123,
  status: 'serving',
  dropFolder: { folder: null, status: 'off' },
}

it('names the default port Settings start with, not a number written in the dictionary', async () => {
  renderWithApi(<IntakeSection />, {
    getIntakeInfo: () => Promise.resolve({ ok: true as const, value: INFO }),
  })
  expect(await screen.findByText('1024–65535 arası. Varsayılan 50123.')).toBeTruthy()
  expect(screen.queryByText(/47810/)).toBeNull()
})
