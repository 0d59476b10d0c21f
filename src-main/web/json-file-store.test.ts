import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordingLogger } from '../../test-support/core/memory-adapters.ts'
import { JsonFileStore } from './json-file-store.ts'

let dir: string
let file: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'json-store-'))
  file = join(dir, 'data', 'settings.json')
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('JsonFileStore', () => {
  it('keeps every set and delete across a reopen', () => {
    const store = new JsonFileStore(file)
    store.set('settings', { language: 'en', nested: { list: [1, 2] } })
    store.set('outbox', ['a'])
    store.set('gone', true)
    store.delete('gone')
    const reopened = new JsonFileStore(file)
    expect(reopened.get('settings')).toEqual({ language: 'en', nested: { list: [1, 2] } })
    expect(reopened.get('outbox')).toEqual(['a'])
    expect(reopened.get('gone')).toBeUndefined()
  })

  it('writes through a temporary file and leaves none behind, owner-only', async () => {
    const store = new JsonFileStore(file)
    store.set('a', 1)
    store.set('b', 2)
    expect(await readdir(join(dir, 'data'))).toEqual(['settings.json'])
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ a: 1, b: 2 })
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('ignores the temporary file a crash left behind, and cleans it up', async () => {
    new JsonFileStore(file).set('a', 'committed')
    // A crash after writing the temporary file but before the rename:
    await writeFile(`${file}.0123456789ab.tmp`, '{"a":"half-writ')
    const reopened = new JsonFileStore(file)
    expect(reopened.get('a')).toBe('committed')
    expect(await readdir(join(dir, 'data'))).toEqual(['settings.json'])
  })

  it('hands out copies, so a caller mutating a value does not change the store unseen', () => {
    const store = new JsonFileStore(file)
    store.set('list', [1])
    const list = store.get('list') as number[]
    list.push(2)
    expect(store.get('list')).toEqual([1])
  })

  it('starts empty on a corrupt file, keeps the bad file aside and logs it', async () => {
    const log = recordingLogger()
    new JsonFileStore(file).set('a', 1)
    await writeFile(file, '{"a": 1, oops')
    const store = new JsonFileStore(file, log)
    expect(store.get('a')).toBeUndefined()
    const names = await readdir(join(dir, 'data'))
    const aside = names.find((name) => name.startsWith('settings.json.corrupt-'))
    expect(aside).toBeDefined()
    expect(await readFile(join(dir, 'data', aside ?? ''), 'utf8')).toBe('{"a": 1, oops')
    expect(log.lines.some((line) => line.startsWith('warn store:'))).toBe(true)
    store.set('b', 2)
    expect(new JsonFileStore(file).get('b')).toBe(2)
  })

  it('treats JSON that is not an object as corrupt too', async () => {
    new JsonFileStore(file).set('a', 1)
    await writeFile(file, '[1,2,3]')
    expect(new JsonFileStore(file).get('0')).toBeUndefined()
  })

  it('keeps a `__proto__` key as plain data', async () => {
    new JsonFileStore(file).set('x', 1)
    await writeFile(file, '{"__proto__": {"polluted": true}, "x": 2}')
    const store = new JsonFileStore(file)
    expect(store.get('x')).toBe(2)
    expect(store.get('polluted')).toBeUndefined()
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})
