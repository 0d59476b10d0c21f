/**
 * Which file of the built renderer a request names, and its type: one rule for the desktop app's `app://` page
 * and web mode's server, so the two shells serve exactly the same files with the same types.
 */
import { realpath, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

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

/** The file's Content-Type; anything unknown is opaque bytes (sent with `nosniff`, never guessed at). */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * The real path of the regular file inside `root` that the URL path `pathname` (still percent-encoded) names,
 * or undefined: `/` is index.html; no `..`, no symlink out, no folders, no NUL. `root` must be a real path
 * (`realpath`), so the containment check is exact.
 */
export async function resolveRendererFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  const candidate = resolve(root, relative)
  if (!candidate.startsWith(root + sep)) return undefined
  try {
    const real = await realpath(candidate)
    if (!real.startsWith(root + sep)) return undefined
    return (await stat(real)).isFile() ? real : undefined
  } catch {
    return undefined
  }
}
