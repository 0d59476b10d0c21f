// Web mode's intake wiring over a real core (memory adapters): the key file, its mode and its rewrite on
// rotation, and the INTAKE line, serving or not.
import { createServer, type Server } from 'node:net'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Core } from '../core/create-core.ts'
import { testCore } from '../../test-support/core/core-on-mock.ts'
import { silentLogger } from '../core/ports.ts'
import { INTAKE_KEY_FILE, startWebIntake } from './intake-wiring.ts'

let dataDir: string
let core: Core
let blocker: Server | undefined

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pos-web-intake-'))
  core = await testCore()
})

afterEach(async () => {
  await core.intake.stop()
  core.dispose()
  if (blocker) await new Promise((resolve) => blocker?.close(resolve))
  blocker = undefined
  await rm(dataDir, { recursive: true, force: true })
})

describe('startWebIntake', () => {
  it('serves on the port asked for, names it and the key file on the INTAKE line, the file readable by its owner only', async () => {
    const intake = await startWebIntake({ core, dataDir, port: 0, log: silentLogger })
    const keyFile = join(dataDir, INTAKE_KEY_FILE)
    const { url, key } = core.intake.info()
    expect(intake.line).toBe(`INTAKE ${url ?? ''} ${keyFile}`)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(key)
    if (process.platform !== 'win32') expect((await stat(keyFile)).mode & 0o777).toBe(0o600)
  })

  it('rewrites the key file when the key is rotated', async () => {
    await startWebIntake({ core, dataDir, port: 0, log: silentLogger })
    const rotated = await core.handlers.rotateIntakeKey(undefined)
    if (!rotated.ok) throw new Error('rotate failed')
    await vi.waitFor(async () =>
      expect((await readFile(join(dataDir, INTAKE_KEY_FILE), 'utf8')).trim()).toBe(rotated.value.key),
    )
  })

  it('says "unavailable" on the INTAKE line and why on stderr when the port is taken', async () => {
    const taken = createServer()
    blocker = taken
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const address = taken.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      const intake = await startWebIntake({ core, dataDir, port: address.port, log: silentLogger })
      expect(intake.line).toBe(`INTAKE unavailable ${join(dataDir, INTAKE_KEY_FILE)}`)
      expect(String(stderr.mock.calls[0]?.[0])).toContain(
        `cannot listen on 127.0.0.1:${String(address.port)} (port-in-use)`,
      )
    } finally {
      stderr.mockRestore()
    }
  })
})
