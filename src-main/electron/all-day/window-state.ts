import { z } from 'zod'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** A display as `screen.getAllDisplays()` gives it: where windows may go is its `workArea` (no taskbar). */
export interface DisplayArea {
  id: number
  workArea: Rect
}

const RectSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })

/** What is kept between runs (in the injected store): the normal bounds, maximised, and which display. */
export const WindowState = z.object({
  bounds: RectSchema,
  maximized: z.boolean(),
  displayId: z.number().optional(),
})
export type WindowState = z.infer<typeof WindowState>

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const
/** The main window's minimum size (main-window.ts), unless the display is smaller still. */
export const MIN_WINDOW_SIZE = { width: 800, height: 600 } as const

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return width > 0 && height > 0 ? width * height : 0
}

/** The display the window belongs on: most of it, else the one it was on, else the primary. */
function homeDisplay(
  state: WindowState,
  displays: readonly DisplayArea[],
  primary: DisplayArea,
): DisplayArea {
  let best: DisplayArea | undefined
  let bestOverlap = 0
  for (const display of displays) {
    const area = overlap(state.bounds, display.workArea)
    if (area > bestOverlap) [best, bestOverlap] = [display, area]
  }
  return best ?? displays.find((display) => display.id === state.displayId) ?? primary
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high))
}

/** The saved bounds moved and shrunk, as little as needed, to lie wholly inside the work area. */
export function fitInto(bounds: Rect, workArea: Rect): Rect {
  const width = clamp(
    Math.round(bounds.width),
    Math.min(MIN_WINDOW_SIZE.width, workArea.width),
    workArea.width,
  )
  const height = clamp(
    Math.round(bounds.height),
    Math.min(MIN_WINDOW_SIZE.height, workArea.height),
    workArea.height,
  )
  return {
    width,
    height,
    x: clamp(Math.round(bounds.x), workArea.x, workArea.x + workArea.width - width),
    y: clamp(Math.round(bounds.y), workArea.y, workArea.y + workArea.height - height),
  }
}

/** The default window, centred on the primary display. */
function centred(workArea: Rect): Rect {
  return fitInto(
    {
      ...DEFAULT_WINDOW_SIZE,
      x: workArea.x + (workArea.width - DEFAULT_WINDOW_SIZE.width) / 2,
      y: workArea.y + (workArea.height - DEFAULT_WINDOW_SIZE.height) / 2,
    },
    workArea,
  )
}

/**
 * Where to open the window: the kept size and place, on a display that still exists (a laptop taken off its
 * dock, a second screen unplugged, a lower resolution), never off-screen. Anything unreadable in the store
 * gives the default window on the primary display.
 */
export function restoreWindowState(
  saved: unknown,
  displays: readonly DisplayArea[],
  primary: DisplayArea,
): { bounds: Rect; maximized: boolean } {
  const parsed = WindowState.safeParse(saved)
  if (!parsed.success || !Object.values(parsed.data.bounds).every(Number.isFinite)) {
    return { bounds: centred(primary.workArea), maximized: false }
  }
  const display = homeDisplay(parsed.data, displays, primary)
  return { bounds: fitInto(parsed.data.bounds, display.workArea), maximized: parsed.data.maximized }
}

export interface StatefulWindow {
  getNormalBounds(): Rect
  isMaximized(): boolean
  on(event: 'resized' | 'moved' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown
}

export interface WindowStateStore {
  read(): unknown
  write(state: WindowState): void
}

/** What to keep: the normal (not maximised) bounds, so un-maximising after a restart gives the right size. */
export function captureWindowState(
  window: Pick<StatefulWindow, 'getNormalBounds' | 'isMaximized'>,
  displayMatching: (rect: Rect) => { id: number },
): WindowState {
  const bounds = window.getNormalBounds()
  return { bounds, maximized: window.isMaximized(), displayId: displayMatching(bounds).id }
}

/** Saves the window's state whenever staff finish moving, resizing or maximising it, and on close. */
export function keepWindowState(
  window: StatefulWindow,
  store: WindowStateStore,
  displayMatching: (rect: Rect) => { id: number },
): void {
  const save = () => store.write(captureWindowState(window, displayMatching))
  for (const event of ['resized', 'moved', 'maximize', 'unmaximize', 'close'] as const) window.on(event, save)
}
