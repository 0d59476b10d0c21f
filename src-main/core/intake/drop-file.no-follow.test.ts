// A system that cannot open a name without following a link (Windows: Node has no O_NOFOLLOW there): the take
// then asks lstat first and refuses a link as itself. The flag is read once, at import, so this file imports the
// module with it taken away (a test that re-imported it mid-run would also re-run every module it imports, and
// Stryker would count their module-level values as covered by that one test).
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { takeDropFile } from './drop-file.ts'

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>()
  const constants = { ...real.constants, O_NOFOLLOW: undefined }
  return { ...real, constants, default: { ...real, constants } }
})

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const sameFolder = () => Promise.resolve()
const drop = mkdtempSync(join(tmpdir(), 'drop-no-follow-'))
afterAll(() => rmSync(drop, { recursive: true, force: true }))

it('refuses a link on what lstat says, reads a file, and says a missing name is gone', async () => {
  const path = join(drop, 'order.txt')
  writeFileSync(path, KEY)
  symlinkSync(path, join(drop, 'link'))
  expect(await takeDropFile(join(drop, 'link'), sameFolder)).toMatchObject({
    kind: 'refused',
    reason: 'not-a-file',
  })
  expect(await takeDropFile(path, sameFolder)).toMatchObject({ kind: 'read', bytes: Buffer.from(KEY) })
  expect(await takeDropFile(join(drop, 'never'), sameFolder)).toEqual({ kind: 'gone' })
})
