import { describe, expect, it } from 'vitest'
import { stubCore } from '../../test-support/web/stub-core.ts'
import { dispatch, MALFORMED } from './dispatch.ts'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'

describe('dispatch', () => {
  it('calls the handler with the parsed input and returns its answer as the contract shapes it', async () => {
    const stub = stubCore()
    const log = recordingLogger()
    expect(await dispatch(stub.core.handlers, 'getMethods', { forceRefresh: true }, log)).toMatchObject({
      ok: false,
    })
    expect(stub.calls).toEqual([{ call: 'getMethods', input: { forceRefresh: true } }])
  })

  it('refuses unknown calls and unparsable inputs without calling the core, logging no payload', async () => {
    const stub = stubCore()
    const log = recordingLogger()
    for (const [call, payload] of [
      ['hasOwnProperty', undefined],
      [undefined, undefined],
      ['signIn', { platformAddress: 'https://p', appSecretKey: 'SECRET', restSecretKey: 1 }],
    ] as const) {
      expect(await dispatch(stub.core.handlers, call, payload, log)).toEqual({
        ok: false,
        error: MALFORMED,
      })
    }
    expect(stub.calls).toEqual([])
    expect(log.lines).toHaveLength(3)
    expect(log.lines.join('\n')).not.toContain('SECRET')
  })

  it('logs where a payload failed to parse (each path and code), never the values', async () => {
    const log = recordingLogger()
    const payload = { platformAddress: 'https://p', appSecretKey: 'SECRET', restSecretKey: 1, extra: 'VALUE' }
    await dispatch(stubCore().core.handlers, 'signIn', payload, log)
    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]).toContain('"issues":["restSecretKey: invalid_type","(root): unrecognized_keys"]')
    expect(log.lines[0]).not.toMatch(/SECRET|VALUE/)
  })

  it('logs where an answer left the contract, and answers `internal`', async () => {
    const stub = stubCore()
    stub.answer('getAppInfo', () =>
      Promise.resolve({ ok: true, value: { name: 'POS Companion', version: 7 } }),
    )
    const log = recordingLogger()
    expect(await dispatch(stub.core.handlers, 'getAppInfo', undefined, log)).toEqual({
      ok: false,
      error: { code: 'internal', retryable: false },
    })
    expect(log.lines.join('\n')).toMatch(
      /answered outside the contract.*"issues":\[.*"value\.version: invalid_type"/,
    )
  })

  it('turns a throwing handler, sync or async, into `internal`', async () => {
    const stub = stubCore()
    stub.answer('getSettings', () => {
      throw new Error('sync')
    })
    stub.answer('listOrders', () => Promise.reject(new Error('async')))
    const internal = { ok: false, error: { code: 'internal', retryable: false } }
    expect(await dispatch(stub.core.handlers, 'getSettings', undefined, recordingLogger())).toEqual(internal)
    expect(await dispatch(stub.core.handlers, 'listOrders', undefined, recordingLogger())).toEqual(internal)
  })
})
