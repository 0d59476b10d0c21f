// Scripts that run inside the page before the app does (Playwright init scripts), so that what is timed is
// timed in the page itself, with no Playwright round trip inside the measurement.

/** What `headingProbe` records: for each h1/h2 text, the epoch time (ms) it first had a box on the page. */
type HeadingTimes = Record<string, number>

/**
 * Records when each h1/h2 first appears with a non-empty box (layout forced), as epoch milliseconds.
 * Like every function here that runs in the page, it stands alone: it is sent there as its source text.
 */
export function headingProbe(): void {
  const seen: HeadingTimes = {}
  Object.assign(window, { __benchHeadings: seen })
  const check = () => {
    for (const heading of document.querySelectorAll('h1, h2')) {
      const text = heading.textContent.trim()
      if (text === '' || seen[text] !== undefined) continue
      if (heading.getBoundingClientRect().height > 0) seen[text] = performance.timeOrigin + performance.now()
    }
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true })
}

/** Run in the page: when the heading was first seen (epoch ms), or undefined while it has not been. */
export function headingSeenAt(text: string): number | undefined {
  const seen = (window as unknown as { __benchHeadings?: HeadingTimes }).__benchHeadings
  return seen?.[text]
}

/** What `boardProbe` records, in the page's performance.now() milliseconds. */
export interface BoardProbe {
  /** How many list items make the board complete. */
  expected: number
  listLabel: string
  /** When the core's answer to listOrders (the one large message) reached the page's WebSocket. */
  answerAt?: number
  /** When the board's list first held `expected` items, laid out. */
  completeAt?: number
  /** An order being added: the first message that names it, and when it showed at the top of the list. */
  watchKey?: string
  eventAt?: number
  shownAt?: number
}

/**
 * Watches the board: wraps WebSocket to note when messages arrive (before the app's own handler runs, and
 * doing as little as possible there), and a MutationObserver to note when the list changes (layout forced).
 */
export function boardProbe({ expected, listLabel }: { expected: number; listLabel: string }): void {
  const probe: BoardProbe = { expected, listLabel }
  // A message this large can only be the whole board (an answer or an event is a few hundred bytes).
  const large = 100_000
  Object.assign(window, { __benchBoard: probe })
  const Native = window.WebSocket
  class ProbedWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols)
      this.addEventListener('message', (event: MessageEvent) => {
        const data: unknown = event.data
        if (typeof data !== 'string') return
        const now = performance.now()
        if (data.length > large) {
          probe.answerAt ??= now
        } else if (
          probe.watchKey !== undefined &&
          probe.eventAt === undefined &&
          data.includes(probe.watchKey)
        ) {
          probe.eventAt = now
        }
      })
    }
  }
  window.WebSocket = ProbedWebSocket
  const check = () => {
    const list = document.querySelector(`ul[aria-label="${probe.listLabel}"]`)
    if (!list) return
    // The board is windowed: it is complete when its first item says it is 1 of all the orders (the list
    // then stands for every order, rendering those on screen).
    const firstItem = list.firstElementChild
    if (
      probe.completeAt === undefined &&
      (list.childElementCount >= probe.expected ||
        Number(firstItem?.getAttribute('aria-setsize')) >= probe.expected)
    ) {
      list.getBoundingClientRect()
      probe.completeAt = performance.now()
    }
    const key = probe.watchKey
    if (
      key !== undefined &&
      probe.shownAt === undefined &&
      list.firstElementChild?.textContent.includes(key)
    ) {
      list.getBoundingClientRect()
      probe.shownAt = performance.now()
    }
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true })
}

/** Run in the page: the board probe's record. */
export function readBoardProbe(): BoardProbe {
  const probe = (window as unknown as { __benchBoard?: BoardProbe }).__benchBoard
  if (!probe) throw new Error('no board probe in this page')
  return { ...probe }
}

/** Run in the page: starts watching for one order being added. */
export function watchForOrder(key: string): void {
  const probe = (window as unknown as { __benchBoard?: BoardProbe }).__benchBoard
  if (!probe) throw new Error('no board probe in this page')
  probe.watchKey = key
  delete probe.eventAt
  delete probe.shownAt
}

/** Run in the page: whether the board is complete. (Each function run in the page must stand alone.) */
export function boardIsComplete(): boolean {
  return (window as unknown as { __benchBoard?: BoardProbe }).__benchBoard?.completeAt !== undefined
}

/** Run in the page: whether the watched order has shown. */
export function watchedOrderShown(): boolean {
  return (window as unknown as { __benchBoard?: BoardProbe }).__benchBoard?.shownAt !== undefined
}
