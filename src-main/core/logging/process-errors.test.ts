import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { logProcessErrors } from './process-errors.ts'

function setup() {
  const events = new EventEmitter()
  const log = recordingLogger()
  const afterUncaught = vi.fn()
  logProcessErrors(events as unknown as NodeJS.Process, log, afterUncaught)
  return { events, log, afterUncaught }
}

describe('logProcessErrors (D36)', () => {
  it('writes an uncaught exception to the log, then lets the shell decide', () => {
    const { events, log, afterUncaught } = setup()
    const error = new TypeError('boom in a timer')
    events.emit('uncaughtException', error)
    expect(log.lines.join('\n')).toMatch(/uncaught exception.*TypeError.*boom in a timer/)
    expect(afterUncaught).toHaveBeenCalledWith(error)
  })

  it('writes an unhandled rejection to the log, whatever was rejected', () => {
    const { events, log, afterUncaught } = setup()
    events.emit('unhandledRejection', new Error('forgotten promise'), Promise.resolve())
    events.emit('unhandledRejection', 'a bare string', Promise.resolve())
    const text = log.lines.join('\n')
    expect(text).toMatch(/unhandled promise rejection.*forgotten promise/)
    expect(text).toMatch(/unhandled promise rejection.*a bare string/)
    expect(afterUncaught).not.toHaveBeenCalled()
  })
})
