import type { Page } from '@playwright/test'
import { charOf, keysOfText, type LayoutId } from '../../src-renderer/src/screens/board/scan-layouts.ts'

/**
 * A keyboard-wedge scanner set to US on a computer set to another keyboard language (issue 30), as the page gets
 * it: for each character the scanner means, the physical key US puts it on (KeyboardEvent.code, with Shift), and
 * the character the computer's layout makes of that key (KeyboardEvent.key and the text typed), a few ms apart;
 * then Enter. Sent through the DevTools protocol: Playwright's own keyboard always types US keys.
 */
export async function scanThroughLayout(page: Page, meant: string, computer: LayoutId): Promise<void> {
  const keys = keysOfText(meant, 'us')
  if (!keys) throw new Error(`a US scanner has no key for something in ${meant}`)
  const cdp = await page.context().newCDPSession(page)
  // Every event sent before any answer is awaited: the session keeps their order, and the keys come at a
  // scanner's pace even on a busy machine (awaiting each would space them by a round trip).
  const sent: Promise<unknown>[] = []
  const send = (event: Record<string, unknown>) =>
    sent.push(cdp.send('Input.dispatchKeyEvent', event as never))
  try {
    for (const key of keys) {
      const typed = charOf(key, computer)
      if (typed === undefined) throw new Error(`no ${key.code} on ${computer}`)
      const common = { key: typed, code: key.code, modifiers: key.shift ? 8 : 0 }
      send({ type: 'keyDown', ...common, text: typed, unmodifiedText: typed })
      send({ type: 'keyUp', ...common })
    }
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 }
    send({ type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r' })
    send({ type: 'keyUp', ...enter })
    await Promise.all(sent)
  } finally {
    await cdp.detach()
  }
}
