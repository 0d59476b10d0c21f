// Which folders may be the drop folder (D69, issue 27): checkDropFolder, createDropFolder, createPosFolder and
// web mode's othersCanWrite, over real folders, links, owners and modes in temp folders. Apart from the watching
// tests beside it: these answer in milliseconds, so a change to the folder rules is found without a watcher
// started first (Stryker runs each mutant's quickest covering file first).
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { isMainThread } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  checkDropFolder,
  createDropFolder,
  createPosFolder,
  DropFolder,
  DropFolderRefused,
  othersCanWrite,
  POS_FOLDER_NAME,
} from './drop-folder.ts'
import { fakeOs } from '../../../test-support/core/fake-os.ts'

// os.homedir() and os.tmpdir() are a test's temp folders while it runs (fake-os.ts).
vi.mock('node:os', (original) =>
  import('../../../test-support/core/fake-os.ts').then((fake) => fake.fakeOsModule(original)),
)

/** A folder the OS will not let the app make (its parent's ACL, say), and the Windows ACL reader. */
const seams = vi.hoisted(() => ({
  mkdirFails: undefined as string | undefined,
  windows: undefined as { user: string; acls: Map<string, string> } | undefined,
}))
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  const mkdir = ((path: string, ...rest: unknown[]) =>
    path === seams.mkdirFails
      ? Promise.reject(
          Object.assign(new Error(`EACCES: permission denied, mkdir '${path}'`), { code: 'EACCES' }),
        )
      : (real.mkdir as (...args: unknown[]) => Promise<unknown>)(path, ...rest)) as typeof real.mkdir
  return { ...real, mkdir, default: { ...real, mkdir } }
})
vi.mock('./windows-acl.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./windows-acl.ts')>()
  return {
    ...real,
    currentUserSid: () => (seams.windows ? Promise.resolve(seams.windows.user) : real.currentUserSid()),
    readWindowsAcl: (folder: string) => {
      if (!seams.windows) return real.readWindowsAcl(folder)
      const sddl = seams.windows.acls.get(folder)
      // What icacls says of a folder the test did not name: SYSTEM and the Administrators own it.
      return Promise.resolve(
        real.parseSddl(sddl ?? 'O:SYD:PAI(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;FX;;;BU)'),
      )
    },
  }
})

const posix = process.platform !== 'win32'
const root = process.getuid?.() === 0
/** Someone else: an account that is neither the app's user nor root. */
const STRANGER = 4242

let base: string
/** An ordinary folder only this user controls, under a parent only this user controls. */
let folder: string
let dataDir: string

beforeEach(async () => {
  // A parent only this user controls: a folder right in /tmp is refused (its parent is shared).
  base = await mkdtemp(join(tmpdir(), 'drop-check-'))
  folder = join(base, 'pos')
  mkdirSync(folder, { mode: 0o700 })
  dataDir = join(base, 'data')
  mkdirSync(dataDir, { mode: 0o700 })
  fakeOs.home = join(base, 'real-home')
})

afterEach(async () => {
  vi.unstubAllEnvs()
  seams.mkdirFails = undefined
  seams.windows = undefined
  fakeOs.home = undefined
  fakeOs.temp = undefined
  await rm(base, { recursive: true, force: true })
})

