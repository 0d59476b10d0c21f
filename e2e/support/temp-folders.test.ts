import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempFolder, openTempRoot, TEMP_ROOT_VARIABLE, withTempFolder } from './temp-folders.ts'

describe('e2e temp folders', () => {
  const before = process.env[TEMP_ROOT_VARIABLE]
  afterEach(() => {
    if (before === undefined) Reflect.deleteProperty(process.env, TEMP_ROOT_VARIABLE)
    else process.env[TEMP_ROOT_VARIABLE] = before
  })

  it('makes each folder under the run root, and the check passes once they are gone', async () => {
    const check = await openTempRoot()
    const root = process.env[TEMP_ROOT_VARIABLE] as string
    let seen = ''
    await withTempFolder('t-', async (folder) => {
      seen = folder
      expect(folder.startsWith(join(root, 't-'))).toBe(true)
      await mkdir(join(folder, 'inside'))
    })
    expect(existsSync(seen)).toBe(false)
    await check()
    expect(existsSync(root)).toBe(false)
  })

  it('removes the folder when the body throws', async () => {
    const check = await openTempRoot()
    let seen = ''
    await expect(
      withTempFolder('t-', (folder) => {
        seen = folder
        return Promise.reject(new Error('the test failed'))
      }),
    ).rejects.toThrow('the test failed')
    expect(seen).not.toBe('')
    expect(existsSync(seen)).toBe(false)
    await check()
  })

  it('fails the run, naming them, when folders are left behind', async () => {
    const check = await openTempRoot()
    const root = process.env[TEMP_ROOT_VARIABLE] as string
    const leaked = await makeTempFolder('e2e-app-')
    await expect(check()).rejects.toThrow(`left 1 temp folder(s) behind: ${leaked.slice(root.length + 1)}`)
    expect(existsSync(root)).toBe(false)
  })
})
