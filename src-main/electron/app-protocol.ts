// The app's page is served from `app://renderer/`, not `file://`: a file:// page shares its origin with every
// other file on the disk and gets file-access privileges; a privileged standard scheme gives the renderer an
// origin of its own that serves only the built renderer folder.
import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import type { Protocol } from 'electron'
import { CSP_HEADER } from '../../src-shared/content-security-policy.ts'

export const APP_SCHEME = 'app'
const APP_HOST = 'renderer'
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
}

/** Must run before the app is ready: Chromium learns the scheme's privileges at start-up. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

/** After ready: answers app:// requests from `rendererDir` and nothing else. */
export function serveRenderer(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  const root = realpath(rendererDir)
  protocol.handle(APP_SCHEME, async (request) => answerRendererRequest(await root, request.url))
}

/** The response for one app:// URL; `root` is the renderer folder's real path. */
export async function answerRendererRequest(root: string, url: string): Promise<Response> {
  const file = await rendererFileFor(root, url)
  if (file === undefined) return new Response('Not found', { status: 404 })
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
  const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' }
  // The built page carries the policy as a <meta>; the header adds what a meta policy cannot (frame-ancestors).
  if (type.startsWith('text/html')) headers['Content-Security-Policy'] = CSP_HEADER
  return new Response(new Uint8Array(await readFile(file)), { status: 200, headers })
}

/** The real path of a regular file inside `root` that `url` names, or undefined: no `..`, no symlink out. */
export async function rendererFileFor(root: string, url: string): Promise<string | undefined> {
  let pathname: string
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined
    pathname = decodeURIComponent(parsed.pathname)
  } catch {
    return undefined
  }
  if (pathname.includes('\0')) return undefined
  const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '')
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