// Item 5: which folders may be the drop folder at all. A fake home in a temp folder stands in for the staff's.
describe('checkDropFolder', () => {
  let home: string
  /** Where the desktop app keeps its data on Linux. */
  let appData: string
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'drop-home-'))
    for (const sub of ['Downloads', 'Desktop', 'Downloads/orders']) mkdirSync(join(home, sub))
    appData = join(home, '.config', 'pos-companion')
    mkdirSync(join(appData, 'logs'), { recursive: true })
  })
  afterEach(() => rm(home, { recursive: true, force: true }))

  const check = (path: string, sharedConfirmed = false) =>
    checkDropFolder(path, { dataDir: appData, sharedConfirmed, home })

  it('takes an ordinary folder only its owner can write, by its real path', async () => {
    symlinkSync(folder, join(home, 'orders-link'))
    expect(await check(join(home, 'orders-link'))).toEqual({ ok: true, folder, exists: true })
  })

  it.each([
    ['the data folder', () => appData],
    ['a folder inside it', () => join(appData, 'logs')],
    ['a folder not made yet inside it', () => join(appData, 'new', 'orders')],
    ['the folder above it', () => dirname(appData)],
  ])('refuses %s', async (_name, path) => {
    expect(await check(path())).toEqual({ ok: false, refusal: 'data-folder' })
  })

  it('refuses a link that leads into the data folder', async () => {
    symlinkSync(appData, join(home, 'innocent'))
    expect(await check(join(home, 'innocent'))).toEqual({ ok: false, refusal: 'data-folder' })
  })

  it.each([
    ['the root', () => '/'],
    ['the home folder', () => home],
    ['Downloads', () => join(home, 'Downloads')],
    ['a folder inside Downloads', () => join(home, 'Downloads', 'orders')],
    ['Desktop', () => join(home, 'Desktop')],
    ['the shared temp folder', () => tmpdir()],
  ])('refuses %s, even when confirmed', async (_name, path) => {
    expect(await check(path(), true)).toEqual({ ok: false, refusal: 'system-folder' })
  })

  it('refuses a world-writable folder until staff confirm it', async () => {
    chmodSync(folder, 0o777)
    expect(await check(folder)).toEqual({ ok: false, refusal: 'shared' })
    expect(await check(folder, true)).toEqual({ ok: true, folder, exists: true })
  })

  it('refuses a folder whose parent others can write (they could swap it), even confirmed', async () => {
    const parent = join(folder, 'open')
    mkdirSync(join(parent, 'orders'), { recursive: true })
    chmodSync(parent, 0o777)
    expect(await check(join(parent, 'orders'), true)).toEqual({ ok: false, refusal: 'shared-parent' })
    // The sticky bit (as on /tmp) counts too for the direct parent (issue 27)...
    chmodSync(parent, 0o1777)
    expect(await check(join(parent, 'orders'), true)).toEqual({ ok: false, refusal: 'shared-parent' })
    // ... but not further up: others cannot rename a folder of ours in it.
    mkdirSync(join(parent, 'ours', 'orders'), { recursive: true })
    expect(await check(join(parent, 'ours', 'orders'))).toEqual({
      ok: true,
      folder: join(parent, 'ours', 'orders'),
      exists: true,
    })
    // Without the sticky bit further up, they could rename ours away and put a link in its place.
    chmodSync(parent, 0o777)
    expect(await check(join(parent, 'ours', 'orders'))).toEqual({ ok: false, refusal: 'shared-parent' })
  })

  it('judges a folder not made yet by where it would be, and says it does not exist', async () => {
    expect(await check(join(folder, 'new', 'orders'))).toEqual({
      ok: true,
      folder: join(folder, 'new', 'orders'),
      exists: false,
    })
  })

  it('refuses a file', async () => {
    writeFileSync(join(folder, 'file'), '')
    expect(await check(join(folder, 'file'))).toEqual({ ok: false, refusal: 'not-a-folder' })
  })
})

