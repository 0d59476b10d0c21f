import { describe, expect, it, vi } from 'vitest'
import { calls } from '../../src-shared/contract.ts'

const exposed = new Map<string, Record<string, unknown>>()
const invoke = vi.fn<(channel: string, input?: unknown) => Promise<unknown>>(() =>
  Promise.resolve({ ok: true, value: null }),
)
const listeners = new Map<string, (event: unknown, payload: unknown) => void>()

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.set(key, api) },
  ipcRenderer: {
    invoke,
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      listeners.set(channel, listener),
    off: (channel: string) => listeners.delete(channel),
  },
}))

await import('./preload.ts')
const api = exposed.get('api') as Record<string, (...args: unknown[]) => unknown>

describe('the preload', () => {
  it('exposes exactly the contract: one function per call and `on`, nothing else', () => {
    expect([...exposed.keys()]).toEqual(['api', 'printBridge', 'secretClipboard'])
    // Copying the intake key (issue 20): one call, no argument (the main process reads the key itself).
    expect(Object.keys(exposed.get('secretClipboard') ?? {})).toEqual(['copyIntakeKey'])
    // The courier slip's three calls (D52), each a function; the main process checks sender and payload.
    expect(Object.keys(exposed.get('printBridge') ?? {}).sort()).toEqual([
      'listPrinters',
      'printSlip',
      'saveSlipPdf',
    ])
    expect(Object.keys(api).sort()).toEqual([...Object.keys(calls), 'on'].sort())
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true)
    expect(api).not.toHaveProperty('invoke')
    expect(api).not.toHaveProperty('ipcRenderer')
  })

  it.each(Object.keys(calls) as (keyof typeof calls)[])(
    'sends %s on its own channel, passing the input as it is',
    async (call) => {
      const input = { probe: call }
      await api[call]?.(input)
      // A call that takes no input sends none, whatever the page passes.
      const takesNoInput = calls[call].input.safeParse(undefined).success
      expect(invoke).toHaveBeenLastCalledWith(`pos:${call}`, takesNoInput ? undefined : input)
    },
  )

  it('subscribes only to known events and hands the listener the payload, never the IPC event', () => {
    expect(() => api['on']?.('anything', () => undefined)).toThrow('unknown event')
    const received: unknown[] = []
    const off = api['on']?.('orderChanged', (...args: unknown[]) => received.push(args)) as () => void
    listeners.get('pos-event:orderChanged')?.({ sender: 'ipcRenderer' }, { paymentKey: 'k', order: null })
    expect(received).toEqual([[{ paymentKey: 'k', order: null }]])
    off()
    expect(listeners.has('pos-event:orderChanged')).toBe(false)
  })
})
