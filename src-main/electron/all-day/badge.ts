import { app, nativeImage, type BrowserWindow, type NativeImage } from 'electron'
import type { Language } from '../../../src-shared/domain.ts'
import { texts } from '../../../src-shared/texts/index.ts'

/** Where and how the number of orders needing attention is shown, for one platform. */
export interface BadgePlan {
  /** The window title, on every platform: the only place that works everywhere. */
  title: string
  /** Windows taskbar overlay: a red dot with this description (read by screen readers), or cleared. */
  overlay: { description: string } | 'clear' | null
  /** macOS dock badge text ('' clears it). */
  dockBadge: string | null
  /** Linux: the launcher count (Unity's LauncherEntry API, where the desktop offers it; 0 clears it). */
  badgeCount: number | null
}

/** Pure: what each shell surface should show for `count` orders needing attention. */
export function planBadge(count: number, platform: NodeJS.Platform, language: Language): BadgePlan {
  const t = texts[language].shell
  const shown = Math.max(0, Math.floor(count))
  return {
    title: shown > 0 ? `(${shown}) ${t.appName}` : t.appName,
    overlay: platform === 'win32' ? (shown > 0 ? { description: t.attentionTitle(shown) } : 'clear') : null,
    dockBadge: platform === 'darwin' ? (shown > 0 ? String(shown) : '') : null,
    badgeCount: platform === 'linux' ? shown : null,
  }
}

/** Side of the overlay icon in pixels (Windows draws taskbar overlays at 16×16). */
const DOT_SIZE = 16

/**
 * A red disc, as raw BGRA pixels for `nativeImage.createFromBitmap`: the overlay needs an image, and drawing
 * one here needs no image file and no canvas in the main process. The number itself is in the title.
 */
export function redDotBitmap(size = DOT_SIZE): Buffer {
  const pixels = Buffer.alloc(size * size * 4)
  const centre = (size - 1) / 2
  const radius = size / 2
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (Math.hypot(x - centre, y - centre) > radius - 0.5) continue
      const offset = (y * size + x) * 4
      pixels.writeUInt8(0x26, offset) // blue
      pixels.writeUInt8(0x26, offset + 1) // green
      pixels.writeUInt8(0xd3, offset + 2) // red
      pixels.writeUInt8(0xff, offset + 3) // alpha
    }
  }
  return pixels
}

/**
 * Keeps the window title for the shell (the page's `<title>` would overwrite it) and returns a function that
 * shows a count: call it whenever the number of orders needing attention changes.
 */
export function createBadge(
  window: BrowserWindow,
  platform: NodeJS.Platform,
): (count: number, language: Language) => void {
  window.on('page-title-updated', (event) => event.preventDefault())
  let dot: NativeImage | undefined
  return (count, language) => {
    const plan = planBadge(count, platform, language)
    window.setTitle(plan.title)
    if (plan.overlay === 'clear') window.setOverlayIcon(null, '')
    else if (plan.overlay) {
      dot ??= nativeImage.createFromBitmap(redDotBitmap(), { width: DOT_SIZE, height: DOT_SIZE })
      window.setOverlayIcon(dot, plan.overlay.description)
    }
    if (plan.dockBadge !== null) app.dock?.setBadge(plan.dockBadge)
    // False where the Linux desktop has no launcher count: the title still says it.
    if (plan.badgeCount !== null) app.setBadgeCount(plan.badgeCount)
  }
}
