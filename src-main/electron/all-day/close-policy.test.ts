import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import {
  decideWindowClose,
  installClosePolicy,
  QUIT_ANYWAY_BUTTON,
  quitConfirmed,
  quitQuestion,
  type ClosePolicyElectron,
} from './close-policy.ts'

export type RealElectronFits = typeof import('electron') extends ClosePolicyElectron ? true : never
const realElectronFits: RealElectronFits = true

describe('decideWindowClose', () => {
  it('hides to the tray while hand-overs are owed, saying so the first time only', () => {
    const first = decideWindowClose({ owed: 2, quitting: false, hiddenNoticeShown: false }, 'tr')
    expect(first).toEqual({
      action: 'hide',
      notice: {
        title: 'POS Companion çalışmaya devam ediyor',
        body: '2 teslim henüz platforma ulaşmadı. Uygulama simgesinden açabilirsiniz; gönderim sürüyor.',
      },
    })
    expect(decideWindowClose({ owed: 2, quitting: false, hiddenNoticeShown: true }, 'tr')).toEqual({
      action: 'hide',
      notice: null,
    })
  })

  it('closes when nothing is owed, or when a quit is under way', () => {
    expect(decideWindowClose({ owed: 0, quitting: false, hiddenNoticeShown: false }, 'tr')).toEqual({
      action: 'close',
    })
    expect(decideWindowClose({ owed: 5, quitting: true, hiddenNoticeShown: false }, 'tr')).toEqual({
      action: 'close',
    })
  })
})

describe('quitQuestion', () => {
  it('asks with the number owed, keeping the app open by default and on Escape', () => {
    const question = quitQuestion(3, 'tr')
    expect(question).toMatchObject({
      message: '3 teslim henüz platforma ulaşmadı.',
      buttons: ['Açık kalsın', 'Yine de çık'],
      defaultId: 0,
      cancelId: 0,
    })
    expect(question?.buttons?.[QUIT_ANYWAY_BUTTON]).toBe('Yine de çık')
    expect(quitQuestion(1, 'en')).toMatchObject({
      message: '1 hand-over has not reached the platform yet.',
      buttons: ['Keep it open', 'Quit anyway'],
    })
  })

  it('asks nothing when nothing is owed', () => {
    expect(quitQuestion(0, 'tr')).toBeNull()
  })

  it('quits only on "Yine de çık"', () => {
    expect(quitConfirmed({ response: QUIT_ANYWAY_BUTTON })).toBe(true)
    expect(quitConfirmed({ response: 0 })).toBe(false)
  })
})

/** Lets the dialog's answer run through its promise chain. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('installClosePolicy', () => {
  function setUp(owed: number) {
    const appListeners = new Map<string, (event: { preventDefault(): void }) => void>()
    const powerListeners = new Map<string, () => void>()
    const windowListeners = new Map<string, (event: { preventDefault(): void }) => void>()
    let answer: (value: MessageBoxReturnValue) => void = () => undefined
    const electron = {
      app: {
        on: vi.fn((event: string, listener: (event: { preventDefault(): void }) => void) =>
          appListeners.set(event, listener),
        ),
        quit: vi.fn(),
      },
      dialog: {
        showMessageBox: vi.fn(
          (options: MessageBoxOptions) =>
            new Promise<MessageBoxReturnValue>((resolve) => {
              expect(options.buttons).toHaveLength(2)
              answer = resolve
            }),
        ),
      },
      powerMonitor: {
        on: vi.fn((event: string, listener: () => void) => powerListeners.set(event, listener)),
      },
    }
    const window = {
      on: vi.fn((event: string, listener: (event: { preventDefault(): void }) => void) =>
        windowListeners.set(event, listener),
      ),
      hide: vi.fn(),
    }
    const counts = { owed }
    const notify = vi.fn()
    const policy = installClosePolicy(electron, window, {
      owedCount: () => counts.owed,
      language: () => 'tr',
      notify,
    })
    const event = () => ({ preventDefault: vi.fn() })
    return {
      electron,
      window,
      notify,
      counts,
      policy,
      event,
      closeWindow: (e = event()) => (windowListeners.get('close')?.(e), e),
      quit: (e = event()) => (appListeners.get('before-quit')?.(e), e),
      shutdown: () => powerListeners.get('shutdown')?.(),
      answer: (response: number) => answer({ response, checkboxChecked: false }),
    }
  }

  it('hides the window instead of closing it while hand-overs are owed, and says so once', () => {
    expect(realElectronFits).toBe(true)
    const shell = setUp(2)
    expect(shell.closeWindow().preventDefault).toHaveBeenCalled()
    expect(shell.closeWindow().preventDefault).toHaveBeenCalled()
    expect(shell.window.hide).toHaveBeenCalledTimes(2)
    expect(shell.notify).toHaveBeenCalledTimes(1)
  })

  it('lets the window close when nothing is owed', () => {
    const shell = setUp(0)
    expect(shell.closeWindow().preventDefault).not.toHaveBeenCalled()
    expect(shell.window.hide).not.toHaveBeenCalled()
  })

  it('asks before quitting with hand-overs owed, and stays when the staff say so', async () => {
    const shell = setUp(3)
    expect(shell.quit().preventDefault).toHaveBeenCalled()
    expect(shell.quit().preventDefault).toHaveBeenCalled() // a second Çık while asking: still one question
    expect(shell.electron.dialog.showMessageBox).toHaveBeenCalledTimes(1)
    expect(shell.electron.dialog.showMessageBox.mock.lastCall?.[0]).toMatchObject({
      message: '3 teslim henüz platforma ulaşmadı.',
    })
    shell.answer(0)
    await settle()
    expect(shell.electron.app.quit).not.toHaveBeenCalled()
    // The next Çık asks again.
    expect(shell.quit().preventDefault).toHaveBeenCalled()
    expect(shell.electron.dialog.showMessageBox).toHaveBeenCalledTimes(2)
    expect(shell.policy.isQuitting()).toBe(false)
  })

  it('quits on "Yine de çık": the quit goes through and the window then closes for real', async () => {
    const shell = setUp(3)
    shell.quit()
    shell.answer(QUIT_ANYWAY_BUTTON)
    await settle()
    expect(shell.electron.app.quit).toHaveBeenCalledTimes(1)
    expect(shell.quit().preventDefault).not.toHaveBeenCalled()
    expect(shell.closeWindow().preventDefault).not.toHaveBeenCalled()
  })

  it('quits without asking when nothing is owed, and at OS shutdown whatever is owed', () => {
    const idle = setUp(0)
    expect(idle.quit().preventDefault).not.toHaveBeenCalled()
    expect(idle.electron.dialog.showMessageBox).not.toHaveBeenCalled()

    const busy = setUp(4)
    busy.shutdown()
    expect(busy.quit().preventDefault).not.toHaveBeenCalled()
    expect(busy.closeWindow().preventDefault).not.toHaveBeenCalled()
  })
})
