// Which folders may be the drop folder on Windows (D69), run on any OS: node:path is Windows' own here, so
// drive letters, backslashes and case-blind names are what checkDropFolder sees. None of these paths exists on
// the machine running the test; nothing is read from or written to them but a failed look.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkDropFolder } from './drop-folder.ts'

vi.mock('node:path', async () => {
  const { win32 } = await vi.importActual<typeof import('node:path')>('node:path')
  return { ...win32, default: win32 }
})

const HOME = 'C:\\Users\\kasa'
const DATA = 'C:\\Users\\kasa\\AppData\\Roaming\\pos-companion'
const check = (folder: string) =>
  checkDropFolder(folder, { dataDir: DATA, sharedConfirmed: true, home: HOME, platform: 'win32' })
const refused = { ok: false, refusal: 'system-folder' }

describe('checkDropFolder on Windows paths', () => {
  // Windows' defaults, as when the environment does not name them.
  beforeEach(() => {
    vi.stubEnv('SystemRoot', undefined)
    vi.stubEnv('PUBLIC', undefined)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it.each([
    'C:\\',
    'C:\\Program Files',
    'C:\\Program Files (x86)',
    'C:\\ProgramData',
    'C:\\Windows\\Temp',
    'c:\\program files',
    'C:\\Users',
    HOME,
  ])('refuses %s itself', async (folder) => {
    expect(await check(folder)).toEqual(refused)
  })

  it.each([
    'C:\\Windows\\System32\\orders',
    'c:\\windows\\orders',
    'C:\\Users\\Public\\Documents\\orders',
    'C:\\Users\\kasa\\Downloads\\orders',
  ])('refuses %s, inside a folder refused with all it holds', async (folder) => {
    expect(await check(folder)).toEqual(refused)
  })

  it.each(['C:\\Program Files\\POS Siparisleri', 'D:\\POS', 'C:\\Users\\kasa\\POS-Siparisleri'])(
    'judges %s, not there yet, by where it would be',
    async (folder) => {
      expect(await check(folder)).toEqual({ ok: true, folder, exists: false })
    },
  )

  it.each([
    DATA,
    `${DATA}\\orders`,
    'C:\\Users\\kasa\\AppData',
    'c:\\users\\kasa\\appdata\\roaming\\POS-COMPANION',
  ])('refuses the data folder, one inside it or above it: %s', async (folder) => {
    expect(await check(folder)).toEqual({ ok: false, refusal: 'data-folder' })
  })

  it('counts a name beginning with two dots as inside', async () => {
    expect(await check(`${DATA}\\..orders`)).toEqual({ ok: false, refusal: 'data-folder' })
    expect(await check('C:\\Program Files\\..orders')).toEqual({
      ok: true,
      folder: 'C:\\Program Files\\..orders',
      exists: false,
    })
  })

  it('refuses a path that is not absolute', async () => {
    expect(await check('POS')).toEqual({ ok: false, refusal: 'not-a-folder' })
    expect(await check('C:POS')).toEqual({ ok: false, refusal: 'not-a-folder' })
  })
})
