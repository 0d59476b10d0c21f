// Issue 20 ("also seen"): another account that can write web mode's data folder can replace settings.json,
// secret.key or the journal. Web mode still starts (the folder may be on purpose), but says so where staff
// and scripts look: stdout and the log.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { killWebMains, runWebMain } from '../../test-support/web/run-web-main.ts'

let dir: string
let rendererDir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-data-warning-'))
  rendererDir = join(dir, 'renderer')
  await mkdir(rendererDir)
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
})

afterEach(async () => {
  killWebMains()
  await rm(dir, { recursive: true, force: true })
})

async function start(dataMode: number) {
  const dataDir = join(dir, 'data')
  await mkdir(dataDir)
  await chmod(dataDir, dataMode)
  const web = runWebMain(['--port', '0', '--data-dir', dataDir, '--renderer-dir', rendererDir])
  await web.ready()
  // The INTAKE line comes last but one when there is a warning: wait for everything after READY.
  await expect.poll(() => web.stdout().split('\n').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
  return { web, dataDir }
}

describe.skipIf(process.platform === 'win32')('web mode on a data folder other accounts can write', () => {
  it('warns on stdout and in the log, after the READY and INTAKE lines', async () => {
    const { web, dataDir } = await start(0o777)
    await expect.poll(() => web.stdout(), { timeout: 15_000 }).toMatch(/^WARNING /m)
    const lines = web.stdout().split('\n')
    expect(lines[0]).toMatch(/^READY /)
    expect(lines[1]).toMatch(/^INTAKE /)
    expect(lines[2]).toContain(dataDir)
    await expect
      .poll(() => readFile(join(dataDir, 'logs', 'main.log'), 'utf8'), { timeout: 15_000 })
      .toContain('other accounts can write the data folder')
  })

  it('says nothing for a folder only its owner can write', async () => {
    const { web } = await start(0o700)
    expect(web.stdout()).not.toContain('WARNING')
  })
})
