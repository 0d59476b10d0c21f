// The scanner's human side (issue 23.7): what staff hear and what a screen reader says after a read. A read that
// came to nothing is a failure: said at once (role="alert") with the failure tone, never a polite status.
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AddOrderInput } from '../../../../src-shared/contract.ts'
import type { BoardOrder } from '../../../../src-shared/domain.ts'
import type { Result } from '../../../../src-shared/errors.ts'
import { renderWithApi } from '../../../../test-support/renderer/render-with-api.tsx'
import { AddOrderForm } from './AddOrderForm.tsx'
import { useBoardUi } from '../../state.ts'
import { beep } from './sounds.ts'

vi.mock('./sounds.ts', () => ({ beep: vi.fn() }))
// Whether web mode's page reaches its app (issue 30): up unless a test says the app is lost.
const reach = vi.hoisted(() => ({ now: 'up' }))
vi.mock('../../web-bridge.ts', () => ({
  appReach: () => reach.now,
  subscribeAppReach: () => () => undefined,
}))

const ID = '0d3e1f00-5a1b-4c2d-8e3f-100000000001'
const onBoard: BoardOrder = {
  paymentKey: ID,
  addedAt: '2026-11-21T12:00:00.000Z',
  handover: { state: 'none' },
}

beforeEach(() => {
  vi.mocked(beep).mockClear()
  reach.now = 'up'
})
afterEach(cleanup)

const scanned: { addOrder: ReturnType<typeof vi.fn> | undefined } = { addOrder: undefined }

function setup(options: {
  sounds: boolean
  addOrder?: (input: AddOrderInput) => Promise<Result<BoardOrder>>
  orders?: BoardOrder[] | undefined
}) {
  const addOrder = vi.fn(
    options.addOrder ??
      ((input: AddOrderInput) =>
        Promise.resolve({ ok: true as const, value: { ...onBoard, paymentKey: input.text.toLowerCase() } })),
  )
  const orders = 'orders' in options ? options.orders : [onBoard]
  renderWithApi(<AddOrderForm methods={undefined} orders={orders} sounds={options.sounds} />, { addOrder })
  const input = screen.getByLabelText<HTMLInputElement>('Sipariş numarası')
  scanned.addOrder = addOrder
  return (text: string) => {
    fireEvent.change(input, { target: { value: text } })
    fireEvent.submit(input.closest('form') as HTMLFormElement)
  }
}

describe('a read that came to nothing', () => {
  it('a code on no card is an alert with the failure tone, not a status', async () => {
    setup({ sounds: true })('999-999')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/999-999 kodlu sipariş panoda yok/)
    expect(alert.classList.contains('failed')).toBe(true)
    expect(screen.queryAllByRole('status').filter((status) => /999-999/.test(status.textContent))).toEqual([])
    expect(vi.mocked(beep).mock.calls).toEqual([['failure']])
  })

  it('an id the core refused to add is an alert with the failure tone', async () => {
    const refuse = () =>
      Promise.resolve({ ok: false as const, error: { code: 'internal' as const, retryable: false } })
    setup({ sounds: true, addOrder: refuse })('7c9e6679-7425-40de-944b-e07fc1f90ae7')
    await screen.findByRole('alert')
    expect(vi.mocked(beep).mock.calls).toEqual([['failure']])
  })

  it('plays nothing when sounds are off, and still says it as an alert', async () => {
    setup({ sounds: false })('999-999')
    await screen.findByRole('alert')
    expect(beep).not.toHaveBeenCalled()
  })
})

describe('a read that found or added an order', () => {
  it.each([
    ['a code on a card', '000-001', /000-001 bulundu/],
    ['an id on the board', ID, /000-001 zaten panoda/],
    ['a new id', '7c9e6679-7425-40de-944b-e07fc1f90ae7', /eklendi/],
  ])('%s is a status with the scan tone, never an alert', async (_name, read, text) => {
    setup({ sounds: true })(read)
    await screen.findByText(text)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText(text).closest('[role="status"]')).not.toBeNull()
    expect(vi.mocked(beep).mock.calls).toEqual([['scan']])
  })
})

