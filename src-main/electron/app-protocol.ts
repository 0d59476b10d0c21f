// The app's page is served from `app://renderer/`, not `file://`: a file:// page shares its origin with every
// other file on the disk and gets file-access privileges; a privileged standard scheme gives the renderer an
// origin of its own that serves only the built renderer folder.
import { readFile, realpath } from 'node:fs/promises'
import type { Protocol } from 'electron'
import { CSP_HEADER } from '../../src-shared/content-security-policy.ts'
import { contentTypeOf, resolveRendererFile } from '../core/http/renderer-file.ts'

const APP_SCHEME = 'app'
const APP_HOST = 'renderer'
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

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
  const type = contentTypeOf(file)
  const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' }
  // The built page carries the policy as a <meta>; the header adds what a meta policy cannot (frame-ancestors).
  if (type.startsWith('text/html')) headers['Content-Security-Policy'] = CSP_HEADER
  return new Response(new Uint8Array(await readFile(file)), { status: 200, headers })
}

/** The real path of a regular file inside `root` that `url` names, or undefined (renderer-file.ts says which). */
export async function rendererFileFor(root: string, url: string): Promise<string | undefined> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined
  return resolveRendererFile(root, parsed.pathname)
}
