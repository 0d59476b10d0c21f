/**
 * IPC channel and event names, kept apart from the zod schemas so the sandboxed preload can name channels
 * without bundling a validator it never uses (the main process validates; the preload only forwards). A call's
 * name is typed from the contract (a type-only import: no zod at run time), so a misspelled one does not compile.
 */
import type { CallName } from './contract.ts'

const CHANNEL_PREFIX = 'pos:'
const EVENT_PREFIX = 'pos-event:'

const EVENT_NAMES = [
  'sessionChanged',
  'accountsChanged',
  'orderChanged',
  'settingsChanged',
  'focusOrder',
  'attentionChanged',
  'couriersChanged',
  'courierDayChanged',
] as const
export type EventName = (typeof EVENT_NAMES)[number]

export function channelOf(call: CallName): string {
  return `${CHANNEL_PREFIX}${call}`
}

export function eventChannelOf(event: EventName): string {
  return `${EVENT_PREFIX}${event}`
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name)
}
