// Property tests for the one gate every IPC and web-bridge message passes: whatever call name and payload
// arrive, dispatch answers a Result and never throws; what the contract refuses never reaches the core; and
// whatever a handler answers or throws, only a contract-shaped Result leaves.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isCallName, calls, type CallName } from '../../src-shared/contract.ts'
import { resultSchema } from '../../src-shared/errors.ts'
import { stubCore } from '../../test-support/web/stub-core.ts'
import { dispatch, MALFORMED } from './dispatch.ts'
import { anyText, FUZZ_RUNS, paymentKey } from '../../test-support/core/fuzz.ts'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'

const CALL_NAMES = Object.keys(calls) as CallName[]

/** Names a prober would try: the contract's own, Object.prototype's, and any text or value at all. */
const callName = fc.oneof(
  fc.constantFrom(...CALL_NAMES),
  fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'then', ''),
  anyText(80),
  fc.anything(),
)

const leaf = fc.oneof(
  anyText(80),
  paymentKey,
  fc.constantFrom('https://platform.example/integrations', 'tr', 'en', 'UTC', 'delivery', 'restaurant'),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.constant(null),
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 2 }),
)

/** Payloads shaped like a call's input (its field names, any values, extra fields now and then) or anything. */
function payloadFor(call: unknown) {
  const schema = isCallName(call) ? calls[call].input : undefined
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {}
  const fields = Object.fromEntries(Object.keys(shape).map((key) => [key, leaf]))
  return fc.oneof(
    fc.record(fields, { requiredKeys: [] }),
    fc
      .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(anyText(12), leaf, { maxKeys: 2 }))
      .map(([known, extra]) => ({ ...extra, ...known })),
    fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true, withSet: true }),
    fc.constant(undefined),
  )
}

describe('dispatch, fuzzed', () => {
  it('answers every message with a Result; refused ones never reach the core', async () => {
    await fc.assert(
      fc.asyncProperty(
        callName.chain((call) => fc.tuple(fc.constant(call), payloadFor(call))),
        async ([call, payload]) => {
          const stub = stubCore()
          const log = recordingLogger()
          const result = await dispatch(stub.core.handlers, call, payload, log)
          expect(resultSchema(z.unknown()).safeParse(result).success).toBe(true)
          const accepted = isCallName(call) && calls[call].input.safeParse(payload).success
          if (accepted) {
            expect(stub.calls).toHaveLength(1)
            expect(stub.calls[0]?.call).toBe(call)
          } else {
            expect(result).toEqual({ ok: false, error: MALFORMED })
            expect(stub.calls).toEqual([])
          }
        },
      ),
      FUZZ_RUNS,
    )
  })

  it('lets only a contract-shaped answer leave, whatever a handler answers or throws', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CALL_NAMES.filter((name) => calls[name].input.safeParse(undefined).success)),
        fc.anything({ withBigInt: true, withNullPrototype: true }),
        fc.constantFrom('resolve', 'reject', 'throw'),
        async (call, answer, how) => {
          const stub = stubCore()
          stub.answer(call, () => {
            if (how === 'throw') throw answer
            if (how === 'resolve') return Promise.resolve(answer as never)
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a rejection with a non-Error is the case under test
            return Promise.reject(answer)
          })
          const result = await dispatch(stub.core.handlers, call, undefined, recordingLogger())
          expect(resultSchema(calls[call].output).safeParse(result).success).toBe(true)
          if (how !== 'resolve')
            expect(result).toEqual({ ok: false, error: { code: 'internal', retryable: false } })
        },
      ),
      FUZZ_RUNS,
    )
  })
})
