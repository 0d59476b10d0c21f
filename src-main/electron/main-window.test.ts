// The window owner against a stand-in Electron (test-support/electron/fake-electron.ts): its security switches,
// where it opens, keeping its place, closing to the tray, the question before quitting, a second launch.
import type { MessageBoxReturnValue, WebFrameMain } from 'electron'
import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryStore } from '../../test-support/core/memory-adapters.ts'
import * as electron from '../../test-support/electron/fake-electron.ts'
import type { WindowState } from './main-window.ts'

vi.mock('electron', () => import('../../test-support/electron/fake-electron.ts'))
const {
  appPageFor,
  decideWindowClose,
  DEFAULT_WINDOW_SIZE,
  fitInto,
  MainWindow,
  QUIT_ANYWAY_BUTTON,
  quitQuestion,
  restoreWindowState,
  WINDOW_STATE_KEY,
} = await import('./main-window.ts')

const EVIL = 'https://evil.example/'
const packaged = appPageFor(true, {})
const argv = process.argv

function setUp(
  options: { page?: ReturnType<typeof appPageFor>; isDevelopment?: boolean; owed?: number } = {},
) {
  const store = new MemoryStore()
  const counts = { owed: options.owed ?? 0 }
  const onSecondLaunch = vi.fn()
  const owner = new MainWindow({
    page: options.page ?? packaged,
    isDevelopment: options.isDevelopment ?? false,
    store,
    owedCount: () => counts.owed,
    language: () => 'tr',
    onSecondLaunch,
  })
  return { owner, store, counts, onSecondLaunch }
}
const lastWindow = () => {
  const window = electron.windows.at(-1)
  if (!window) throw new Error('no window')
  return window
}
const preferencesOf = (index = 0) =>
  electron.windows[index]?.options['webPreferences'] as Record<string, unknown>
const event = () => ({ preventDefault: vi.fn() })

beforeEach(() => {
  electron.resetFakeElectron()
})
afterEach(() => {
  process.argv = argv
})

describe('the main window', () => {
  it('is sandboxed and isolated, with no Node in the renderer and devtools only in development', () => {
    setUp().owner.open()
    expect(preferencesOf()).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      devTools: false,
    })
    expect(String(preferencesOf()['preload'])).toMatch(/preload[/\\]preload\.cjs$/)
    setUp({ isDevelopment: true }).owner.open()
    expect(preferencesOf(1)['devTools']).toBe(true)
  })

  it("never sets webSecurity, allowRunningInsecureContent or experimentalFeatures (Electron's safe defaults)", () => {
    setUp({ isDevelopment: true }).owner.open()
    const dev = appPageFor(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173/' })
    setUp({ page: dev, isDevelopment: true }).owner.open()
    for (const index of [0, 1]) {
      const keys = Object.keys(preferencesOf(index))
      expect(keys).not.toContain('webSecurity')
      expect(keys).not.toContain('allowRunningInsecureContent')
      expect(keys).not.toContain('experimentalFeatures')
    }
  })

  it('loads the built page from app://, never from file://', () => {
    setUp().owner.open()
    expect(lastWindow().loaded).toBe('app://renderer/index.html')
    expect('loadFile' in lastWindow()).toBe(false)
  })

  it('refuses navigation away from the app', () => {
    setUp().owner.open()
    const navigate = (url: string) => {
      const e = event()
      lastWindow().webContents.emit('will-navigate', e, url)
      return e.preventDefault
    }
    expect(navigate(EVIL)).toHaveBeenCalled()
    expect(navigate('file:///app/out/renderer/index.html')).toHaveBeenCalled()
    expect(navigate('app://renderer/index.html#/orders')).not.toHaveBeenCalled()
  })

  it('denies window.open, hands nothing to the OS browser, and refuses a webview anywhere', () => {
    setUp().owner.open()
    expect(lastWindow().webContents.openHandler?.({ url: EVIL })).toEqual({ action: 'deny' })
    const contents = new EventEmitter()
    electron.app.emit('web-contents-created', {}, contents)
    const attach = event()
    contents.emit('will-attach-webview', attach)
    expect(attach.preventDefault).toHaveBeenCalled()
  })

  it('trusts only the app top frame as an IPC sender', () => {
    const frame = (url: string, parent: unknown = null) => ({ url, parent }) as unknown as WebFrameMain
    const top = frame('app://renderer/index.html')
    expect(packaged.isAppTopFrame(top)).toBe(true)
    expect(packaged.isAppTopFrame(frame('app://renderer/index.html#/orders'))).toBe(true)
    expect(packaged.isAppTopFrame(frame('app://renderer/index.html', top))).toBe(false)
    expect(packaged.isAppTopFrame(frame(EVIL))).toBe(false)
    expect(packaged.isAppTopFrame(frame('app://evil/index.html'))).toBe(false)
    expect(packaged.isAppTopFrame(frame('file:///etc/passwd'))).toBe(false)
    expect(packaged.isAppTopFrame(null)).toBe(false)
  })
})

