import { describe, expect, it, vi } from 'vitest'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'
import { SECRET_CLIPBOARD_CHANNELS } from '../../src-shared/secret-clipboard.ts'

const write = vi.fn<(items: unknown[]) => Promise<void>>(() => Promise.resolve())
const handle = vi.fn()
vi.mock('electron', () => ({
  clipboard: { write },
  ClipboardItem: class {
    readonly items: Record<string, unknown>
    constructor(items: Record<string, unknown>) {
      this.items = items
    }
  },
  ipcMain: { handle },
}))
const { registerSecretClipboard, secretClipboardItems, installSecretClipboard } =
  await import('./secret-clipboard.ts')

const KEY = 'pk_intake_0123456789abcdef0123456789abcdef'
const raw = (name: string) => `electron application/osclipboard;format="${name}"`

type Handler = (event: { senderFrame: unknown }) => Promise<boolean>
type Items = Record<string, string | Blob>

function register(
  options: {
    trusted?: boolean
    key?: string | undefined
    platform?: NodeJS.Platform
    write?: (items: Items) => Promise<void>
  } = {},
) {
  const handlers = new Map<string, Handler>()
  const written: Items[] = []
  const log = recordingLogger()
  const intakeKey = vi.fn(() => Promise.resolve('key' in options ? options.key : KEY))
  registerSecretClipboard(
    { handle: (channel: string, handler: Handler) => void handlers.set(channel, handler) } as never,
    {
      isTrustedSender: () => options.trusted ?? true,
      intakeKey,
      write:
        options.write ??
        ((items) => {
          written.push(items)
          return Promise.resolve()
        }),
      platform: options.platform ?? 'win32',
      log,
    },
  )
  const copy = () => (handlers.get(SECRET_CLIPBOARD_CHANNELS.copyIntakeKey) as Handler)({ senderFrame: {} })
  return { copy, written, log, intakeKey }
}

describe('copying the intake key (issue 20: not into clipboard history)', () => {
  it('on Windows writes the key and, in the same write, the format that keeps it out of history and sync', async () => {
    const { copy, written } = register()
    expect(await copy()).toBe(true)
    expect(written).toHaveLength(1)
    expect(Object.keys(written[0] ?? {})).toEqual([
      'text/plain',
      raw('ExcludeClipboardContentFromMonitorProcessing'),
    ])
    expect(written[0]?.['text/plain']).toBe(KEY)
    const marker = written[0]?.[raw('ExcludeClipboardContentFromMonitorProcessing')]
    expect(marker).toBeInstanceOf(Blob)
    expect((marker as Blob).size).toBeGreaterThan(0)
  })

  it.each([
    ['darwin', raw('org.nspasteboard.ConcealedType'), ''],
    ['linux', raw('x-kde-passwordManagerHint'), 'secret'],
  ] as const)(
    'on %s marks the copy as concealed the way its clipboard managers read it',
    async (platform, format, value) => {
      const { copy, written } = register({ platform })
      expect(await copy()).toBe(true)
      expect(written).toEqual([{ 'text/plain': KEY, [format]: value }])
    },
  )

  it('refuses a sender that is not the app’s own page, writing nothing and never reading the key', async () => {
    const { copy, written, log, intakeKey } = register({ trusted: false })
    expect(await copy()).toBe(false)
    expect(intakeKey).not.toHaveBeenCalled()
    expect(written).toEqual([])
    expect(log.lines.join('\n')).toContain('untrusted sender')
  })

  it('says false, writing nothing, when the core has no key to give', async () => {
    const { copy, written } = register({ key: undefined })
    expect(await copy()).toBe(false)
    expect(written).toEqual([])
  })

  it('says false when the write fails, and logs the failure without the key', async () => {
    const { copy, log } = register({ write: () => Promise.reject(new Error(`clipboard busy ${KEY}`)) })
    expect(await copy()).toBe(false)
    expect(log.lines.join('\n')).toContain('could not be copied')
    expect(log.lines.join('\n')).not.toContain(KEY)
  })

  it('installs on the real ipcMain, reading the key from the core and writing one ClipboardItem', async () => {
    const core = { intake: { info: () => ({ key: KEY }) } }
    installSecretClipboard(core as never, () => true, recordingLogger())
    const [channel, handler] = handle.mock.calls[0] as [string, Handler]
    expect(channel).toBe(SECRET_CLIPBOARD_CHANNELS.copyIntakeKey)
    expect(await handler({ senderFrame: {} })).toBe(true)
    expect(write).toHaveBeenCalledTimes(1)
    const [items] = write.mock.calls[0] as unknown as [{ items: Items }[]]
    expect(items.map((item) => item.items)).toEqual([secretClipboardItems(KEY, process.platform)])
  })
})
