import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { httpRequest, messagesOf, openBridgeSocket } from '../../test-support/web/clients.ts'
import { killWebMains, runWebMain } from '../../test-support/web/run-web-main.ts'

let dir: string
let rendererDir: string
let dataDir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-main-'))
  rendererDir = join(dir, 'renderer')
  dataDir = join(dir, 'data')
  await mkdir(rendererDir)
  await writeFile(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head></head><body>web mode</body></html>',
  )
})

afterEach(async () => {
  killWebMains()
  await rm(dir, { recursive: true, force: true })
})

describe('npm run web', () => {
  it('prints exactly one READY line, serves the app and the bridge, and exits 0 on SIGTERM', async () => {
    const web = runWebMain([
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--renderer-dir',
      rendererDir,
      '--lang',
      'en',
    ])
    const { port, token } = await web.ready()

    const page = await httpRequest(port, '/')
    expect(page.status).toBe(200)
    expect(page.body).toContain('web mode')

    const opened = await openBridgeSocket(port, { token })
    if (!opened.socket) throw new Error('upgrade refused')
    const messages = messagesOf(opened.socket)
    opened.socket.send(JSON.stringify({ id: 1, call: 'getAppInfo' }))
    const packageJson = JSON.parse(
      await readFile(join(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as {
      version: string
    }
    expect(await messages.answerTo(1)).toEqual({
      id: 1,
      result: { ok: true, value: { name: 'POS Companion', version: packageJson.version, shell: 'web' } },
    })

    // A refused update leaves the real core's settings file as it was; a valid one lands in the data dir.
    opened.socket.send(JSON.stringify({ id: 2, call: 'updateSettings', input: { language: 'xx' } }))
    expect(await messages.answerTo(2)).toMatchObject({
      result: { ok: false, error: { problem: 'malformed' } },
    })
    // The file may hold the intake key (encrypted) from the start; the refused update wrote no settings.
    const file = join(dataDir, 'settings.json')
    const stored = existsSync(file)
      ? (JSON.parse(await readFile(file, 'utf8')) as { settings?: unknown })
      : {}
    expect(stored.settings).toBeUndefined()
    opened.socket.send(JSON.stringify({ id: 3, call: 'getSettings' }))
    expect(await messages.answerTo(3)).toMatchObject({ result: { ok: true, value: { language: 'en' } } })
    opened.socket.send(JSON.stringify({ id: 4, call: 'updateSettings', input: { platformTimeZone: 'UTC' } }))
    expect(await messages.answerTo(4)).toMatchObject({ result: { ok: true } })
    const saved = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as { settings: unknown }
    // `--lang en` holds for this run only: the settings change saves the staff's change, not the flag (D34).
    expect(saved.settings).toMatchObject({ platformTimeZone: 'UTC', language: 'tr' })
    opened.socket.terminate()

    web.process.kill('SIGTERM')
    expect(await web.exited).toBe(0)
    expect(web.stdout()).toMatch(/^READY [^\n]+\nINTAKE http:\/\/127\.0\.0\.1:\d+ [^\n]+intake-key\.txt\n$/)
    expect(web.stderr()).not.toContain(token)
  })

  it('refuses a second process on the same data folder, and takes the folder over after a crash', async () => {
    const args = ['--port', '0', '--data-dir', dataDir, '--renderer-dir', rendererDir]
    const first = runWebMain(args)
    await first.ready()
    const second = runWebMain(args)
    expect(await second.exited).toBe(1)
    expect(second.stderr()).toContain('is in use by another POS Companion (web mode, pid')
    first.process.kill('SIGKILL')
    await first.exited
    const third = runWebMain(args)
    await third.ready()
  })

  it('takes the platform address for this run from --api-base', async () => {
    const web = runWebMain([
      '--data-dir',
      dataDir,
      '--renderer-dir',
      rendererDir,
      '--api-base',
      'https://platform.example/',
    ])
    const { port, token } = await web.ready()
    const opened = await openBridgeSocket(port, { token })
    if (!opened.socket) throw new Error('upgrade refused')
    const messages = messagesOf(opened.socket)
    opened.socket.send(JSON.stringify({ id: 1, call: 'getSettings' }))
    expect(await messages.answerTo(1)).toMatchObject({
      result: { ok: true, value: { platformAddress: 'https://platform.example' } },
    })
    opened.socket.terminate()
  })

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', 'eighty'], /--port/],
    [['--port', '70000'], /--port/],
    [['--lang', 'de'], /--lang/],
    [['--api-base', 'http://platform.example'], /https/],
    [['stray'], /Unexpected argument/],
  ])('refuses %j with one line on stderr and exit code 2', async (args, message) => {
    const web = runWebMain([...args, '--data-dir', dataDir, '--renderer-dir', rendererDir])
    expect(await web.exited).toBe(2)
    expect(web.stdout()).toBe('')
    expect(web.stderr()).toMatch(message)
    expect(web.stderr().trimEnd().split('\n')).toHaveLength(1)
  })

  it('exits 2 and says to build when the renderer is missing', async () => {
    const web = runWebMain(['--data-dir', dataDir, '--renderer-dir', join(dir, 'nothing-here')])
    expect(await web.exited).toBe(2)
    expect(web.stdout()).toBe('')
    expect(web.stderr()).toMatch(/npm run build/)
    expect(web.stderr().trimEnd().split('\n')).toHaveLength(1)
  })

  it('exits 2 when --extra-ca is no PEM file', async () => {
    await writeFile(join(dir, 'not.pem'), 'hello')
    const web = runWebMain([
      '--data-dir',
      dataDir,
      '--renderer-dir',
      rendererDir,
      '--extra-ca',
      join(dir, 'not.pem'),
    ])
    expect(await web.exited).toBe(2)
    expect(web.stderr()).toMatch(/--extra-ca/)
  })
})
