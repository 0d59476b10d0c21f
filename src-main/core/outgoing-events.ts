import { isEventName, type EventName } from '../../src-shared/channels.ts'
import { events } from '../../src-shared/contract.ts'
import { describeThrown } from './app-failure.ts'
import type { DispatchLog } from './dispatch.ts'
import { issuePaths } from './schema-issues.ts'

/**
 * The one check on what the core pushes to a renderer, for both bridges (Electron IPC, web mode's socket), as
 * `dispatch` is for what comes in: the event is one of the contract's and its payload parses with the event's
 * schema. The parsed payload is what leaves (zod drops fields the contract does not name, so nothing the core
 * holds leaks by accident); anything else is dropped and logged by name only.
 */
export function contractEvent(
  event: EventName,
  payload: unknown,
  log: DispatchLog,
): { event: EventName; payload: unknown } | undefined {
  if (!isEventName(event)) {
    log.warn('events: dropped an event the contract does not name', {
      event: describeThrown(event).slice(0, 64),
    })
    return undefined
  }
  const parsed = events[event].safeParse(payload)
  if (!parsed.success) {
    log.warn('events: dropped an event outside the contract', { event, issues: issuePaths(parsed.error) })
    return undefined
  }
  return { event, payload: parsed.data }
}
