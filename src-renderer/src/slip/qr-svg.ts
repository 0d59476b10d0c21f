import QRCode from 'qrcode'

/** The quiet zone the QR standard asks for around the symbol, in modules: scanners need it to find the code. */
const QUIET_ZONE = 4

export interface QrSvg {
  /** Modules per side, quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number
  /** One path drawing every dark module as a 1×1 square. */
  path: string
}

/**
 * Encodes the text with `qrcode` (the maintained encoder) and draws its module matrix as one SVG path, so the
 * slip renders the same synchronously in the app, in a print page and in server-side rendering, with no
 * canvas and no data URL (which the app's content security policy would have to allow).
 */
export function qrSvg(text: string): QrSvg {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const parts: string[] = []
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`)
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') }
}