describe('ELECTRON_RENDERER_URL (D32)', () => {
  it('is ignored by the packaged app: the window loads the built page and trusts only it', () => {
    const warn = vi.fn()
    const page = appPageFor(true, { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' }, warn)
    setUp({ page }).owner.open()
    expect(lastWindow().loaded).toBe('app://renderer/index.html')
    expect(page.fromDevServer).toBe(false)
    expect(page.isAppUrl('http://127.0.0.1:5173/')).toBe(false)
    expect(warn).toHaveBeenCalledOnce()
  })

  it('points the development window at a loopback dev server', () => {
    const page = appPageFor(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173/' })
    setUp({ page, isDevelopment: true }).owner.open()
    expect(lastWindow().loaded).toBe('http://localhost:5173/')
    expect(page.isAppUrl('http://localhost:5173/#/orders')).toBe(true)
    expect(page.isAppUrl('http://localhost:5174/')).toBe(false)
    expect(page.isAppUrl('app://renderer/index.html')).toBe(false)
  })

  it.each([
    'https://evil.example/',
    'http://evil.example:5173/',
    'http://192.168.1.20:5173/',
    'file:///tmp/page.html',
    'https://localhost:5173/',
    'not a url',
  ])('is ignored in development when it is %s, not a loopback http:// server', (url) => {
    const page = appPageFor(false, { ELECTRON_RENDERER_URL: url })
    expect(page.url).toBe('app://renderer/index.html')
    expect(page.isAppUrl(url)).toBe(false)
  })
})

// A laptop (primary) with a 1920×1080 monitor to its right; taskbars make the work areas smaller.
const laptop = { id: 1, workArea: { x: 0, y: 0, width: 1440, height: 860 } }
const monitor = { id: 2, workArea: { x: 1440, y: 0, width: 1920, height: 1040 } }
const onMonitor: WindowState = {
  bounds: { x: 1600, y: 100, width: 1200, height: 900 },
  maximized: false,
  displayId: 2,
}

describe('where the window opens', () => {
  it('opens where it was kept, on a display that exists, and keeps where staff move it', () => {
    const { owner, store } = setUp()
    store.set(WINDOW_STATE_KEY, {
      bounds: { x: 100, y: 50, width: 1100, height: 760 },
      maximized: true,
      displayId: 1,
    })
    owner.open()
    expect(lastWindow().options).toMatchObject({ x: 100, y: 50, width: 1100, height: 760, show: false })
    lastWindow().emit('ready-to-show')
    expect([lastWindow().maximized, lastWindow().visible]).toEqual([true, true])
    lastWindow().maximized = false
    lastWindow().emit('moved')
    expect(store.get(WINDOW_STATE_KEY)).toEqual({
      bounds: { x: 10, y: 20, width: 1000, height: 700 },
      maximized: false,
      displayId: 1,
    })
  })

  it('keeps the normal bounds, maximised and the display at each change and on close', () => {
    const { owner, store } = setUp()
    electron.screen.displays = [laptop, monitor]
    electron.screen.getDisplayMatching.mockReturnValue(monitor)
    owner.open()
    for (const name of ['resized', 'maximize', 'unmaximize', 'close']) {
      store.delete(WINDOW_STATE_KEY)
      lastWindow().maximized = name === 'maximize'
      lastWindow().emit(name, event())
      expect(store.get(WINDOW_STATE_KEY)).toEqual({
        bounds: { x: 10, y: 20, width: 1000, height: 700 },
        maximized: name === 'maximize',
        displayId: 2,
      })
    }
  })

  it('stays hidden in the tray when started with the computer, and a second launch shows it', () => {
    process.argv = ['pos-companion', '--hidden']
    const { owner, onSecondLaunch } = setUp()
    owner.open()
    lastWindow().emit('ready-to-show')
    expect(lastWindow().visible).toBe(false)
    lastWindow().minimized = true
    electron.app.emit('second-instance', {}, ['pos-companion', '--add-order=x'], '/', { intakeReply: 'r' })
    expect([lastWindow().visible, lastWindow().minimized]).toEqual([true, false])
    expect(onSecondLaunch).toHaveBeenCalledWith(['pos-companion', '--add-order=x'], { intakeReply: 'r' })
  })

  it('takes a second launch before the window is open without failing, and hands it over', () => {
    const { onSecondLaunch } = setUp()
    electron.app.emit('second-instance', {}, ['pos-companion'], '/', {})
    expect(onSecondLaunch).toHaveBeenCalledTimes(1)
  })
})

describe('restoreWindowState', () => {
  it('puts the window back where it was when that display is still there', () => {
    expect(restoreWindowState(onMonitor, [laptop, monitor], laptop)).toEqual({
      bounds: onMonitor.bounds,
      maximized: false,
    })
  })

  it('keeps maximised', () => {
    expect(restoreWindowState({ ...onMonitor, maximized: true }, [laptop, monitor], laptop).maximized).toBe(
      true,
    )
  })

  it('moves the window onto the primary display when its display is gone, shrunk to fit', () => {
    expect(restoreWindowState(onMonitor, [laptop], laptop)).toEqual({
      bounds: { x: 240, y: 0, width: 1200, height: 860 },
      maximized: false,
    })
  })

  it('pulls a window hanging off the edge back inside the work area of the display it mostly covers', () => {
    const hanging: WindowState = { bounds: { x: 3000, y: 900, width: 1000, height: 700 }, maximized: false }
    expect(restoreWindowState(hanging, [laptop, monitor], laptop).bounds).toEqual({
      x: 2360,
      y: 340,
      width: 1000,
      height: 700,
    })
  })

  it('uses the display it was on when the bounds touch none (e.g. a resolution change), else the primary', () => {
    const lost: WindowState = {
      bounds: { x: 9000, y: 9000, width: 900, height: 700 },
      maximized: false,
      displayId: 2,
    }
    expect(restoreWindowState(lost, [laptop, monitor], laptop).bounds).toEqual({
      x: 2460,
      y: 340,
      width: 900,
      height: 700,
    })
    expect(restoreWindowState({ ...lost, displayId: 7 }, [laptop, monitor], laptop).bounds).toEqual({
      x: 540,
      y: 160,
      width: 900,
      height: 700,
    })
  })

  it.each([
    undefined,
    null,
    'garbage',
    { bounds: { x: 'a' } },
    { bounds: { x: NaN, y: 0, width: 1, height: 1 } },
  ])('opens the default window centred on the primary display for %j', (saved) => {
    const big = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }
    expect(restoreWindowState(saved, [big], big)).toEqual({
      bounds: { x: 320, y: 120, ...DEFAULT_WINDOW_SIZE },
      maximized: false,
    })
  })
})

describe('fitInto', () => {
  it('never makes the window smaller than its minimum unless the display is smaller still', () => {
    const area = { x: 0, y: 0, width: 1440, height: 860 }
    expect(fitInto({ x: 10, y: 10, width: 200, height: 100 }, area)).toEqual({
      x: 10,
      y: 10,
      width: 800,
      height: 600,
    })
    const tiny = { x: 0, y: 0, width: 640, height: 480 }
    expect(fitInto({ x: 10, y: 10, width: 1280, height: 800 }, tiny)).toEqual({
      x: 0,
      y: 0,
      width: 640,
      height: 480,
    })
  })
})

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
})

