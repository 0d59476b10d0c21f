/**
 * `npm run icons`: renders `resources/icon.svg` into every icon the installers need, so that packaging
 * never has to convert an icon itself (electron-builder would download a conversion tool for that):
 *
 * - `resources/icons/NxN.png` (16 … 1024): the Linux icon set (AppImage, deb) and the sizes below;
 * - `resources/icon.png` (1024): the source for anything else that wants one PNG;
 * - `resources/icon.ico` (16 … 256, PNG-compressed entries): Windows, the NSIS installer and uninstaller;
 * - `resources/icon.icns` (16 … 1024, PNG entries): macOS.
 *
 * The SVG is drawn by Chromium through Playwright (the browser the e2e suite drives), at each size, on a
 * transparent background. The generated files are committed; run this again after changing the SVG.
 */
import { chromium } from '@playwright/test'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromiumExecutable } from './test-prerequisites.ts'

const RESOURCES = join(import.meta.dirname, '..', 'resources')
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const
/** ICNS entry types holding PNG data, by pixel size (the `@2x` types reuse the doubled size). */
const ICNS_TYPES: readonly (readonly [string, number])[] = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['icp6', 64],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
]

const svg = readFileSync(join(RESOURCES, 'icon.svg'), 'utf8')
const png = new Map<number, Buffer>()

const browser = await chromium.launch(launchOptions())
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size })
    const sized = svg.replace(/width="1024" height="1024"/, `width="${size}" height="${size}"`)
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    )
    png.set(
      size,
      await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
    )
  }
} finally {
  await browser.close()
}

mkdirSync(join(RESOURCES, 'icons'), { recursive: true })
for (const size of SIZES) writeFileSync(join(RESOURCES, 'icons', `${size}x${size}.png`), pngOf(size))
writeFileSync(join(RESOURCES, 'icon.png'), pngOf(1024))
writeFileSync(join(RESOURCES, 'icon.ico'), ico(ICO_SIZES.map((size) => [size, pngOf(size)] as const)))
writeFileSync(
  join(RESOURCES, 'icon.icns'),
  icns(ICNS_TYPES.map(([type, size]) => [type, pngOf(size)] as const)),
)
console.log(`icons: wrote ${SIZES.length} PNG sizes, icon.png, icon.ico and icon.icns into resources/`)

function pngOf(size: number): Buffer {
  const data = png.get(size)
  if (!data) throw new Error(`no ${size}px rendering`)
  return data
}

/** An ICO file whose entries are PNG images (Windows Vista and later read these; 256 px is stored as 0). */
function ico(entries: readonly (readonly [number, Buffer])[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(entries.length, 4)
  const directory = Buffer.alloc(16 * entries.length)
  let offset = header.length + directory.length
  entries.forEach(([size, data], index) => {
    const at = index * 16
    directory.writeUInt8(size >= 256 ? 0 : size, at)
    directory.writeUInt8(size >= 256 ? 0 : size, at + 1)
    directory.writeUInt8(0, at + 2) // no palette
    directory.writeUInt8(0, at + 3)
    directory.writeUInt16LE(1, at + 4) // colour planes
    directory.writeUInt16LE(32, at + 6) // bits per pixel
    directory.writeUInt32LE(data.length, at + 8)
    directory.writeUInt32LE(offset, at + 12)
    offset += data.length
  })
  return Buffer.concat([header, directory, ...entries.map(([, data]) => data)])
}

/** An ICNS file: the `icns` magic and total length, then one (type, length, PNG data) block per entry. */
function icns(entries: readonly (readonly [string, Buffer])[]): Buffer {
  const blocks = entries.map(([type, data]) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + blocks.reduce((sum, block) => sum + block.length, 0), 4)
  return Buffer.concat([head, ...blocks])
}

/** Playwright's own Chromium where it is installed, otherwise the system's (as the tests find it). */
function launchOptions(): { executablePath?: string } {
  const executablePath = chromiumExecutable()
  return executablePath ? { executablePath } : {}
}
