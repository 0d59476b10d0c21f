import type { EventName } from '../../src-shared/channels.ts'
import { calls as contractCalls, type CallName, type EventPayload } from '../../src-shared/contract.ts'
import type { Result } from '../../src-shared/errors.ts'
import type { Core, CoreEventListener, CoreHandlers } from '../../src-main/core/create-core.ts'

type AnyHandler = (input: unknown) => Promise<Result<unknown>>

/**
 * A core that records every call its handlers receive, so a test can prove a refused message never reached
 * it, and that emits events on demand. Unless told otherwise, getAppInfo answers and the rest answer null.
 */
export function stubCore() {
  const calls: { call: CallName; input: unknown }[] = []
  const answers = new Map<CallName, AnyHandler>([
    [
      'getAppInfo',
      () => Promise.resolve({ ok: true, value: { name: 'POS Companion', version: '9.9.9', shell: 'web' } }),
    ],
  ])
  const listeners = new Set<CoreEventListener>()
  const handlers = Object.fromEntries(
    (Object.keys(contractCalls) as CallName[]).map((call) => [
      call,
      (input: unknown) => {
        calls.push({ call, input })
        return (answers.get(call) ?? (() => Promise.resolve({ ok: true, value: null })))(input)
      },
    ]),
  ) as unknown as CoreHandlers
  const core: Core = {
    handlers,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start: () => Promise.resolve(),
    dispose: () => undefined,
    // The web server's tests never reach the intake: the shell's wiring does.
    intake: undefined as never,
    // Nor the shell's own reads of the settings and what needs staff.
    settings: undefined as never,
    attention: undefined as never,
    allDay: {
      countOwed: () => 0,
      pauseSending: () => undefined,
      resumeSending: () => undefined,
      isPaused: () => false,
      retryOwedNow: () => undefined,
      checkSession: () => Promise.resolve(),
    },
  }
  return {
    core,
    calls,
    answer(call: CallName, handler: AnyHandler) {
      answers.set(call, handler)
    },
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      for (const listener of listeners) listener(event, payload)
    },
    get listenerCount() {
      return listeners.size
    },
  }
}
