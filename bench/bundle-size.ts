// 4. Renderer bundle: what a browser downloads to start the app, raw and gzip-compressed.
import { readdir, readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { medianAtMost, row, type Benchmark } from './report.ts'

export const bundleSize: Benchmark = {
  id: 'bundle',
  title: '4. Renderer bundle.',
  definitions: [
    'The renderer built for this run (`electron-vite build`, the production settings): the sum over every',
    '.js and every .css file in it, raw and gzip-compressed with zlib at its default level (6), per file.',
  ],
  async run(context) {
    const files = await listFiles(context.rendererDir)
    const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } }
    for (const file of files) {
      const kind = extname(file) === '.js' ? 'js' : extname(file) === '.css' ? 'css' : undefined
      if (kind === undefined) continue
      const content = await readFile(file)
      totals[kind].raw += content.length
      totals[kind].gzip += gzipSync(content).length
    }
    const kB = (bytes: number) => [bytes / 1000]
    return [
      row('Renderer JS, gzip', 'kB', kB(totals.js.gzip), { target: medianAtMost(250) }),
      row('Renderer JS, raw', 'kB', kB(totals.js.raw)),
      row('Renderer CSS, gzip', 'kB', kB(totals.css.gzip)),
      row('Renderer CSS, raw', 'kB', kB(totals.css.raw)),
    ]
  },
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}
