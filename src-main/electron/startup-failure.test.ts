import { describe, expect, it, vi } from 'vitest'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'
import { startOrFail, type StartupFailureDeps } from './startup-failure.ts'

function setup() {
  const calls: string[] = []
  const deps = {
    app: {
      releaseSingleInstanceLock: vi.fn(() => calls.push('release')),
      exit: vi.fn((code?: number) => calls.push(`exit ${String(code)}`)),
    },
    dialog: { showErrorBox: vi.fn<(title: string, body: string) => void>(() => calls.push('dialog')) },
    log: recordingLogger(),
    logFolder: '/home/staff/.config/POS Companion/logs',
  }
  return { deps: deps as unknown as StartupFailureDeps & typeof deps, calls }
}

describe('a failed start-up (D36)', () => {
  it('says what failed and where the log is, in Turkish then English, logs it, releases the lock and exits', async () => {
    const { deps, calls } = setup()
    const corrupt = Object.assign(new SyntaxError('Unexpected token } in JSON at position 12'), {})
    const started = await startOrFail(async (enter) => {
      enter('secret-storage')
      await Promise.resolve()
      enter('core')
      throw corrupt
    }, deps)

    expect(started).toBe(false)
    expect(calls).toEqual(['dialog', 'release', 'exit 1'])
    const [title, body] = deps.dialog.showErrorBox.mock.calls[0] ?? []
    expect(title).toBe('POS Companion başlatılamadı / could not start')
    expect(body).toContain('POS Companion başlatılamadı: ayarlar veya teslim kaydı okunamadı (SyntaxError).')
    expect(body).toContain(
      'POS Companion could not start: the settings or the hand-over journal could not be read (SyntaxError).',
    )
    expect(body?.indexOf('başlatılamadı')).toBeLessThan(body?.indexOf('could not start') ?? 0)
    expect(body?.match(/\/home\/staff\/\.config\/POS Companion\/logs/g)).toHaveLength(2)
    expect(body).not.toContain('Unexpected token') // the message and stack stay in the log
    expect(deps.log.lines.join('\n')).toMatch(/startup: failed.*"stage":"core".*Unexpected token/)
  })

  it('names a file-system cause by its code', async () => {
    const { deps } = setup()
    const denied = Object.assign(new Error('EACCES: permission denied, open journal'), { code: 'EACCES' })
    await startOrFail(() => Promise.reject(denied), deps)
    expect(deps.dialog.showErrorBox.mock.calls[0]?.[1]).toContain('veri klasörü açılamadı (EACCES)')
  })

  it('says so when another POS Companion holds the data folder', async () => {
    const { deps } = setup()
    const inUse = Object.assign(new Error('the data folder is in use'), { code: 'DATA_FOLDER_IN_USE' })
    await startOrFail(() => Promise.reject(inUse), deps)
    const body = deps.dialog.showErrorBox.mock.calls[0]?.[1]
    expect(body).toContain(
      'veri klasörü başka bir POS Companion (web modu veya masaüstü uygulaması) tarafından kullanılıyor',
    )
    expect(body).toContain('the data folder is in use by another POS Companion (web mode or the desktop app)')
  })

  it('still releases the lock and exits when the dialog itself fails', async () => {
    const { deps, calls } = setup()
    deps.dialog.showErrorBox.mockImplementation(() => {
      throw new Error('no display')
    })
    await expect(startOrFail(() => Promise.reject(new Error('x')), deps)).rejects.toThrow('no display')
    expect(calls).toEqual(['release', 'exit 1'])
  })

  it('does nothing of the sort when start-up succeeds', async () => {
    const { deps, calls } = setup()
    await expect(
      startOrFail((enter) => {
        enter('window')
        return Promise.resolve()
      }, deps),
    ).resolves.toBe(true)
    expect(calls).toEqual([])
  })
})
