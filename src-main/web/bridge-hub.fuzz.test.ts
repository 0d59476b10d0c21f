// Property test for web mode's WebSocket bridge: whatever frames a client sends — any text, any JSON, binary,
// oversized — the server answers each request that carries a usable id, closes the socket on anything else,
// never lets a refused payload reach the core, and keeps serving other clients.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WebSocket } from 'ws'
import { calls, isCallName, type CallName } from '../../src-shared/contract.ts'
import { MAX_BRIDGE_MESSAGE_BYTES } from '../../src-shared/web-bridge-wire.ts'
import { anyText, FUZZ_RUNS_IO, paymentKey } from '../../test-support/core/fuzz.ts'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'
import { startWebServer, type WebServer } from './server.ts'
import { messagesOf, openBridgeSocket } from '../../test-support/web/clients.ts'
import { stubCore } from '../../test-support/web/stub-core.ts'

let rendererDir: string
let stub: ReturnType<typeof stubCore>
let server: WebServer

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'bridge-fuzz-'))
  await writeFile(join(rendererDir, 'index.html'), '<html><head></head></html>')
  stub = stubCore()
  server = await startWebServer({ core: stub.core, rendererDir, port: 0, log: recordingLogger() })
})
afterAll(async () => {
  await server.close()
  await rm(rendererDir, { recursive: true, force: true })
})

const CALL_NAMES = Object.keys(calls) as CallName[]
const value = fc.oneof(
  anyText(60),
  paymentKey,
  fc.jsonValue({ maxDepth: 2 }),
  fc.record({ paymentKey: fc.oneof(paymentKey, anyText(40)) }),
  fc.record({ forceRefresh: fc.oneof(fc.boolean(), anyText(5)) }),
  fc.record({ text: anyText(80), label: fc.option(anyText(20), { nil: undefined }) }),
)

/** Frames near a real request (every shape of id, call and input) and far from one. */
const frame = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          id: fc.oneof(fc.nat(), fc.integer(), fc.double(), anyText(5), fc.constant(null)),
          call: fc.oneof(fc.constantFrom(...CALL_NAMES), anyText(30), fc.jsonValue({ maxDepth: 1 })),
          input: value,
        },
        { requiredKeys: [] },
      )
      .map((request) => ({ text: JSON.stringify(request) })),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ text: JSON.stringify(json) })) },
  { weight: 2, arbitrary: anyText(200).map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ binary: bytes })) },
  {
    weight: 1,
    arbitrary: fc.constant({
      text: `{"id":1,"call":"getAppInfo","input":"${'x'.repeat(MAX_BRIDGE_MESSAGE_BYTES)}"}`,
    }),
  },
)
type Frame = { text: string } | { binary: Uint8Array }

/** What the server must do with a frame: answer the id, or close the socket. Mirrors the documented protocol. */
function expectedOf(sent: Frame): { answers: number } | 'closes' {
  if ('binary' in sent || Buffer.byteLength(sent.text) > MAX_BRIDGE_MESSAGE_BYTES) return 'closes'
  let parsed: unknown
  try {
    parsed = JSON.parse(sent.text)
  } catch {
    return 'closes'
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'closes'
  const id = (parsed as { id?: unknown }).id
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? { answers: id } : 'closes'
}

function idOf(message: unknown): unknown {
  return typeof message === 'object' && message !== null && 'id' in message ? message.id : undefined
}

function closed(socket: WebSocket): Promise<'closed'> {
  return new Promise((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve('closed')
    else socket.once('close', () => resolve('closed'))
  })
}

describe('the web bridge, fuzzed', () => {
  it('answers or closes on every frame, and refused payloads never reach the core', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 3 }), async (frames) => {
        const opened = await openBridgeSocket(server.port, { token: server.token })
        if (!opened.socket) throw new Error(`upgrade refused: ${String(opened.status)}`)
        const socket = opened.socket
        const messages = messagesOf(socket)
        const callsBefore = stub.calls.length
        let expectedCalls = 0
        const answered = new Map<number, number>()
        try {
          for (const sent of frames) {
            const expected = expectedOf(sent)
            socket.send('binary' in sent ? sent.binary : sent.text)
            if (expected === 'closes') {
              expect(await closed(socket)).toBe('closed')
              break
            }
            // Ids may repeat within a run: wait for this frame's own answer, not an earlier one with its id.
            const asked = (answered.get(expected.answers) ?? 0) + 1
            answered.set(expected.answers, asked)
            const answers = await vi.waitFor(() => {
              const found = messages.received.filter((message) => idOf(message) === expected.answers)
              if (found.length < asked) throw new Error(`no answer to ${String(expected.answers)} yet`)
              return found as { result: { ok: unknown } }[]
            })
            expect(typeof answers[asked - 1]?.result.ok).toBe('boolean')
            const request = JSON.parse((sent as { text: string }).text) as {
              call?: unknown
              input?: unknown
            }
            if (isCallName(request.call) && calls[request.call].input.safeParse(request.input).success)
              expectedCalls += 1
          }
        } finally {
          socket.terminate()
        }
        expect(stub.calls.length - callsBefore).toBe(expectedCalls)
        for (const entry of stub.calls.slice(callsBefore)) {
          expect(calls[entry.call].input.safeParse(entry.input).success).toBe(true)
        }
      }),
      FUZZ_RUNS_IO,
    )

    // Still serving: a well-behaved client gets its answer.
    const opened = await openBridgeSocket(server.port, { token: server.token })
    if (!opened.socket) throw new Error('upgrade refused after the fuzzing')
    const messages = messagesOf(opened.socket)
    opened.socket.send(JSON.stringify({ id: 7, call: 'getAppInfo' }))
    expect(await messages.answerTo(7)).toMatchObject({ id: 7, result: { ok: true } })
    opened.socket.terminate()
  })
})
