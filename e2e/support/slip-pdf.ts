import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import jsQRModule from 'jsqr'
import { PNG } from 'pngjs'

const run = promisify(execFile)

// jsqr is CommonJS with its function on `.default`; this reads it the same under Node and Playwright's loader.
const jsQR = jsQRModule.default

/** PDF points per millimetre (72 pt = 1 in = 25.4 mm). */
const POINTS_PER_MM = 72 / 25.4

/** Each page's size in millimetres, read from the PDF's MediaBox entries (Chromium writes them uncompressed). */
export function pdfPageSizesMm(pdf: Buffer): { widthMm: number; heightMm: number }[] {
  const boxes = pdf
    .toString('latin1')
    .matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)
  return [...boxes].map(([, x0, y0, x1, y1]) => ({
    widthMm: (Number(x1) - Number(x0)) / POINTS_PER_MM,
    heightMm: (Number(y1) - Number(y0)) / POINTS_PER_MM,
  }))
}

/** What poppler makes of a printed PDF: the first page as a 300 dpi PNG, and the text it holds. */
export interface RenderedPdf {
  png: Buffer
  text: string
}

/**
 * Turns the PDF into an image and text the way a reader of the paper would meet it: `pdftoppm -png -r 300`
 * and `pdftotext` from Debian's poppler-utils (.ci/run installs it where missing).
 */
export async function renderPdf(pdf: Buffer): Promise<RenderedPdf> {
  const folder = await mkdtemp(join(tmpdir(), 'slip-pdf-'))
  try {
    const pdfFile = join(folder, 'slip.pdf')
    await writeFile(pdfFile, pdf)
    await run('pdftoppm', [
      '-png',
      '-r',
      '300',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfFile,
      join(folder, 'page'),
    ])
    await run('pdftotext', ['-layout', pdfFile, join(folder, 'slip.txt')])
    return {
      png: await readFile(join(folder, 'page.png')),
      text: await readFile(join(folder, 'slip.txt'), 'utf8'),
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** The text of the QR code in a PNG, decoded by jsQR; null when it finds none. */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png)
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength)
  return jsQR(pixels, image.width, image.height)?.data ?? null
}
