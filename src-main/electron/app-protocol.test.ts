import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CSP_HEADER } from '../../src-shared/content-security-policy.ts'
import {
  answerRendererRequest,
  APP_ENTRY_URL,
  registerAppScheme,
  rendererFileFor,
  serveRenderer,
} from './app-protocol.ts'

let base: string
let root: string

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'app-protocol-')))
  root = join(base, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>')
  await writeFile(join(root, 'assets', 'index.js'), 'console.log(1)')
  await writeFile(join(base, 'secret.txt'), 'not for the renderer')
  await mkdir(join(base, 'renderer-evil'))
  await writeFile(join(base, 'renderer-evil', 'x.js'), 'evil')
  await symlink(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'))
})
afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

describe('the app:// protocol', () => {
  it('is registered as a privileged standard, secure scheme', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() }
    registerAppScheme(protocol)
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) as unknown },
    ])
  })

  it('serves the built page with its policy, and the assets beside it', async () => {
    const page = await answerRendererRequest(root, APP_ENTRY_URL)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(CSP_HEADER)
    expect(await page.text()).toContain('<title>app</title>')
    const script = await answerRendererRequest(root, 'app://renderer/assets/index.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe('console.log(1)')
  })

  it.each([
    ['a parent folder', 'app://renderer/../secret.txt'],
    ['an encoded parent folder', 'app://renderer/%2e%2e/secret.txt'],
    ['encoded slashes', 'app://renderer/assets%2f..%2f..%2fsecret.txt'],
    ['a sibling folder sharing the prefix', 'app://renderer/..%2frenderer-evil/x.js'],
    ['a symlink out of the folder', 'app://renderer/assets/link.txt'],
    ['a folder', 'app://renderer/assets'],
    ['a NUL byte', 'app://renderer/index.html%00.js'],
    ['a broken escape', 'app://renderer/%E0%A4%A'],
    ['another host', 'app://evil/index.html'],
    ['another scheme', `file://${root}/index.html`],
    ['a missing file', 'app://renderer/missing.js'],
  ])('answers 404 for %s', async (_label, url) => {
    expect(await rendererFileFor(root, url)).toBeUndefined()
    expect((await answerRendererRequest(root, url)).status).toBe(404)
  })

  it('handles the scheme from the real path of the renderer folder', async () => {
    let handler: ((request: Request) => Promise<Response>) | undefined
    serveRenderer({ handle: (_scheme, h) => (handler = h as typeof handler) }, root)
    const answer = await handler?.(new Request('app://renderer/assets/index.js'))
    expect(answer?.status).toBe(200)
  })
})
