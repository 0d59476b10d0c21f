import { create } from 'zustand'

/** UI-only state: which screen is open. Everything the core knows lives in React Query (queries.ts). */
interface UiState {
  screen: 'main' | 'settings' | 'history'
  openSettings: () => void
  closeSettings: () => void
  openHistory: () => void
  closeHistory: () => void
}

export const useUi = create<UiState>((set) => ({
  screen: 'main',
  openSettings: () => set({ screen: 'settings' }),
  closeSettings: () => set({ screen: 'main' }),
  openHistory: () => set({ screen: 'history' }),
  closeHistory: () => set({ screen: 'main' }),
}))
