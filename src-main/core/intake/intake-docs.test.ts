// docs/intake-api.md's bash example, run as written against a real intake server: the documented signing is the
// one the app checks, and the example's check of the answer tells the app from a program squatting the port.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeIntake } from '../../../test-support/core/fake-intake.ts'
import { generateIntakeKey } from './intake-key.ts'
import { startIntakeServer } from './intake-server.ts'

const DOC = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'intake-api.md'), 'utf8')
const EXAMPLE = /```bash\n([^]*?)```/.exec(DOC)?.[1] ?? ''
const hasTools = ['curl', 'openssl'].every((tool) =>
  (process.env['PATH'] ?? '').split(':').some((folder) => {
    try {
      readFileSync(join(folder, tool))
      return true
    } catch {
      return false
    }
  }),
)

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** The example with this run's key and address in place of the file and the default port. */
function runExample(key: string, port: number): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = EXAMPLE.replace(/^KEY=.*$/m, `KEY='${key}'`).replace(
    /^API=.*$/m,
    `API=http://127.0.0.1:${String(port)}`,
  )
  expect(script).toContain(`KEY='${key}'`)
  return new Promise((resolve) => {
    execFile('bash', ['-e', '-c', script], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

describe.skipIf(!hasTools)('the bash example in docs/intake-api.md', () => {
  it('adds an order, reads it and asks for its hand-over on the app', async () => {
    const key = generateIntakeKey()
    const intake = new FakeIntake()
    const server = await startIntakeServer({ port: 0, intake, keys: { current: key } })
    closers.push(() => server.close())
    const { code, stdout, stderr } = await runExample(key, server.port)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout.split('\n').map((line) => line.slice(0, 3))).toEqual(['200', '201', '200', '202', ''])
    expect(intake.added.map(({ order }) => order.details.label)).toEqual(['Masa 5'])
    expect(intake.pressed).toEqual(['0f8fad5b-d9cb-469f-a165-70867728950e'])
  })

  it('stops at the first answer that is not signed with the key: a program squatting the port', async () => {
    const squatter = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"signed_in":true,"owed":0}')
    })
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => squatter.close(() => resolve())))
    const { code, stderr } = await runExample(generateIntakeKey(), (squatter.address() as AddressInfo).port)
    expect(code).not.toBe(0)
    expect(stderr).toContain('NOT the app')
  })
})
