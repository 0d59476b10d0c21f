// Web mode's page when its app's process stops (issue 30): the header stops saying the session is open, every
// screen says the app cannot be reached and what to do, and once it is reached again everything is asked again.
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionStatus } from '../../../src-shared/domain.ts'
import { renderWithApi } from '../../../test-support/renderer/render-with-api.tsx'
import { AppLostNotice, Header } from './Header.tsx'

const reach = vi.hoisted(() => ({
  now: 'up',
  listeners: new Set<() => void>(),
  set(next: 'up' | 'lost') {
    this.now = next
    for (const listener of this.listeners) listener()
  },
}))
vi.mock('../web-bridge.ts', () => ({
  appReach: () => reach.now,
  subscribeAppReach: (listener: () => void) => {
    reach.listeners.add(listener)
    return () => reach.listeners.delete(listener)
  },
}))

afterEach(() => {
  cleanup()
  reach.now = 'up'
  reach.listeners.clear()
})

const SIGNED_IN = {
  state: 'signed-in',
  scope: 'vendor',
  platformAddress: 'https://platform.example.com',
} as unknown as SessionStatus

describe('the header and the notice when web mode loses its app', () => {
  it('says "Oturum açık" while the app is reached, and no notice', () => {
    renderWithApi(
      <>
        <AppLostNotice />
        <Header session={SIGNED_IN} />
      </>,
    )
    expect(screen.getByRole('status').textContent).toBe('Oturum açık')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('stops saying the session is open, and says what to do, once the app is lost', () => {
    renderWithApi(
      <>
        <AppLostNotice />
        <Header session={SIGNED_IN} />
      </>,
    )
    act(() => reach.set('lost'))
    expect(screen.getByRole('status').textContent).toBe('Uygulamaya ulaşılamıyor')
    const notice = screen.getByRole('alert').textContent
    expect(notice).toMatch(/web modu durmuş olabilir/)
    expect(notice).toMatch(/yeniden başlatın/)
    expect(notice).toMatch(/yeni adresi/)
    expect(notice).not.toMatch(/Platform|internet/i)
  })

  it('asks everything again when the app is reached again (it may be a new process)', () => {
    const { queryClient } = renderWithApi(<AppLostNotice />)
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    act(() => reach.set('lost'))
    expect(invalidate).not.toHaveBeenCalled()
    act(() => reach.set('up'))
    expect(invalidate).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
