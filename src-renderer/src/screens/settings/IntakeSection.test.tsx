import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SettingsUpdate } from '../../../../src-shared/contract.ts'
import { NO_ATTENTION } from '../../../../src-shared/attention.ts'
import type { IntakeInfo } from '../../../../src-shared/intake-info.ts'
import { renderWithApi, TEST_SETTINGS } from '../../../../test-support/renderer/render-with-api.tsx'
import { IntakeSection } from './IntakeSection.tsx'

afterEach(cleanup)

const KEY = 'k'.repeat(43)
const SERVING: IntakeInfo = {
  key: KEY,
  url: 'http://127.0.0.1:47810',
  port: 47810,
  status: 'serving',
  dropFolder: { folder: null, status: 'off' },
}
const answer = <T,>(value: T) => Promise.resolve({ ok: true as const, value })

function setup(info: IntakeInfo = SERVING, extra: Record<string, unknown> = {}) {
  const updateSettings = vi.fn((update: SettingsUpdate) => answer({ ...TEST_SETTINGS, ...update }))
  const getIntakeInfo = vi.fn(() => answer(info))
  renderWithApi(<IntakeSection />, { updateSettings, getIntakeInfo, ...extra } as never)
  return { updateSettings, getIntakeInfo }
}

describe('IntakeSection', () => {
  it('shows where the API listens and hides the key until asked', async () => {
    setup()
    expect((await screen.findByTestId('intake-url')).textContent).toBe('http://127.0.0.1:47810')
    expect(screen.getByTestId('intake-key').textContent).not.toContain(KEY)
    fireEvent.click(screen.getByRole('button', { name: 'Anahtarı göster' }))
    expect(screen.getByTestId('intake-key').textContent).toBe(KEY)
  })

  it('says the port is in use and asks for another', async () => {
    setup({ ...SERVING, url: null, status: 'port-in-use' })
    expect((await screen.findByRole('alert')).textContent).toBe(
      '47810 numaralı port başka bir programda. Başka bir port seçin.',
    )
    expect(screen.getByTestId('intake-url').textContent).toBe('Çalışmıyor')
  })

  it('copies the key to the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.assign(navigator, { clipboard: { writeText } })
    setup()
    fireEvent.click(await screen.findByRole('button', { name: 'Anahtarı kopyala' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY))
    expect(await screen.findByText('Anahtar kopyalandı.')).toBeTruthy()
  })

  describe('in the desktop app (issue 20: the copy stays out of clipboard history)', () => {
    afterEach(() => {
      delete window.secretClipboard
    })

    it('copies through the main process, which marks the copy, never as plain text from the page', async () => {
      const writeText = vi.fn(() => Promise.resolve())
      Object.assign(navigator, { clipboard: { writeText } })
      const copyIntakeKey = vi.fn(() => Promise.resolve(true))
      window.secretClipboard = { copyIntakeKey }
      setup()
      fireEvent.click(await screen.findByRole('button', { name: 'Anahtarı kopyala' }))
      expect(await screen.findByText('Anahtar kopyalandı.')).toBeTruthy()
      expect(copyIntakeKey).toHaveBeenCalledTimes(1)
      expect(writeText).not.toHaveBeenCalled()
    })

    it('shows the key to copy by hand when the main process could not copy it', async () => {
      const writeText = vi.fn(() => Promise.resolve())
      Object.assign(navigator, { clipboard: { writeText } })
      window.secretClipboard = { copyIntakeKey: () => Promise.resolve(false) }
      setup()
      fireEvent.click(await screen.findByRole('button', { name: 'Anahtarı kopyala' }))
      await waitFor(() => expect(screen.getByTestId('intake-key').textContent).toBe(KEY))
      expect(screen.queryByText('Anahtar kopyalandı.')).toBeNull()
      expect(writeText).not.toHaveBeenCalled()
    })
  })

  it('rotates the key only after it is confirmed, and shows the new one', async () => {
    const rotateIntakeKey = vi.fn(() => answer({ ...SERVING, key: 'n'.repeat(43) }))
    setup(SERVING, { rotateIntakeKey })
    fireEvent.click(await screen.findByRole('button', { name: 'Yeni anahtar oluştur' }))
    expect(rotateIntakeKey).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Vazgeç' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yeni anahtar oluştur' }))
    const group = screen.getByRole('group', { name: 'Yeni anahtar oluştur' })
    fireEvent.click(group.querySelector('button.danger') as HTMLButtonElement)
    await waitFor(() => expect(rotateIntakeKey).toHaveBeenCalledTimes(1))
    fireEvent.click(screen.getByRole('button', { name: 'Anahtarı göster' }))
    await waitFor(() => expect(screen.getByTestId('intake-key').textContent).toBe('n'.repeat(43)))
  })

  it('saves the port, the hand-over switch and the folder, each on its own', async () => {
    const { updateSettings, getIntakeInfo } = setup()
    const port = await screen.findByLabelText('Port')
    fireEvent.change(port, { target: { value: '48000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Portu kaydet' }))
    await waitFor(() => expect(updateSettings).toHaveBeenCalledWith({ intakePort: 48000 }))
    await waitFor(() => expect(getIntakeInfo.mock.calls.length).toBeGreaterThan(1))
    fireEvent.click(screen.getByLabelText('POS “Kuryeye Verildi” isteyebilsin'))
    await waitFor(() => expect(updateSettings).toHaveBeenLastCalledWith({ intakeHandover: false }))
    fireEvent.change(screen.getByLabelText('Sipariş klasörü (isteğe bağlı)'), { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Klasörü kaydet' }))
    await waitFor(() => expect(updateSettings).toHaveBeenLastCalledWith({ dropFolder: null }))
  })

  it('shows the core refusing a bad port', async () => {
    const updateSettings = vi.fn(() =>
      Promise.resolve({
        ok: false as const,
        error: { code: 'invalid-input' as const, problem: 'malformed' as const, retryable: false },
      }),
    )
    renderWithApi(<IntakeSection />, { updateSettings, getIntakeInfo: () => answer(SERVING) })
    fireEvent.change(await screen.findByLabelText('Port'), { target: { value: '80' } })
    fireEvent.click(screen.getByRole('button', { name: 'Portu kaydet' }))
    await waitFor(() => expect(updateSettings).toHaveBeenCalledWith({ intakePort: 80 }))
    expect(await screen.findByRole('alert')).toBeTruthy()
  })

  it('says why a shared drop folder is not watched, and uses it only after an explicit click', async () => {
    const { updateSettings } = setup({
      ...SERVING,
      dropFolder: { folder: '/srv/pos', status: 'refused', refusal: 'shared' },
    })
    expect((await screen.findByRole('alert')).textContent).toContain('başka hesaplar da yazabiliyor')
    expect(updateSettings).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: /yine de bu klasörü kullan/ }))
    await waitFor(() =>
      expect(updateSettings).toHaveBeenCalledWith({
        dropFolder: '/srv/pos',
        dropFolderSharedConfirmed: true,
      }),
    )
  })

  it.each([
    ['data-folder', 'veri klasörü'],
    ['system-folder', 'İndirilenler'],
    ['shared-parent', 'bulunduğu klasöre başka hesaplar da yazabiliyor'],
    ['changed', 'denetlendikten sonra değiştirildi'],
  ] as const)('says why the %s is refused and offers no way round it', async (refusal, words) => {
    setup({ ...SERVING, dropFolder: { folder: '/x', status: 'refused', refusal } })
    expect((await screen.findByRole('alert')).textContent).toContain(words)
    expect(screen.queryByRole('button', { name: /yine de/ })).toBeNull()
  })

  it('creates the POS folder on a click, and shows it watched (issue 27)', async () => {
    const created: IntakeInfo = {
      ...SERVING,
      dropFolder: { folder: '/home/kasa/POS-Siparisleri', status: 'watching' },
    }
    const createPosFolder = vi.fn(() => answer(created))
    const { updateSettings } = setup(
      { ...SERVING, dropFolder: { folder: '/tmp/pos', status: 'refused', refusal: 'shared-parent' } },
      { createPosFolder },
    )
    fireEvent.click(await screen.findByRole('button', { name: 'POS klasörünü oluştur' }))
    expect(await screen.findByText('POS klasörü oluşturuldu: /home/kasa/POS-Siparisleri')).toBeTruthy()
    expect(screen.getByText('Klasör izleniyor.')).toBeTruthy()
    expect(createPosFolder).toHaveBeenCalledTimes(1)
    expect(updateSettings).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'POS klasörünü oluştur' })).toBeNull()
    expect(screen.getByLabelText<HTMLInputElement>('Sipariş klasörü (isteğe bağlı)').value).toBe(
      '/home/kasa/POS-Siparisleri',
    )
  })

  it('reads why at once when the core says the folder was swapped (issue 27)', async () => {
    const infos: IntakeInfo[] = [
      { ...SERVING, dropFolder: { folder: '/srv/pos', status: 'watching' } },
      { ...SERVING, dropFolder: { folder: '/srv/pos', status: 'refused', refusal: 'changed' } },
    ]
    const getIntakeInfo = vi.fn(() => answer(infos[Math.min(getIntakeInfo.mock.calls.length - 1, 1)]))
    const getAttention = vi.fn(() => answer(NO_ATTENTION))
    const { queryClient } = renderWithApi(<IntakeSection />, { getIntakeInfo, getAttention } as never)
    expect(await screen.findByText('Klasör izleniyor.')).toBeTruthy()
    queryClient.setQueryData(['attention'], { ...NO_ATTENTION, dropFolderChanged: true, count: 1 })
    expect((await screen.findByRole('alert')).textContent).toContain('denetlendikten sonra değiştirildi')
    expect(screen.queryByText('Klasör izleniyor.')).toBeNull()
  })

  it('offers no folder to create while one is watched', async () => {
    setup({ ...SERVING, dropFolder: { folder: '/srv/pos', status: 'watching' } })
    expect(await screen.findByText('Klasör izleniyor.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'POS klasörünü oluştur' })).toBeNull()
  })

  it('shows why the POS folder could not be created', async () => {
    const createPosFolder = vi.fn(() =>
      Promise.resolve({
        ok: false as const,
        error: { code: 'internal' as const, retryable: false },
      }),
    )
    setup(SERVING, { createPosFolder })
    fireEvent.click(await screen.findByRole('button', { name: 'POS klasörünü oluştur' }))
    await waitFor(() => expect(createPosFolder).toHaveBeenCalledTimes(1))
    expect(await screen.findByRole('alert')).toBeTruthy()
  })
})