// Which folders may be the drop folder (D69). A home that does not exist stands in for the staff's where only
// the fixed system places are meant: nothing under it is refused as the home's.
describe('checkDropFolder: system places', () => {
  const noHome = () => join(base, 'no-such-home')
  const check = (path: string, options: { home?: string; platform?: NodeJS.Platform } = {}) =>
    checkDropFolder(path, { dataDir, sharedConfirmed: true, home: noHome(), ...options })
  const refused = { ok: false, refusal: 'system-folder' }

  it('refuses a relative path', async () => {
    expect(await check('orders')).toEqual({ ok: false, refusal: 'not-a-folder' })
  })

  it
    .runIf(posix)
    .each(['/var/tmp', '/etc', '/usr', '/var', '/opt', '/home', '/Users', '/Volumes', '/mnt', '/media'])(
    'refuses %s itself, but not a folder of its own inside it',
    async (place) => {
      expect(await check(place)).toEqual(refused)
      const inside = join(place, 'pos-companion-no-such-folder')
      expect(await check(inside)).toEqual({ ok: true, folder: inside, exists: false })
    },
  )

  it.runIf(posix)('refuses /tmp, wherever the temp folder is set', async () => {
    fakeOs.temp = base
    // A home outside /tmp: a folder above the home is refused for that alone.
    expect(await check('/tmp', { home: '/pos-companion-no-such-home' })).toEqual(refused)
  })

  it
    .runIf(posix)
    .each([
      '/proc',
      '/sys',
      '/dev',
      '/bin',
      '/sbin',
      '/lib',
      '/boot',
      '/System',
      '/Library',
      '/Applications',
      '/private/var/tmp',
    ])('refuses anything inside %s', async (place) => {
    expect(await check(join(place, 'pos-companion-no-such-folder'))).toEqual(refused)
  })

  it('refuses Documents in the home', async () => {
    const home = join(base, 'home')
    mkdirSync(join(home, 'Documents'), { recursive: true })
    expect(await check(join(home, 'Documents'), { home })).toEqual(refused)
    expect(await check(join(home, 'Documents', 'orders'), { home })).toMatchObject({ ok: true })
  })

  it('refuses a folder above the home', async () => {
    const home = join(base, 'users', 'staff')
    mkdirSync(home, { recursive: true })
    expect(await check(join(base, 'users'), { home })).toEqual(refused)
  })

  it.runIf(posix)('refuses Windows’ own folders named by its environment', async () => {
    vi.stubEnv('SystemRoot', join(base, 'Windows'))
    vi.stubEnv('PUBLIC', join(base, 'Public'))
    try {
      const windows = { platform: 'win32' as const }
      expect(await check(join(base, 'Windows', 'Temp'), windows)).toEqual(refused)
      expect(await check(join(base, 'Windows', 'System32', 'orders'), windows)).toEqual(refused)
      expect(await check(join(base, 'Public', 'orders'), windows)).toEqual(refused)
      // Elsewhere they are ordinary folders.
      expect(await check(join(base, 'Public', 'orders'))).toMatchObject({ ok: true })
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('refuses the Linux desktop’s own Desktop, Downloads and Documents, named in the user’s language', async () => {
    const home = join(base, 'home')
    mkdirSync(join(home, '.config'), { recursive: true })
    writeFileSync(
      join(home, '.config', 'user-dirs.dirs'),
      [
        '# XDG_DESKTOP_DIR="$HOME/Yorum"',
        'XDG_DESKTOP_DIR="$HOME/Masaüstü"',
        'XDG_DOWNLOAD_DIR="$HOME/İndirilenler"',
        `XDG_DOCUMENTS_DIR="${base}/Belgeler-$HOME"`,
        '',
      ].join('\n'),
    )
    const at = { home }
    expect(await check(join(home, 'Masaüstü'), at)).toEqual(refused)
    expect(await check(join(home, 'İndirilenler'), at)).toEqual(refused)
    expect(await check(join(home, 'İndirilenler', 'siparis'), at)).toEqual(refused)
    expect(await check(`${base}/Belgeler-$HOME`, at)).toEqual(refused)
    // Only Downloads counts with what is inside it; a commented line is no folder.
    expect(await check(join(home, 'Masaüstü', 'siparis'), at)).toMatchObject({ ok: true })
    expect(await check(join(home, 'Yorum'), at)).toMatchObject({ ok: true })
    expect(await check(`${base}/Belgeler-${home}`, at)).toMatchObject({ ok: true })
  })
})

describe('checkDropFolder: names told apart as the file system does', () => {
  it('counts a folder whose name begins with two dots as inside, not above', async () => {
    const home = join(base, 'home')
    mkdirSync(join(home, 'Downloads', '..orders'), { recursive: true, mode: 0o700 })
    mkdirSync(join(dataDir, '..orders'), { mode: 0o700 })
    const check = (path: string) => checkDropFolder(path, { dataDir, sharedConfirmed: false, home })
    expect(await check(join(dataDir, '..orders'))).toEqual({ ok: false, refusal: 'data-folder' })
    expect(await check(join(home, 'Downloads', '..orders'))).toEqual({ ok: false, refusal: 'system-folder' })
  })

  it('takes the folder that holds Downloads when it is not home', async () => {
    const home = join(base, 'home')
    mkdirSync(join(home, '.config'), { recursive: true })
    mkdirSync(join(home, 'Files', 'İndirilenler'), { recursive: true, mode: 0o700 })
    writeFileSync(join(home, '.config', 'user-dirs.dirs'), 'XDG_DOWNLOAD_DIR="$HOME/Files/İndirilenler"\n')
    const check = (path: string) => checkDropFolder(path, { dataDir, sharedConfirmed: false, home })
    expect(await check(join(home, 'Files', 'İndirilenler', 'x'))).toEqual({
      ok: false,
      refusal: 'system-folder',
    })
    expect(await check(join(home, 'Files', 'orders'))).toMatchObject({ ok: true })
    expect(await check(join(home, 'Files'))).toMatchObject({ ok: true })
  })

  it('finds the data folder under another case on Windows and macOS, not on Linux', async () => {
    mkdirSync(join(base, 'Data'), { mode: 0o700 })
    const check = (platform: NodeJS.Platform) =>
      checkDropFolder(dataDir, { dataDir: join(base, 'Data'), sharedConfirmed: false, platform })
    expect(await check('win32')).toEqual({ ok: false, refusal: 'data-folder' })
    expect(await check('darwin')).toEqual({ ok: false, refusal: 'data-folder' })
    expect(await check('linux')).toEqual({ ok: true, folder: dataDir, exists: true })
    const inside = join(base, 'data', 'orders')
    const checkInside = (platform: NodeJS.Platform) =>
      checkDropFolder(inside, { dataDir: join(base, 'Data'), sharedConfirmed: false, platform })
    expect(await checkInside('darwin')).toEqual({ ok: false, refusal: 'data-folder' })
    expect(await checkInside('linux')).toMatchObject({ ok: true })
  })

  it('tells the dotless ı from i on macOS, as its file system does', async () => {
    const data = join(base, 'veritabanı')
    mkdirSync(data, { mode: 0o700 })
    const other = join(base, 'veritabani')
    mkdirSync(other, { mode: 0o700 })
    expect(
      await checkDropFolder(other, { dataDir: data, sharedConfirmed: false, platform: 'darwin' }),
    ).toEqual({
      ok: true,
      folder: other,
      exists: true,
    })
  })

  it('refuses a folder not made yet behind a link into the data folder', async () => {
    symlinkSync(dataDir, join(base, 'innocent'))
    expect(
      await checkDropFolder(join(base, 'innocent', 'new', 'orders'), { dataDir, sharedConfirmed: false }),
    ).toEqual({ ok: false, refusal: 'data-folder' })
  })

  it('judges who may write only on the platform it runs on', async () => {
    chmodSync(folder, 0o777)
    const platform = process.platform === 'darwin' ? 'linux' : 'darwin'
    expect(await checkDropFolder(folder, { dataDir, sharedConfirmed: false, platform })).toEqual({
      ok: true,
      folder,
      exists: true,
    })
  })
})

// As root (the CI container) a folder can be given to another account: who owns what above the folder counts.
describe.runIf(posix && root)('checkDropFolder: owners and groups', () => {
  const check = (path: string, sharedConfirmed = false) => checkDropFolder(path, { dataDir, sharedConfirmed })

  it('refuses a folder another account owns unless staff confirmed it', async () => {
    chownSync(folder, STRANGER, 0)
    expect(await check(folder)).toEqual({ ok: false, refusal: 'shared' })
    expect(await check(folder, true)).toEqual({ ok: true, folder, exists: true })
  })

  it('refuses a folder whose parent or a folder further up another account owns, even confirmed', async () => {
    mkdirSync(join(folder, 'a', 'b'), { recursive: true, mode: 0o700 })
    chownSync(join(folder, 'a'), STRANGER, 0)
    expect(await check(join(folder, 'a', 'b'), true)).toEqual({ ok: false, refusal: 'shared-parent' })
    mkdirSync(join(folder, 'a', 'b', 'c'), { mode: 0o700 })
    expect(await check(join(folder, 'a', 'b', 'c'), true)).toEqual({ ok: false, refusal: 'shared-parent' })
  })

  it('refuses a folder its group may write when the group is not the user’s own', async () => {
    chmodSync(folder, 0o770)
    expect(await check(folder)).toEqual({ ok: true, folder, exists: true })
    chownSync(folder, 0, STRANGER)
    expect(await check(folder)).toEqual({ ok: false, refusal: 'shared' })
    chmodSync(folder, 0o750)
    expect(await check(folder)).toEqual({ ok: true, folder, exists: true })
  })

  it('refuses a folder that is itself shared and sticky', async () => {
    chmodSync(folder, 0o1777)
    expect(await check(folder)).toEqual({ ok: false, refusal: 'shared' })
  })
})

// The same rules for a staff user who is not root (the uid and gid the code sees are that user's).
describe.runIf(posix && root)('checkDropFolder and othersCanWrite for a user other than root', () => {
  const USER = 4343
  beforeEach(() => {
    vi.spyOn(process, 'getuid').mockReturnValue(USER)
    vi.spyOn(process, 'getgid').mockReturnValue(USER)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('trusts the user’s own folder under folders root owns, and no other account’s', async () => {
    chownSync(folder, USER, USER)
    expect(await checkDropFolder(folder, { dataDir, sharedConfirmed: false })).toEqual({
      ok: true,
      folder,
      exists: true,
    })
    expect(await othersCanWrite(folder)).toBe(false)
    chownSync(folder, STRANGER, USER)
    expect(await checkDropFolder(folder, { dataDir, sharedConfirmed: false })).toEqual({
      ok: false,
      refusal: 'shared',
    })
    expect(await othersCanWrite(folder)).toBe(true)
  })

  it('trusts a folder root owns', async () => {
    expect(await checkDropFolder(folder, { dataDir, sharedConfirmed: false })).toEqual({
      ok: true,
      folder,
      exists: true,
    })
    expect(await othersCanWrite(folder)).toBe(false)
  })
})

describe.runIf(posix)('othersCanWrite', () => {
  it('is false for a folder only its owner can write, under parents others cannot swap', async () => {
    expect(await othersCanWrite(folder)).toBe(false)
    expect(await othersCanWrite(join(folder, 'not-made-yet'))).toBe(false)
  })

  it('is true for a folder everyone can write, sticky or not', async () => {
    chmodSync(folder, 0o777)
    expect(await othersCanWrite(folder)).toBe(true)
    chmodSync(folder, 0o1777)
    expect(await othersCanWrite(folder)).toBe(true)
  })

  it('counts a parent everyone can write, unless it is sticky', async () => {
    mkdirSync(join(folder, 'data'), { mode: 0o700 })
    chmodSync(folder, 0o777)
    expect(await othersCanWrite(join(folder, 'data'))).toBe(true)
    chmodSync(folder, 0o1777)
    expect(await othersCanWrite(join(folder, 'data'))).toBe(false)
  })

  it.runIf(root)('counts another owner, and a group write for a group not the user’s', async () => {
    chownSync(folder, STRANGER, 0)
    expect(await othersCanWrite(folder)).toBe(true)
    chownSync(folder, 0, 0)
    chmodSync(folder, 0o770)
    expect(await othersCanWrite(folder)).toBe(false)
    chownSync(folder, 0, STRANGER)
    expect(await othersCanWrite(folder)).toBe(true)
    chmodSync(folder, 0o750)
    expect(await othersCanWrite(folder)).toBe(false)
  })
})

describe.runIf(posix)('createDropFolder and createPosFolder', () => {
  const createdFile = () => join(dataDir, 'drop-folder', 'created.json')
  const records = () => JSON.parse(readFileSync(createdFile(), 'utf8')) as { folder: string }[]

  it('never creates over a link to nowhere named by way of a folder that is not there', async () => {
    symlinkSync(join(base, 'nowhere'), join(base, 'c'))
    expect(await createDropFolder(`${base}/missing/../c`, { dataDir })).toEqual({
      ok: false,
      refusal: 'exists',
    })
    expect(existsSync(join(base, 'nowhere'))).toBe(false)
  })

  it('makes nothing where checkDropFolder refuses', async () => {
    expect(await createDropFolder(join(dataDir, 'orders'), { dataDir })).toEqual({
      ok: false,
      refusal: 'data-folder',
    })
    expect(existsSync(join(dataDir, 'orders'))).toBe(false)
  })

  it('makes the folders above it that are missing, and keeps its record owner-only', async () => {
    const made = join(base, 'a', 'b', 'orders')
    expect(await createDropFolder(made, { dataDir })).toEqual({ ok: true, folder: made })
    expect(statSync(made).isDirectory()).toBe(true)
    expect(statSync(createdFile()).mode & 0o777).toBe(0o600)
  })

  it('fails, rather than say it exists, when the OS will not let it make the folder', async () => {
    const made = join(base, 'not-allowed')
    seams.mkdirFails = made
    await expect(createDropFolder(made, { dataDir })).rejects.toMatchObject({ code: 'EACCES' })
  })

  it('keeps one record per folder it made, each of them trusted in a shared parent', async () => {
    const shared = join(base, 'shared')
    mkdirSync(shared)
    chmodSync(shared, 0o1777)
    const [one, two] = [join(shared, 'one'), join(shared, 'two')]
    expect(await createDropFolder(one, { dataDir })).toEqual({ ok: true, folder: one })
    expect(await createDropFolder(two, { dataDir })).toEqual({ ok: true, folder: two })
    for (const made of [one, two])
      expect(await checkDropFolder(made, { dataDir, sharedConfirmed: false })).toMatchObject({ ok: true })
    // Made again after it was removed: one record for it, of the folder there now.
    rmdirSync(one)
    expect(await createDropFolder(one, { dataDir })).toEqual({ ok: true, folder: one })
    expect(
      records()
        .map((record) => record.folder)
        .sort(),
    ).toEqual([one, two])
    expect(await checkDropFolder(one, { dataDir, sharedConfirmed: false })).toMatchObject({ ok: true })
  })

  it('trusts in a shared parent only the very folder it made: its path, device and inode', async () => {
    const shared = join(base, 'shared')
    mkdirSync(shared)
    chmodSync(shared, 0o1777)
    const made = join(shared, 'orders')
    expect(await createDropFolder(made, { dataDir })).toEqual({ ok: true, folder: made })
    const [record] = records() as { folder: string; dev: number; ino: number }[]
    if (record === undefined) throw new Error('no record')
    const trusted = () => checkDropFolder(made, { dataDir, sharedConfirmed: true })
    expect(await trusted()).toMatchObject({ ok: true })
    // A record of another folder, or of another folder once under this name: not this one.
    const other = join(shared, 'other')
    mkdirSync(other)
    for (const wrong of [
      { ...record, folder: other },
      { ...record, dev: record.dev + 1 },
      { ...record, ino: record.ino + 1 },
    ]) {
      writeFileSync(createdFile(), JSON.stringify([wrong]))
      expect(await trusted()).toEqual({ ok: false, refusal: 'shared-parent' })
    }
  })

  it('makes the POS folder in a home not made yet (a new profile), and the home with it', async () => {
    const home = join(base, 'new-home')
    expect(await createPosFolder({ dataDir, home })).toEqual({
      ok: true,
      folder: join(home, POS_FOLDER_NAME),
    })
    expect(statSync(join(home, POS_FOLDER_NAME)).isDirectory()).toBe(true)
  })

  it('starts its record again from a created.json that is not a list', async () => {
    mkdirSync(join(dataDir, 'drop-folder'), { recursive: true })
    writeFileSync(createdFile(), '{"folder": "x"}')
    const made = join(base, 'made')
    expect(await createDropFolder(made, { dataDir })).toEqual({ ok: true, folder: made })
    expect(records()).toEqual([expect.objectContaining({ folder: made })])
  })

  it('gives up after POS-Siparisleri-9, when another folder has each name', async () => {
    const home = join(base, 'home')
    mkdirSync(home, { mode: 0o700 })
    const names = [
      POS_FOLDER_NAME,
      ...Array.from({ length: 8 }, (_, index) => `${POS_FOLDER_NAME}-${String(index + 2)}`),
    ]
    for (const name of names) mkdirSync(join(home, name))
    expect(await createPosFolder({ dataDir, home })).toEqual({ ok: false, refusal: 'exists' })
    expect(readdirSync(home).sort()).toEqual(names.sort())
    rmdirSync(join(home, `${POS_FOLDER_NAME}-9`))
    expect(await createPosFolder({ dataDir, home })).toEqual({
      ok: true,
      folder: join(home, `${POS_FOLDER_NAME}-9`),
    })
  })

  // A worker thread (Stryker's pool) may not set the umask.
  it.runIf(isMainThread)('makes the folder owner-only whatever the umask', async () => {
    const saved = process.umask(0o277)
    try {
      const made = join(base, 'strict')
      expect(await createDropFolder(made, { dataDir })).toEqual({ ok: true, folder: made })
      expect(statSync(made).mode & 0o777).toBe(0o700)
    } finally {
      process.umask(saved)
    }
  })
})

describe('DropFolder.start for a folder checkDropFolder refuses', () => {
  it('says which refusal, and watches nothing', async () => {
    const starting = DropFolder.start({ folder: dataDir, dataDir, addOrder: () => Promise.resolve() })
    await expect(starting).rejects.toThrow(new DropFolderRefused('data-folder'))
    await expect(starting).rejects.toThrow('drop folder refused: data-folder')
    expect(readdirSync(dataDir)).toEqual([])
  })
})

describe.runIf(posix)('checkDropFolder on Windows', () => {
  const USER = 'S-1-5-21-1-2-3-1001'
  const OWN = `O:${USER}D:PAI(A;OICI;FA;;;${USER})(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)`
  /** BUILTIN\Users may add files: any account on the PC. */
  const USERS_WRITE = `O:${USER}D:PAI(A;OICI;FA;;;${USER})(A;OICI;FW;;;BU)`
  let restore: (() => void) | undefined
  const onWindows = (acls: Record<string, string | undefined>) => {
    seams.windows = {
      user: USER,
      acls: new Map(Object.entries(acls).map(([path, sddl]) => [path, sddl ?? ''])),
    }
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')
    Object.defineProperty(process, 'platform', { value: 'win32' })
    restore = () => {
      if (platform) Object.defineProperty(process, 'platform', platform)
    }
  }
  afterEach(() => {
    restore?.()
    restore = undefined
  })
  const check = (sharedConfirmed = false) => checkDropFolder(folder, { dataDir, sharedConfirmed })

  it('takes a folder only the user, SYSTEM and the Administrators may change', async () => {
    onWindows({ [folder]: OWN, [base]: OWN })
    expect(await check()).toEqual({ ok: true, folder, exists: true })
  })

  it('refuses a folder other accounts may write unless staff confirmed it', async () => {
    onWindows({ [folder]: USERS_WRITE, [base]: OWN })
    expect(await check()).toEqual({ ok: false, refusal: 'shared' })
    expect(await check(true)).toEqual({ ok: true, folder, exists: true })
  })

  it('refuses a folder whose parent other accounts may write, even confirmed', async () => {
    onWindows({ [folder]: OWN, [base]: USERS_WRITE })
    expect(await check(true)).toEqual({ ok: false, refusal: 'shared-parent' })
  })

  it('counts a folder whose ACL cannot be read as shared', async () => {
    onWindows({ [folder]: 'not an ACL', [base]: OWN })
    expect(await check()).toEqual({ ok: false, refusal: 'shared' })
  })

  it('says no other account can write a folder, as web mode asks (its ACL is not read there)', async () => {
    chmodSync(folder, 0o777)
    onWindows({ [folder]: USERS_WRITE })
    expect(await othersCanWrite(folder)).toBe(false)
  })
})
