import type { DayEnd } from '../../../../src-shared/couriers.ts'
import { useCourierToday, useDayEnd } from '../../queries.ts'

/**
 * The settlement a courier surface shows (issue 28): today's as the core keeps and pushes it, or a past day's as
 * the core reads it once. Never worked out here, so the strip, the return and Gün sonu show the same figures.
 */
export function useCourierDay(day: string | undefined): {
  view: (DayEnd & { today: string }) | undefined
  error: unknown
  isPending: boolean
  refetch: () => void
} {
  const today = useCourierToday()
  const todayDay = today.data?.today
  const past = day !== undefined && todayDay !== undefined && day !== todayDay
  const dayEnd = useDayEnd(day, past)
  if (past) {
    return {
      view: dayEnd.data?.day === day ? dayEnd.data : undefined,
      error: dayEnd.error,
      isPending: dayEnd.isPending,
      refetch: () => void dayEnd.refetch(),
    }
  }
  return {
    view: today.data,
    error: today.error,
    isPending: today.isPending,
    refetch: () => void today.refetch(),
  }
}
