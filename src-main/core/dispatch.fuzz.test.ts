// Property tests for the one gate every IPC and web-bridge message passes: whatever method name and payload
// arrive, dispatch answers a Result and never throws; what the contract refuses never reaches the core; and
// whatever a handler answers or throws, only a contract-shaped Result leaves.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isMethodName, methods, type MethodName } from '../../src-shared/contract.ts'
import { resultSchema } from '../../src-shared/errors.ts'
import { stubCore } from '../web/testing/stub-core.ts'
import { dispatch, MALFORMED } from './dispatch.ts'
import { anyText, FUZZ_RUNS, paymentKey } from './testing/fuzz.ts'
import { recordingLogger } from './testing/memory-adapters.ts'

const METHOD_NAMES = Object.keys(methods) as MethodName[]

/** Names a prober would try: the contract's own, Object.prototype's, and any text or value at all. */
const methodName = fc.oneof(
  fc.constantFrom(...METHOD_NAMES),
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

/** Payloads shaped like a method's input (its field names, any values, extra fields now and then) or anything. */
function payloadFor(method: unknown) {
  const schema = isMethodName(method) ? methods[method].input : undefined
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
        methodName.chain((method) => fc.tuple(fc.constant(method), payloadFor(method))),
        async ([method, payload]) => {
          const stub = stubCore()
          const log = recordingLogger()
          const result = await dispatch(stub.core.handlers, method, payload, log)
          expect(resultSchema(z.unknown()).safeParse(result).success).toBe(true)
          const accepted = isMethodName(method) && methods[method].input.safeParse(payload).success
          if (accepted) {
            expect(stub.calls).toHaveLength(1)
            expect(stub.calls[0]?.method).toBe(method)
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
        fc.constantFrom(
          ...METHOD_NAMES.filter((method) => methods[method].input.safeParse(undefined).success),
        ),
        fc.anything({ withBigInt: true, withNullPrototype: true }),
        fc.constantFrom('resolve', 'reject', 'throw'),
        async (method, answer, how) => {
          const stub = stubCore()
          stub.answer(method, () => {
            if (how === 'throw') throw answer
            if (how === 'resolve') return Promise.resolve(answer as never)
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a rejection with a non-Error is the case under test
            return Promise.reject(answer)
          })
          const result = await dispatch(stub.core.handlers, method, undefined, recordingLogger())
          expect(resultSchema(methods[method].output).safeParse(result).success).toBe(true)
          if (how !== 'resolve')
            expect(result).toEqual({ ok: false, error: { code: 'internal', retryable: false } })
        },
      ),
      FUZZ_RUNS,
    )
  })
})
