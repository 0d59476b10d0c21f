import { createReadStream } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import { WEB_SHELL_MARKER } from '../../src-shared/web-bridge-wire.ts'
import { answerPlainText } from './security-headers.ts'

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
}

/** Serves the built renderer's files: `/` is index.html, anything outside the folder does not exist. */
export class RendererFiles {
  readonly #root: string

  /** `root` must be the folder's real path (see `open`), so the containment check is exact. */
  private constructor(root: string) {
    this.#root = root
  }

  static async open(rendererDir: string): Promise<RendererFiles> {
    return new RendererFiles(await realpath(rendererDir))
  }

  async serve(pathname: string, response: ServerResponse, withBody: boolean): Promise<void> {
    const file = await this.#resolve(pathname)
    if (file === undefined) {
      answerPlainText(response, 404, 'Not found')
      return
    }
    const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
    if (file === resolve(this.#root, 'index.html')) {
      const html = Buffer.from(markAsWebShell(await readFile(file, 'utf8')), 'utf8')
      response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': html.length })
      response.end(withBody ? html : undefined)
      return
    }
    const { size } = await stat(file)
    response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': size })
    if (!withBody) {
      response.end()
      return
    }
    const stream = createReadStream(file)
    stream.on('error', () => response.destroy())
    stream.pipe(response)
  }

  /** The real path of a regular file inside the root, or undefined: no `..`, no symlink out, no folders. */
  async #resolve(pathname: string): Promise<string | undefined> {
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return undefined
    }
    if (decoded.includes('\0')) return undefined
    const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '')
    const candidate = resolve(this.#root, relative)
    if (!this.#contains(candidate)) return undefined
    try {
      const real = await realpath(candidate)
      if (!this.#contains(real)) return undefined
      return (await stat(real)).isFile() ? real : undefined
    } catch {
      return undefined
    }
  }

  #contains(path: string): boolean {
    return path.startsWith(this.#root + sep)
  }
}

function markAsWebShell(html: string): string {
  const head = /<head[^>]*>/i.exec(html)
  if (!head) return WEB_SHELL_MARKER + html
  const end = head.index + head[0].length
  return `${html.slice(0, end)}\n    ${WEB_SHELL_MARKER}${html.slice(end)}`
}
