import { cardIdOf } from './OrderItem.tsx'
import { mainButtonIdOf } from './OrderActionButtons.tsx'

/**
 * Moves focus to a found order's main button (so Enter hands it over), or to its card when it has none; the
 * windowed list may need a frame or two to render it after scrolling. Returns the function that gives up.
 */
export function focusRevealed(paymentKey: string, framesLeft = 10): () => void {
  let frame = 0
  const attempt = (left: number) => {
    const target =
      document.getElementById(mainButtonIdOf(paymentKey)) ?? document.getElementById(cardIdOf(paymentKey))
    if (target instanceof HTMLElement && !(target instanceof HTMLButtonElement && target.disabled)) {
      target.scrollIntoView({ block: 'nearest' })
      target.focus()
      return
    }
    if (target instanceof HTMLButtonElement) {
      document.getElementById(cardIdOf(paymentKey))?.focus()
      return
    }
    if (left > 0) frame = requestAnimationFrame(() => attempt(left - 1))
  }
  attempt(framesLeft)
  return () => cancelAnimationFrame(frame)
}
