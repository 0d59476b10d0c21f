import type { BrowserWindow, Screen } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import {
  captureWindowState,
  DEFAULT_WINDOW_SIZE,
  fitInto,
  keepWindowState,
  restoreWindowState,
  type DisplayArea,
  type StatefulWindow,
  type WindowState,
} from './window-state.ts'

export type RealWindowFits = BrowserWindow extends StatefulWindow ? true : never
export type RealScreenFits = Screen['getDisplayMatching'] extends (rect: {
  x: number
  y: number
  width: number
  height: number
}) => { id: number }
  ? true
  : never
const realElectronFits: [RealWindowFits, RealScreenFits] = [true, true]

// A laptop (primary) with a 1920×1080 monitor to its right; taskbars make the work areas smaller.
const laptop: DisplayArea = { id: 1, workArea: { x: 0, y: 0, width: 1440, height: 860 } }
const monitor: DisplayArea = { id: 2, workArea: { x: 1440, y: 0, width: 1920, height: 1040 } }

const onMonitor: WindowState = {
  bounds: { x: 1600, y: 100, width: 1200, height: 900 },
  maximized: false,
  displayId: 2,
}

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
    const big: DisplayArea = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }
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

describe('keeping the state', () => {
  it('captures the normal bounds, maximised and the display, and saves them at each change and on close', () => {
    expect(realElectronFits).toEqual([true, true])
    const listeners = new Map<string, () => void>()
    const window = {
      getNormalBounds: () => ({ x: 5, y: 6, width: 900, height: 700 }),
      isMaximized: vi.fn(() => true),
      on: (event: string, listener: () => void) => listeners.set(event, listener),
    }
    const written: WindowState[] = []
    keepWindowState(window, { read: () => undefined, write: (state) => written.push(state) }, () => ({
      id: 2,
    }))
    expect([...listeners.keys()].sort()).toEqual(['close', 'maximize', 'moved', 'resized', 'unmaximize'])
    listeners.get('close')?.()
    expect(written).toEqual([
      { bounds: { x: 5, y: 6, width: 900, height: 700 }, maximized: true, displayId: 2 },
    ])
    expect(captureWindowState({ ...window, isMaximized: () => false }, () => ({ id: 1 })).maximized).toBe(
      false,
    )
  })
})
