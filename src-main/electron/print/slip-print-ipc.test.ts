import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain.ts'
import { PRINT_CHANNELS } from '../../../src-shared/print-channels.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import { registerSlipPrinting, type SlipPrintingDeps } from './slip-print-ipc.ts'

type Handler = (event: unknown, payload?: unknown) => Promise<unknown>

function setUp(settings: Partial<Settings>, trusted = true) {
  const handlers = new Map<string, Handler>()
  const sender = {
    getPrintersAsync: () => Promise.resolve([{ name: 'EPSON TM-T20III' }, { name: 'Office A4' }]),
    print: vi.fn((_options: unknown, done: (success: boolean, reason: string) => void) => done(true, '')),
    printToPDF: vi.fn(() => Promise.resolve(Buffer.from('%PDF-1.7'))),
  }
  const deps: SlipPrintingDeps = {
    isTrustedSender: () => trusted,
    settings: () => Promise.resolve({ ...DEFAULT_SETTINGS, ...settings }),
    showSaveDialog: vi.fn(() => Promise.resolve({ canceled: false, filePath: '/home/kasa/fis.pdf' })),
    writeFile: vi.fn(() => Promise.resolve()),
    log: recordingLogger(),
  }
  registerSlipPrinting({ handle: (channel, handler) => handlers.set(channel, handler as Handler) }, deps)
  const call = (channel: string, payload?: unknown) =>
    handlers.get(channel)?.({ sender, senderFrame: {} }, payload)
  return { call, sender, deps }
}

const PAGE = { widthMm: 58, heightMm: 120 }

describe('printing the courier slip from the desktop app', () => {
  it('prints to the chosen printer without asking, at the paper’s width and the slip’s height in microns', async () => {
    const { call, sender } = setUp({ slipPrinter: 'EPSON TM-T20III', printWithoutAsking: true })
    expect(await call(PRINT_CHANNELS.print, PAGE)).toEqual({ result: 'printed' })
    expect(sender.print.mock.calls[0]?.[0]).toMatchObject({
      silent: true,
      deviceName: 'EPSON TM-T20III',
      pageSize: { width: 58_000, height: 120_000 },
    })
  })

  it('asks with the dialog (its preview) unless told not to, or when the chosen printer is gone', async () => {
    const asking = setUp({ slipPrinter: 'EPSON TM-T20III' })
    await asking.call(PRINT_CHANNELS.print, PAGE)
    expect(asking.sender.print.mock.calls[0]?.[0]).toMatchObject({ silent: false })
    const gone = setUp({ slipPrinter: 'Unplugged', printWithoutAsking: true })
    await gone.call(PRINT_CHANNELS.print, PAGE)
    expect(gone.sender.print.mock.calls[0]?.[0]).toMatchObject({ silent: false })
  })

  it('saves a PDF of the same page where staff choose', async () => {
    const { call, sender, deps } = setUp({})
    expect(await call(PRINT_CHANNELS.savePdf, { page: PAGE, fileCode: '7F3A' })).toEqual({ result: 'saved' })
    expect(sender.printToPDF).toHaveBeenCalledWith(
      expect.objectContaining({ pageSize: { width: 58 / 25.4, height: 120 / 25.4 } }),
    )
    expect(deps.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: 'kurye-fisi-7F3A.pdf' }),
    )
    expect(deps.writeFile).toHaveBeenCalledWith('/home/kasa/fis.pdf', Buffer.from('%PDF-1.7'))
  })

  it('lists the printers by name for Settings', async () => {
    expect(await setUp({}).call(PRINT_CHANNELS.listPrinters)).toEqual(['EPSON TM-T20III', 'Office A4'])
  })

  it('refuses a frame that is not the app’s, and a page it was not measured for', async () => {
    const untrusted = setUp({}, false)
    expect(await untrusted.call(PRINT_CHANNELS.print, PAGE)).toEqual({ result: 'failed', reason: 'refused' })
    expect(untrusted.sender.print).not.toHaveBeenCalled()
    const bad = setUp({})
    expect(await bad.call(PRINT_CHANNELS.print, { widthMm: 210, heightMm: 297 })).toMatchObject({
      result: 'failed',
    })
    expect(await bad.call(PRINT_CHANNELS.savePdf, { page: PAGE, fileCode: '../../etc' })).toMatchObject({
      result: 'failed',
    })
    expect(bad.sender.print).not.toHaveBeenCalled()
    expect(bad.sender.printToPDF).not.toHaveBeenCalled()
  })
})