/** Lets the dialog's answer run through its promise chain. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('closing and quitting', () => {
  function shell(owed: number) {
    const world = setUp({ owed })
    world.owner.open()
    let answer: (value: MessageBoxReturnValue) => void = () => undefined
    electron.dialog.showMessageBox.mockImplementation(
      (options: { buttons?: string[] }) =>
        new Promise<MessageBoxReturnValue>((resolve) => {
          expect(options.buttons).toHaveLength(2)
          answer = resolve
        }),
    )
    return {
      ...world,
      closeWindow: (e = event()) => (lastWindow().emit('close', e), e),
      quit: (e = event()) => (electron.app.emit('before-quit', e), e),
      answer: (response: number) => answer({ response, checkboxChecked: false }),
    }
  }

  it('hides the window instead of closing it while hand-overs are owed, and says so once', () => {
    const { closeWindow } = shell(2)
    lastWindow().visible = true
    expect(closeWindow().preventDefault).toHaveBeenCalled()
    expect(lastWindow().visible).toBe(false)
    lastWindow().visible = true
    expect(closeWindow().preventDefault).toHaveBeenCalled()
    expect(lastWindow().visible).toBe(false)
    expect(electron.notifications.map((note) => note.title)).toEqual(['POS Companion çalışmaya devam ediyor'])
  })

  it('lets the window close when nothing is owed', () => {
    const { closeWindow } = shell(0)
    lastWindow().visible = true
    expect(closeWindow().preventDefault).not.toHaveBeenCalled()
    expect(lastWindow().visible).toBe(true)
  })

  it('asks before quitting with hand-overs owed, and stays when the staff say so', async () => {
    const { quit, answer, closeWindow } = shell(3)
    expect(quit().preventDefault).toHaveBeenCalled()
    expect(quit().preventDefault).toHaveBeenCalled() // a second Çık while asking: still one question
    expect(electron.dialog.showMessageBox).toHaveBeenCalledTimes(1)
    expect(electron.dialog.showMessageBox.mock.lastCall?.[0]).toMatchObject({
      message: '3 teslim henüz platforma ulaşmadı.',
    })
    answer(0)
    await settle()
    expect(electron.app.quit).not.toHaveBeenCalled()
    // The next Çık asks again, and the window still only hides: no quit is under way.
    expect(quit().preventDefault).toHaveBeenCalled()
    expect(electron.dialog.showMessageBox).toHaveBeenCalledTimes(2)
    expect(closeWindow().preventDefault).toHaveBeenCalled()
  })

  it('quits on "Yine de çık": the quit goes through and the window then closes for real', async () => {
    const { quit, answer, closeWindow } = shell(3)
    quit()
    answer(QUIT_ANYWAY_BUTTON)
    await settle()
    expect(electron.app.quit).toHaveBeenCalledTimes(1)
    expect(quit().preventDefault).not.toHaveBeenCalled()
    expect(closeWindow().preventDefault).not.toHaveBeenCalled()
  })

  it('quits without asking when nothing is owed, and at OS shutdown whatever is owed', () => {
    const idle = shell(0)
    expect(idle.quit().preventDefault).not.toHaveBeenCalled()
    expect(electron.dialog.showMessageBox).not.toHaveBeenCalled()

    electron.resetFakeElectron()
    const busy = shell(4)
    electron.powerMonitor.emit('shutdown')
    expect(busy.quit().preventDefault).not.toHaveBeenCalled()
    expect(busy.closeWindow().preventDefault).not.toHaveBeenCalled()
  })

  it('quits the app when its window has closed', () => {
    shell(0)
    electron.app.emit('window-all-closed')
    expect(electron.app.quit).toHaveBeenCalledTimes(1)
  })
})
