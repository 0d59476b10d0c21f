import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

/**
 * Serves the built renderer (out/renderer) on loopback with no bridge behind it, so the shell suite can
 * check the bundle itself loads in real Chromium. Web mode replaces this once the core serves the renderer.
 */
export async function serveBuiltRenderer(
  root = 'out/renderer',
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const relative = normalize(path === '/' ? '/index.html' : path).replace(/^(\.\.[/\\])+/, '')
    readFile(join(root, relative))
      .then((body) => {
        response.writeHead(200, {
          'Content-Type': CONTENT_TYPES[extname(relative)] ?? 'application/octet-stream',
        })
        response.end(body)
      })
      .catch(() => {
        response.writeHead(404).end()
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
