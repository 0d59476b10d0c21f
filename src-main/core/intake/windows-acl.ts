/**
 * Who may change a folder on Windows (issue 27), read with the OS's own tool rather than guessed from names:
 * `icacls <folder> /save <file>` writes the folder's security descriptor as SDDL, where accounts are SIDs
 * (the same on a Turkish or an English Windows, unlike the names `icacls <folder>` prints). The app's user is
 * found with `whoami /user`. Only the parsing is tested here; the tools run on Windows only.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface WindowsAcl {
  /** The owner's SID (or SDDL abbreviation): an owner can change the ACL. */
  owner: string | undefined
  /** The DACL's allow entries that apply to the folder itself (not inherit-only), with their access masks. */
  allowed: { sid: string; mask: number }[]
  /** No DACL at all (`D:NO_ACCESS_CONTROL`): everyone may do anything. */
  everyone: boolean
}

// Access bits on a folder (winnt.h).
const ADD_FILE = 0x2
const ADD_SUBDIRECTORY = 0x4
const DELETE_CHILD = 0x40
const DELETE = 0x1_0000
const WRITE_DAC = 0x4_0000
const WRITE_OWNER = 0x8_0000
const GENERIC_ALL = 0x1000_0000
const GENERIC_WRITE = 0x4000_0000
/** Rights that let an account swap what is below a folder, or the folder itself. */
const SWAP_BELOW = DELETE_CHILD | WRITE_DAC | WRITE_OWNER | GENERIC_ALL
const SWAP_ITSELF = DELETE | WRITE_DAC | WRITE_OWNER | GENERIC_ALL

/** SDDL's two-letter rights, as file and folder bits (the directory-service names map onto the same bits). */
const RIGHTS: Record<string, number> = {
  GA: GENERIC_ALL,
  GR: 0x8000_0000,
  GW: GENERIC_WRITE,
  GX: 0x2000_0000,
  RC: 0x2_0000,
  SD: DELETE,
  WD: WRITE_DAC,
  WO: WRITE_OWNER,
  CC: 0x1,
  DC: ADD_FILE,
  LC: ADD_SUBDIRECTORY,
  SW: 0x8,
  RP: 0x10,
  WP: 0x20,
  DT: DELETE_CHILD,
  LO: 0x80,
  CR: 0x100,
  FA: 0x1f_01ff,
  FR: 0x12_0089,
  FW: 0x12_0116,
  FX: 0x12_00a0,
  KA: 0xf_003f,
  KR: 0x2_0019,
  KW: 0x2_0006,
  KX: 0x2_0019,
}

/** Accounts that may change anything anyway: SYSTEM, the Administrators, TrustedInstaller, the owner's rights. */
const TRUSTED = new Set([
  'SY',
  'S-1-5-18',
  'BA',
  'S-1-5-32-544',
  'OW',
  'S-1-3-4',
  'S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464',
])

/** The SDDL of a security descriptor (`O:…G:…D:…`), as the line icacls /save writes after the file's name. */
export function parseSddl(sddl: string): WindowsAcl | undefined {
  const owner = /O:([A-Z]{2}|S(?:-\d+)+)/.exec(sddl)?.[1]
  const dacl = /D:([A-Z_]*)((?:\([^)]*\))*)/.exec(sddl)
  if (!dacl) return undefined
  if (dacl[1]?.includes('NO_ACCESS_CONTROL') === true) return { owner, allowed: [], everyone: true }
  const allowed: WindowsAcl['allowed'] = []
  for (const [, body] of (dacl[2] ?? '').matchAll(/\(([^)]*)\)/g)) {
    const [type, flags = '', rights = '', , , sid] = (body ?? '').split(';')
    // Deny entries only take away; inherit-only ones apply to what is below, not to the folder itself.
    if ((type !== 'A' && type !== 'OA') || sid === undefined || flags.includes('IO')) continue
    const mask = maskOf(rights)
    if (mask === undefined) return undefined
    allowed.push({ sid, mask })
  }
  return { owner, allowed, everyone: false }
}

function maskOf(rights: string): number | undefined {
  if (/^0x[0-9a-f]+$/i.test(rights)) return Number.parseInt(rights.slice(2), 16)
  if (rights.length % 2 !== 0) return undefined
  let mask = 0
  for (let at = 0; at < rights.length; at += 2) {
    const bits = RIGHTS[rights.slice(at, at + 2)]
    if (bits === undefined) return undefined
    mask |= bits
  }
  return mask
}

/**
 * May an account other than `userSid` (and the trusted ones) swap the drop folder through this folder? At
 * `depth` 0 the folder itself (adding names, renaming or deleting it, changing its ACL); at 1 its parent (adding
 * names too, as the POSIX rules count a sticky parent); further up, only renaming or deleting what is inside.
 */
export function windowsAclLetsOthersWrite(acl: WindowsAcl, userSid: string, depth: number): boolean {
  if (acl.everyone) return true
  const trusted = (sid: string) => TRUSTED.has(sid) || sid === userSid
  if (acl.owner !== undefined && !trusted(acl.owner)) return true
  const wanted =
    depth <= 1
      ? ADD_FILE | ADD_SUBDIRECTORY | GENERIC_WRITE | SWAP_BELOW | SWAP_ITSELF
      : SWAP_BELOW | SWAP_ITSELF
  return acl.allowed.some((entry) => !trusted(entry.sid) && (entry.mask & wanted) !== 0)
}

/** The SDDL line of what `icacls … /save` wrote (UTF-16LE, the name on one line and the SDDL on the next). */
export function sddlOfSaved(saved: Buffer): string | undefined {
  const text = saved.toString('utf16le').replace(/^\uFEFF/, '')
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => /^(O:|G:|D:)/.test(line))
}

/** The SID in `whoami /user /fo csv /nh` (`"pc\ali","S-1-5-21-…"`). */
export function sidOfWhoami(output: string): string | undefined {
  return /"(S-1-[\d-]+)"/.exec(output)?.[1]
}

/** The folder's ACL, read with icacls; undefined when it cannot be read (then the folder counts as shared). */
export async function readWindowsAcl(folder: string): Promise<WindowsAcl | undefined> {
  const scratch = await mkdtemp(join(tmpdir(), 'pos-acl-'))
  try {
    const file = join(scratch, 'acl')
    await run('icacls', [folder, '/save', file], { windowsHide: true, timeout: 10_000 })
    const sddl = sddlOfSaved(await readFile(file))
    return sddl === undefined ? undefined : parseSddl(sddl)
  } catch {
    return undefined
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

let userSid: Promise<string> | undefined

/** The app's user's SID (whoami), once per run; empty when it cannot be read (then no account is the user). */
export function currentUserSid(): Promise<string> {
  userSid ??= run('whoami', ['/user', '/fo', 'csv', '/nh'], { windowsHide: true, timeout: 10_000 }).then(
    ({ stdout }) => sidOfWhoami(stdout) ?? '',
    () => '',
  )
  return userSid
}