// Each fails on a mutant Stryker reported (issue 23), named beside it.
describe('a read, with the board as it is', () => {
  const twin: BoardOrder = { ...onBoard, paymentKey: '0d3e1f00-5a1b-4c2d-8e3f-200000000001', label: 'Masa 9' }

  // `failed: false` of several orders sharing a code made `true`.
  it('a code on several cards is a status with the scan tone, and lists them to choose', async () => {
    setup({ sounds: true, orders: [onBoard, twin] })('000-001')
    const status = await screen.findByText(/000-001 koduyla 2 sipariş var/)
    expect(status.closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(vi.mocked(beep).mock.calls).toEqual([['scan']])
  })

  // choose(): the outcome blanked, kept with its choices, or replaced, where only the choices should go.
  it('a choice shows that order, and the list goes while what was read stays said', async () => {
    setup({ sounds: false, orders: [onBoard, twin] })('000-001')
    fireEvent.click(await screen.findByRole('button', { name: /Masa 9/ }))
    expect(useBoardUi.getState().reveal?.paymentKey).toBe(twin.paymentKey)
    expect(screen.queryByRole('button', { name: /Masa 9/ })).toBeNull()
    const status = screen.getByRole('status')
    expect(status.textContent).toMatch(/okundu: 000-001/)
    expect(status.textContent).toMatch(/000-001 koduyla 2 sipariş var/)
  })

  // The `orders ?? []` of a code read before the board has loaded.
  it('a code read before the board has loaded is on no card: an alert with the failure tone', async () => {
    setup({ sounds: true, orders: undefined })('000-001')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/000-001 kodlu sipariş panoda yok/)
    expect(vi.mocked(beep).mock.calls).toEqual([['failure']])
  })

  // An id read before the board has loaded cannot be found on it: it is added.
  it('an id read before the board has loaded is added', async () => {
    setup({ sounds: true, orders: undefined })(ID)
    await screen.findByText(/000-001 eklendi/)
    expect(vi.mocked(beep).mock.calls).toEqual([['scan']])
  })

  // The announcement of an added order dropped.
  it('says a new order to a screen reader too', async () => {
    useBoardUi.setState({ announcement: { text: '', nonce: 0, at: 0 } })
    setup({ sounds: false })('7c9e6679-7425-40de-944b-e07fc1abc123')
    await screen.findByText(/ABC-123 eklendi/)
    expect(useBoardUi.getState().announcement.text).toBe('Yeni sipariş ABC-123.')
  })
})

describe('a scan whatever keyboard language typed it (issue 30)', () => {
  const NEW = '0f8fad5b-d9cb-469f-a165-70867728950e'

  it('adds the order a US scanner on a Turkish-Q keyboard typed with `*` for `-`, and says to set it right', async () => {
    setup({ sounds: true })('0f8fad5b*d9cb*469f*a165*70867728950e')
    const status = await screen.findByText(/eklendi/)
    expect(scanned.addOrder?.mock.calls[0]?.[0]).toMatchObject({ text: NEW })
    const said = status.closest('[role="status"]')?.textContent ?? ''
    expect(said).toMatch(/okundu: 0f8fad5b\*d9cb/)
    expect(said).toMatch(/0f8fad5b-d9cb-469f-a165-70867728950e olarak okundu/)
    expect(said).toMatch(/Okuyucunun klavye dili farklı olabilir/)
    expect(said).toMatch(/Okuyucuyu Türkçe Q klavyeye ayarlayın/)
    expect(vi.mocked(beep).mock.calls).toEqual([['scan']])
  })

  it('finds a short code typed as `50E*123`', async () => {
    const order = { ...onBoard, paymentKey: '0d3e1f00-5a1b-4c2d-8e3f-10000050e123' }
    setup({ sounds: false, orders: [order] })('50E*123')
    expect((await screen.findByText(/50E-123 bulundu/)).textContent).toMatch(/okundu: 50E\*123/)
  })

  it('says the keyboard language may be wrong, and what to do, when a mangled read names nothing', async () => {
    const noId = () =>
      Promise.resolve({
        ok: false as const,
        error: { code: 'invalid-input' as const, problem: 'no-order-id' as const, retryable: false },
      })
    setup({ sounds: true, addOrder: noId })('XYZ*999')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/Okuyucunun klavye dili farklı olabilir/)
    expect(alert.textContent).toMatch(/Okuyucu testi/)
  })

  it('says nothing of keyboards for a plain read', async () => {
    setup({ sounds: false })('999-999')
    expect((await screen.findByRole('alert')).textContent).not.toMatch(/klavye/)
  })
})

describe('a scan while web mode has lost its app (issue 30)', () => {
  it('is refused at once, saying the app (not the platform) cannot be reached, and asks the core nothing', async () => {
    reach.now = 'lost'
    setup({ sounds: true })('7c9e6679-7425-40de-944b-e07fc1f90ae7')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/Uygulamaya ulaşılamıyor/)
    expect(alert.textContent).not.toMatch(/Platform|internet/i)
    expect(scanned.addOrder).not.toHaveBeenCalled()
    expect(vi.mocked(beep).mock.calls).toEqual([['failure']])
  })

  it('refuses a short code too, though the card is still on the stale board', async () => {
    reach.now = 'lost'
    setup({ sounds: false })('000-001')
    expect((await screen.findByRole('alert')).textContent).toMatch(/Uygulamaya ulaşılamıyor/)
  })
})
