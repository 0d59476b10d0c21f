import { describe, expect, it } from 'vitest'
import { printOutcome, slipPdfOptions, slipPrintOptions, type SlipPrintSettings } from './slip-print.ts'

const printers = [{ name: 'EPSON_TM_T20III' }, { name: 'Brother_HL' }]
const settings = (overrides: Partial<SlipPrintSettings> = {}): SlipPrintSettings => ({
  printerName: 'EPSON_TM_T20III',
  paperWidth: 80,
  printWithoutAsking: false,
  ...overrides,
})

describe('slipPrintOptions', () => {
  it('prints on the chosen printer at the paper width and the slip height, in microns, with no margins', () => {
    expect(slipPrintOptions(settings(), { heightMm: 142 }, printers)).toEqual({
      silent: false,
      deviceName: 'EPSON_TM_T20III',
      printBackground: true,
      color: false,
      landscape: false,
      copies: 1,
      margins: { marginType: 'none' },
      pageSize: { width: 80_000, height: 142_000 },
    })
    expect(slipPrintOptions(settings({ paperWidth: 58 }), { heightMm: 150.4 }, printers).pageSize).toEqual({
      width: 58_000,
      height: 150_400,
    })
  })

  it('prints without asking only when staff chose that and their printer is installed', () => {
    expect(slipPrintOptions(settings({ printWithoutAsking: true }), { heightMm: 120 }, printers).silent).toBe(
      true,
    )
    const gone = slipPrintOptions(
      settings({ printWithoutAsking: true, printerName: 'Unplugged' }),
      { heightMm: 120 },
      printers,
    )
    expect(gone.silent).toBe(false)
    expect(gone).not.toHaveProperty('deviceName')
    const noPrinter = slipPrintOptions(
      settings({ printWithoutAsking: true, printerName: null }),
      { heightMm: 120 },
      [],
    )
    expect(noPrinter.silent).toBe(false)
    expect(noPrinter).not.toHaveProperty('deviceName')
  })

  it('always gives the page size explicitly, never the driver default (A4 prints tiny or blank on rolls)', () => {
    const options = slipPrintOptions(settings({ printerName: null }), { heightMm: 90 }, [])
    expect(options.pageSize).toEqual({ width: 80_000, height: 90_000 })
    expect(options).not.toHaveProperty('usePrinterDefaultPageSize')
  })

  it('refuses a height that is not a length, and caps one beyond a metre', () => {
    expect(() => slipPrintOptions(settings(), { heightMm: Number.NaN }, printers)).toThrow(RangeError)
    expect(() => slipPrintOptions(settings(), { heightMm: 0 }, printers)).toThrow(RangeError)
    expect(slipPrintOptions(settings(), { heightMm: 5000 }, printers).pageSize).toEqual({
      width: 80_000,
      height: 1_000_000,
    })
  })
})

describe('slipPdfOptions', () => {
  it('gives printToPDF the same page in inches, without margins, honouring the CSS page size', () => {
    const options = slipPdfOptions(80, { heightMm: 127 })
    expect(options.pageSize).toEqual({ width: 80 / 25.4, height: 5 })
    expect(options).toMatchObject({
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      printBackground: true,
      preferCSSPageSize: true,
    })
    expect(slipPdfOptions(58, { heightMm: 127 }).pageSize).toEqual({ width: 58 / 25.4, height: 5 })
  })
})

describe('printOutcome', () => {
  it('tells printed, cancelled in the dialog and failed apart', () => {
    expect(printOutcome(true, undefined)).toEqual({ result: 'printed' })
    expect(printOutcome(false, 'cancelled')).toEqual({ result: 'cancelled' })
    expect(printOutcome(false, 'Invalid deviceName provided')).toEqual({
      result: 'failed',
      reason: 'Invalid deviceName provided',
    })
  })
})
