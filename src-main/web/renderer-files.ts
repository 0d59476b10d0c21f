import { createReadStream } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { WEB_SHELL_MARKER } from '../../src-shared/web-bridge-wire.ts'
import { contentTypeOf, resolveRendererFile } from '../core/http/renderer-file.ts'
import { answerPlainText } from './security-headers.ts'

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
    const file = await resolveRendererFile(this.#root, pathname)
    if (file === undefined) {
      answerPlainText(response, 404, 'Not found')
      return
    }
    const contentType = contentTypeOf(file)
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
}

function markAsWebShell(html: string): string {
  const head = /<head[^>]*>/i.exec(html)
  if (!head) return WEB_SHELL_MARKER + html
  const end = head.index + head[0].length
  return `${html.slice(0, end)}\n    ${WEB_SHELL_MARKER}${html.slice(end)}`
}
