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
    '"At start": only the JS that index.html loads (its script and its module preloads); screens loaded on',
    'their first opening are left out.',
  ],
  async run(context) {
    const files = await listFiles(context.rendererDir)
    const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } }
    const html = await readFile(join(context.rendererDir, 'index.html'), 'utf8')
    const atStart = new Set(
      [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.js)"/g)].map((match) =>
        join(context.rendererDir, match[1] ?? ''),
      ),
    )
    let startGzip = 0
    for (const file of files) {
      const kind = extname(file) === '.js' ? 'js' : extname(file) === '.css' ? 'css' : undefined
      if (kind === undefined) continue
      const content = await readFile(file)
      totals[kind].raw += content.length
      const gzip = gzipSync(content).length
      totals[kind].gzip += gzip
      if (atStart.has(file)) startGzip += gzip
    }
    const kB = (bytes: number) => [bytes / 1000]
    return [
      row('Renderer JS, gzip', 'kB', kB(totals.js.gzip), { target: medianAtMost(250) }),
      row('Renderer JS, raw', 'kB', kB(totals.js.raw)),
      row('… of it loaded at start, gzip', 'kB', kB(startGzip)),
      row('Renderer CSS, gzip', 'kB', kB(totals.css.gzip)),
      row('Renderer CSS, raw', 'kB', kB(totals.css.raw)),
    ]
  },
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}
