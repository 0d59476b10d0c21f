// The one loopback HTTP rule set (src-main/core/http), seen through both of its users: the POS intake API and web mode answer the
// same Host names and serve the renderer's files with the same types as the desktop app's app:// page.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeIntake, send } from '../../test-support/core/fake-intake.ts'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'
import { httpRequest } from '../../test-support/web/clients.ts'
import { stubCore } from '../../test-support/web/stub-core.ts'
import { loopbackHosts } from '../core/http/loopback-server.ts'
import { generateIntakeKey } from '../core/intake/intake-key.ts'
import { startIntakeServer, type IntakeServer } from '../core/intake/intake-server.ts'
import { startWebServer, type WebServer } from '../web/server.ts'
import { answerRendererRequest } from './app-protocol.ts'

const EXTENSIONS = [
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.map',
  '.json',
  '.svg',
  '.png',
  '.webp',
  '.woff2',
  '.wasm',
  '.bin',
]

let base: string
let rendererDir: string
let web: WebServer
let intake: IntakeServer

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'loopback-')))
  rendererDir = join(base, 'renderer')
  await mkdir(join(rendererDir, 'assets'), { recursive: true })
  await writeFile(join(rendererDir, 'index.html'), '<html><head></head></html>')
  for (const extension of EXTENSIONS) await writeFile(join(rendererDir, 'assets', `file${extension}`), 'x')
  web = await startWebServer({ core: stubCore().core, rendererDir, port: 0, log: recordingLogger() })
  intake = await startIntakeServer({
    port: 0,
    intake: new FakeIntake(),
    keys: { current: generateIntakeKey() },
  })
})
afterAll(async () => {
  await web.close()
  await intake.close()
  await rm(base, { recursive: true, force: true })
})

describe('the Host names a loopback server answers to', () => {
  it('are the loopback address and localhost, always with the port, even on port 80', () => {
    expect([...loopbackHosts(80)]).toEqual(['127.0.0.1:80', 'localhost:80'])
  })

  it.each([
    ['127.0.0.1:PORT', true],
    ['LOCALHOST:PORT', true],
    ['127.0.0.1', false],
    ['localhost', false],
    ['[::1]:PORT', false],
    ['evil.example:PORT', false],
  ])('%s is answered by both servers alike: %s', async (pattern, allowed) => {
    const intakeAnswer = await send(intake.port, {
      path: '/v1/health',
      headers: { Host: pattern.replace('PORT', String(intake.port)) },
    })
    const webAnswer = await httpRequest(web.port, '/', { host: pattern.replace('PORT', String(web.port)) })
    expect([intakeAnswer.status === 200, webAnswer.status === 200]).toEqual([allowed, allowed])
  })
})

describe('the renderer’s files', () => {
  it.each(EXTENSIONS)('a %s file has the same Content-Type in app:// and in web mode', async (extension) => {
    const path = `/assets/file${extension}`
    const desktop = await answerRendererRequest(rendererDir, `app://renderer${path}`)
    const browser = await httpRequest(web.port, path)
    expect(desktop.status).toBe(200)
    expect(browser.status).toBe(200)
    expect(desktop.headers.get('content-type')).toBe(browser.headers['content-type'])
  })
})
