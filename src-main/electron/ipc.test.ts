import type { IpcMainInvokeEvent, WebFrameMain } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { channelOf } from '../../src-shared/channels.ts'
import { calls, type CallName } from '../../src-shared/contract.ts'
import type { CoreHandlers } from '../core/create-core.ts'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'
import type { CoreEventListener } from '../core/create-core.ts'
import { registerIpcHandlers, sendContractEvents } from './ipc.ts'

type Handler = (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>

const APP_URL = 'app://renderer/index.html'
const appFrame = { url: APP_URL, parent: null } as unknown as WebFrameMain
const childFrame = { url: APP_URL, parent: appFrame } as unknown as WebFrameMain
const foreignFrame = { url: 'https://evil.example/', parent: null } as unknown as WebFrameMain

function setup() {
  const handlers = new Map<string, Handler>()
  const ipcMain = { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) }
  const core = {
    getAppInfo: vi.fn(() =>
      Promise.resolve({ ok: true, value: { name: 'x', version: '1', shell: 'electron' } }),
    ),
    addOrder: vi.fn(() => Promise.reject(new Error('boom at /home/user/secret/path.ts:12'))),
    handOverOrder: vi.fn(),
    signIn: vi.fn(),
  } as unknown as CoreHandlers
  const log = recordingLogger()
  const isTrustedSender = (frame: WebFrameMain | null) =>
    frame !== null && frame.parent === null && frame.url === APP_URL
  registerIpcHandlers(ipcMain, core, isTrustedSender, log)
  const invoke = (call: CallName, payload: unknown, frame: WebFrameMain | null = appFrame) => {
    const handler = handlers.get(channelOf(call))
    if (!handler) throw new Error(`no handler for ${call}`)
    return handler({ senderFrame: frame } as IpcMainInvokeEvent, payload)
  }
  return { handlers, core, log, invoke }
}

const refused = { ok: false, error: { code: 'invalid-input', problem: 'malformed', retryable: false } }

describe('registerIpcHandlers', () => {
  it('registers exactly one channel per contract call, all in our namespace', () => {
    const { handlers } = setup()
    expect([...handlers.keys()].sort()).toEqual((Object.keys(calls) as CallName[]).map(channelOf).sort())
  })

  it('answers a valid call from the app top frame', async () => {
    const { invoke, core } = setup()
    await expect(invoke('getAppInfo', undefined)).resolves.toEqual({
      ok: true,
      value: { name: 'x', version: '1', shell: 'electron' },
    })
    expect(core.getAppInfo).toHaveBeenCalledOnce()
  })

  it.each([
    ['a sub-frame', childFrame],
    ['a foreign page', foreignFrame],
    ['a destroyed frame', null],
  ])('refuses a message from %s and logs it', async (_label, frame) => {
    const { invoke, core, log } = setup()
    await expect(invoke('getAppInfo', undefined, frame)).resolves.toEqual(refused)
    expect(core.getAppInfo).not.toHaveBeenCalled()
    expect(log.lines.join('\n')).toContain('untrusted sender')
  })

  it.each<[string, CallName, unknown]>([
    ['a string for an object', 'handOverOrder', 'abc'],
    ['an id that is not a UUID', 'handOverOrder', { paymentKey: 'not-a-uuid' }],
    ['an extra field', 'handOverOrder', { paymentKey: '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72', x: 1 }],
    ['a number for a key', 'signIn', { platformAddress: 'https://a', appSecretKey: 1, restSecretKey: 'b' }],
    [
      'an oversized key',
      'signIn',
      { platformAddress: 'https://a', appSecretKey: 'k'.repeat(10_000), restSecretKey: 'b' },
    ],
    ['a payload where none is expected', 'getAppInfo', { sneaky: true }],
  ])('refuses %s without reaching the core', async (_label, call, payload) => {
    const { invoke, core, log } = setup()
    await expect(invoke(call, payload)).resolves.toEqual(refused)
    expect(core[call]).not.toHaveBeenCalled()
    expect(log.lines.join('\n')).toContain('does not parse')
  })

  it('turns a handler that throws into an `internal` error without its message or stack', async () => {
    const { invoke } = setup()
    const answer = await invoke('addOrder', { text: '3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b72' })
    expect(answer).toEqual({ ok: false, error: { code: 'internal', retryable: false } })
    expect(JSON.stringify(answer)).not.toContain('secret')
  })
})

describe('events to the window (one contract check for both shells)', () => {
  function subscribed() {
    let listener: CoreEventListener | undefined
    const core = { subscribe: (l: CoreEventListener) => ((listener = l), () => undefined) }
    const sent: [string, unknown][] = []
    const log = recordingLogger()
    sendContractEvents(core, log, (channel, payload) => sent.push([channel, payload]))
    const emit = (event: string, payload: unknown) => {
      if (!listener) throw new Error('sendContractEvents did not subscribe')
      ;(listener as (event: string, payload: unknown) => void)(event, payload)
    }
    return { emit, sent, log }
  }
  const signedOut = {
    state: 'signed-out',
    reason: 'never-signed-in',
    credentialsStored: false,
    secretStorage: 'os-keychain',
    platformAddress: null,
  }

  it('sends an event that parses, on its channel, with only the fields the contract names', () => {
    const { emit, sent } = subscribed()
    emit('sessionChanged', { ...signedOut, token: 'secret-token-value' })
    expect(sent).toEqual([['pos-event:sessionChanged', signedOut]])
  })

  it('drops an event outside the contract and logs its name only', () => {
    const { emit, sent, log } = subscribed()
    emit('sessionChanged', { state: 'signed-in', token: 'secret-token-value' })
    emit('somethingElse', { x: 1 })
    expect(sent).toEqual([])
    const text = log.lines.join('\n')
    expect(text).toContain('dropped an event outside the contract')
    expect(text).toContain('dropped an event the contract does not name')
    expect(text).not.toContain('secret-token-value')
  })
})
