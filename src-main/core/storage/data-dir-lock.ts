// One app per data folder, for both shells: two cores on one folder would each resume the same owed
// hand-overs and could send one twice. Electron's single-instance lock covers only Electron; web mode and
// Electron on one folder, or two web-mode processes, are kept apart by this.
//
// Why a listening socket and not a lock file: a file names a process id, and "is it still alive?" can only be
// guessed (a dying or unreaped process still answers kill(pid, 0), so a restart right after SIGKILL was
// refused; and two starters taking a stale file over could both win). A socket is held by the kernel for the
// process: it is freed the instant the process dies, and binding it is atomic, so of several starters exactly
// one wins. No native module is needed (Electron's Node cannot be built for here), and both shells run it.
//   - Linux: an abstract-namespace socket — no file at all, so nothing is left behind and nothing to unlink.
//   - Windows: a named pipe, which the system also frees with its last handle.
//   - elsewhere (macOS): a socket file in the temporary folder. A crash leaves the file, so a refused bind is
//     followed by a connect: nobody answering means a stale file, which is removed and bound again once. Two
//     starters that both find a stale file at the same instant can still both win there; on Linux and
//     Windows they cannot.
// The socket's name derives from the folder's real path and a random id kept in the folder, so another user
// of the machine cannot guess it to squat the name and keep the app from starting.
import { createHash, randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isErrorWithCode } from './durable-files.ts'

/** The random part of the lock's name, kept in the data folder. */
const LOCK_ID_FILE = 'instance-lock-id'

export type Shell = 'web' | 'electron'
export interface LockHolder {
  pid: number
  shell: string
}
export type LockResult =
  | { ok: true; release: () => Promise<void> }
  /** `heldBy` is undefined when the holder did not say who it is (busy, or an older version). */
  | { ok: false; heldBy: LockHolder | undefined }

export interface LockOptions {
  /** The platform whose kind of socket to use (tests). */
  platform?: NodeJS.Platform
}

/** How long a holder gets to say who it is; its silence still means the folder is held. */
const ASK_HOLDER_MS = 2000

export async function lockDataDir(
  dataDir: string,
  shell: Shell,
  options: LockOptions = {},
): Promise<LockResult> {
  const platform = options.platform ?? process.platform
  const address = lockAddress(dataDir, platform)
  const usesFile = !isAbstractOrPipe(platform)
  const identity = JSON.stringify({ pid: process.pid, shell })
  for (let attempt = 0; attempt < 2; attempt++) {
    const server = createServer((socket) => {
      socket.on('error', () => socket.destroy())
      socket.end(identity)
    })
    const bound = await bind(server, address)
    if (bound === true) {
      // The lock must not keep a process alive that has nothing else to do.
      server.unref()
      return { ok: true, release: () => new Promise((resolve) => server.close(() => resolve())) }
    }
    if (!isErrorWithCode(bound, 'EADDRINUSE')) throw bound
    const holder = await askHolder(address)
    if (holder !== 'nobody') return { ok: false, heldBy: holder }
    // Nobody listens: only a socket file a crashed holder left behind can say "in use" then.
    if (!usesFile) return { ok: false, heldBy: undefined }
    rmSync(address, { force: true })
  }
  return { ok: false, heldBy: undefined }
}

/** Thrown by `holdDataDir`; `code` is what Electron's start-up dialog shows as the reason. */
export class DataDirInUseError extends Error {
  readonly code = 'DATA_FOLDER_IN_USE'
  readonly heldBy: LockHolder | undefined

  constructor(dataDir: string, heldBy: LockHolder | undefined) {
    const holder = heldBy
      ? ` (${heldBy.shell === 'web' ? 'web mode' : 'the desktop app'}, pid ${String(heldBy.pid)})`
      : ''
    super(`the data folder ${dataDir} is in use by another POS Companion${holder}`)
    this.name = 'DataDirInUseError'
    this.heldBy = heldBy
  }
}

/**
 * The lock for a shell's start-up: held until the process ends (the OS frees it however it ends), or a
 * DataDirInUseError. Returns the release, for a shell that wants to let go before it exits.
 */
export async function holdDataDir(
  dataDir: string,
  shell: Shell,
  options: LockOptions = {},
): Promise<() => Promise<void>> {
  const lock = await lockDataDir(dataDir, shell, options)
  if (!lock.ok) throw new DataDirInUseError(dataDir, lock.heldBy)
  return lock.release
}

/** The socket's name for this data folder on this platform. */
export function lockAddress(dataDir: string, platform: NodeJS.Platform = process.platform): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const folder = realpathSync(dataDir)
  const name = `pos-companion-${createHash('sha256')
    .update(`${folder}\0${lockId(folder)}`)
    .digest('hex')
    .slice(0, 32)}`
  if (platform === 'linux') return `\0${name}`
  if (platform === 'win32') return `\\\\.\\pipe\\${name}`
  // A socket path is limited to about 100 bytes; the temporary folder is short, the data folder may not be.
  return join(tmpdir(), `${name}.sock`)
}

function isAbstractOrPipe(platform: NodeJS.Platform): boolean {
  return platform === 'linux' || platform === 'win32'
}

/**
 * The folder's random id, made once. It is written to a temporary file and linked into place, which fails
 * if another starter got there first: then both read the one that won.
 */
function lockId(folder: string): string {
  const file = join(folder, LOCK_ID_FILE)
  const existing = readId(file)
  if (existing !== undefined) return existing
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
  writeFileSync(temporary, randomBytes(16).toString('hex'), { mode: 0o600 })
  try {
    linkSync(temporary, file)
  } catch (error) {
    if (!isErrorWithCode(error, 'EEXIST')) throw error
  } finally {
    rmSync(temporary, { force: true })
  }
  const made = readId(file)
  if (made === undefined) throw new Error(`data folder lock: ${file} is damaged; remove it`)
  return made
}

function readId(file: string): string | undefined {
  try {
    const id = readFileSync(file, 'utf8').trim()
    return /^[0-9a-f]{32}$/.test(id) ? id : undefined
  } catch (error) {
    if (isErrorWithCode(error, 'ENOENT')) return undefined
    throw error
  }
}

function bind(server: Server, address: string): Promise<true | Error> {
  return new Promise((resolve) => {
    server.once('error', resolve)
    server.listen(address, () => {
      server.off('error', resolve)
      resolve(true)
    })
  })
}

/** Who holds the socket, if anyone listens; 'nobody' only when the connection is refused outright. */
function askHolder(address: string): Promise<LockHolder | undefined | 'nobody'> {
  return new Promise((resolve) => {
    const socket = connect(address)
    let answer = ''
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(undefined)
    }, ASK_HOLDER_MS)
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk.slice(0, 200)))
    socket.on('error', (error) => {
      clearTimeout(timer)
      resolve(
        isErrorWithCode(error, 'ECONNREFUSED') || isErrorWithCode(error, 'ENOENT') ? 'nobody' : undefined,
      )
    })
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(parseHolder(answer))
    })
  })
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(text) as unknown
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { pid, shell } = parsed as Record<string, unknown>
    return typeof pid === 'number' && typeof shell === 'string' ? { pid, shell } : undefined
  } catch {
    return undefined
  }
}
