import { create } from 'zustand'

/** UI-only state: which screen is open. Everything the core knows lives in React Query (queries.ts). */
interface UiState {
  screen: 'main' | 'settings'
  openSettings: () => void
  closeSettings: () => void
}

export const useUi = create<UiState>((set) => ({
  screen: 'main',
  openSettings: () => set({ screen: 'settings' }),
  closeSettings: () => set({ screen: 'main' }),
}))
