import { create } from 'zustand'

/** UI-only state: which screen is open. Everything the core knows lives in React Query (queries.ts). */
interface UiState {
  screen: 'board' | 'settings' | 'history' | 'day-end'
  openSettings: () => void
  closeSettings: () => void
  openHistory: () => void
  closeHistory: () => void
  /** "Gün sonu": the couriers' settlement of a day (issue 21). */
  openDayEnd: () => void
  closeDayEnd: () => void
}

export const useUi = create<UiState>((set) => ({
  screen: 'board',
  openSettings: () => set({ screen: 'settings' }),
  closeSettings: () => set({ screen: 'board' }),
  openHistory: () => set({ screen: 'history' }),
  closeHistory: () => set({ screen: 'board' }),
  openDayEnd: () => set({ screen: 'day-end' }),
  closeDayEnd: () => set({ screen: 'board' }),
}))

/**
 * The rush board's UI state (docs/decisions.md D41): the order to bring into view (a new `nonce` each time, so
 * finding the same order twice scrolls twice), the polite announcement, and removals still inside their undo.
 */
interface BoardUiState {
  reveal: { paymentKey: string; nonce: number } | undefined
  /** The board's one polite live region: what happened last (several things in one moment, in one sentence). */
  announcement: { text: string; nonce: number; at: number }
  /** Orders just removed by `Kaldır`, with when their `Geri al` runs out (epoch ms). */
  removing: ReadonlyMap<string, number>
  revealOrder: (paymentKey: string) => void
  announce: (text: string) => void
  setRemoving: (paymentKey: string, until: number | undefined) => void
}

let nonce = 0
/** Announcements this close together are read as one. */
const ANNOUNCE_TOGETHER_MS = 1000
export const useBoardUi = create<BoardUiState>((set) => ({
  reveal: undefined,
  announcement: { text: '', nonce: 0, at: 0 },
  removing: new Map(),
  revealOrder: (paymentKey) => set({ reveal: { paymentKey, nonce: ++nonce } }),
  announce: (text) =>
    set(({ announcement }) => {
      const at = Date.now()
      // Said within the same moment as the last (an order arriving as another is handed over): both are kept,
      // since a screen reader reads only what the region holds when it gets to it.
      const joined = at - announcement.at < ANNOUNCE_TOGETHER_MS && announcement.text !== ''
      return { announcement: { text: joined ? `${announcement.text} ${text}` : text, nonce: ++nonce, at } }
    }),
  setRemoving: (paymentKey, until) =>
    set((state) => {
      const removing = new Map(state.removing)
      if (until === undefined) removing.delete(paymentKey)
      else removing.set(paymentKey, until)
      return { removing }
    }),
}))

/** The order field, wherever focus went: every row action and every scan come back to it. */
let orderField: HTMLInputElement | null = null
export function registerOrderField(element: HTMLInputElement | null): void {
  orderField = element
}
export function orderFieldElement(): HTMLInputElement | null {
  return orderField
}
export function focusOrderField(): void {
  orderField?.focus()
}

/**
 * The courier's day at the till (issue 21, docs/decisions.md D65). `picking`: the order whose `Kuryeye Verildi`
 * waits for its courier; `returnFor`: the courier whose return staff asked to record (a press on the board's
 * courier strip), which the return dialog reads and clears with `closeReturn`. The batch scan-out under way is
 * the core's, a ledger fact (D81): no store here.
 */
export interface CourierUiState {
  picking: string | undefined
  returnFor: string | undefined
  pickCourierFor: (paymentKey: string | undefined) => void
  openReturn: (courierId: string) => void
  closeReturn: () => void
}

export const useCourierUi = create<CourierUiState>((set) => ({
  picking: undefined,
  returnFor: undefined,
  pickCourierFor: (paymentKey) => set({ picking: paymentKey }),
  openReturn: (courierId) => set({ returnFor: courierId }),
  closeReturn: () => set({ returnFor: undefined }),
}))
