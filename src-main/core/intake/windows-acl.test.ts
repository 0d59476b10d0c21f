// The parsing of what Windows' own tools say about a folder (issue 27): icacls /save's SDDL and whoami's SID.
// The tools run on Windows only; their output here is as they write it.
import { describe, expect, it } from 'vitest'
import { parseSddl, sddlOfSaved, sidOfWhoami, windowsAclLetsOthersWrite } from './windows-acl.ts'

const USER = 'S-1-5-21-1004336348-1177238915-682003330-1001'
const OTHER = 'S-1-5-21-1004336348-1177238915-682003330-1002'

/** What `icacls <folder> /save <file>` writes: the name, then the SDDL, in UTF-16LE. */
const saved = (name: string, sddl: string, bom = false) =>
  Buffer.concat([
    bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0),
    Buffer.from(`${name}\r\n${sddl}\r\n`, 'utf16le'),
  ])

/** A user's own folder in their profile: SYSTEM, Administrators and the user, inherited. */
const PROFILE = `D:AI(A;OICIID;FA;;;SY)(A;OICIID;FA;;;BA)(A;OICIID;FA;;;${USER})`
/** A drive root (C:\ or D:\) as Windows sets it up: any signed-in account may add folders. */
const DRIVE_ROOT =
  'O:SYG:SYD:PAI(A;OICI;FA;;;BA)(A;OICI;FA;;;SY)(A;OICI;0x1200a9;;;BU)(A;OICIIO;SDGXGWGR;;;AU)(A;;LC;;;AU)'
/** C:\Users: everyone reads, nobody else writes. */
const USERS =
  'D:PAI(A;OICIIO;GA;;;CO)(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;;0x1200a9;;;BU)(A;OICIIO;GXGR;;;BU)(A;;0x1200a9;;;WD)'

const lets = (sddl: string, depth: number, user = USER) => {
  const acl = parseSddl(sddl)
  if (acl === undefined) throw new Error(`not parsed: ${sddl}`)
  return windowsAclLetsOthersWrite(acl, user, depth)
}

describe('sddlOfSaved', () => {
  it('finds the SDDL line of what icacls saved, with or without a byte-order mark', () => {
    expect(sddlOfSaved(saved('POS-Siparisleri', PROFILE))).toBe(PROFILE)
    expect(sddlOfSaved(saved('POS', DRIVE_ROOT, true))).toBe(DRIVE_ROOT)
  })

  it('finds none in what is not a saved ACL', () => {
    expect(sddlOfSaved(Buffer.from('Successfully processed 0 files', 'utf16le'))).toBeUndefined()
    expect(sddlOfSaved(Buffer.alloc(0))).toBeUndefined()
  })
})

describe('sidOfWhoami', () => {
  it('reads the SID of `whoami /user /fo csv /nh`', () => {
    expect(sidOfWhoami(`"kasa-pc\\ali","${USER}"\r\n`)).toBe(USER)
  })

  it('reads none from an error', () => {
    expect(sidOfWhoami('ERROR: Access is denied.')).toBeUndefined()
  })
})

describe('parseSddl', () => {
  it('reads the owner and the allow entries that apply to the folder itself, with their rights', () => {
    expect(parseSddl(DRIVE_ROOT)).toEqual({
      owner: 'SY',
      allowed: [
        { sid: 'BA', mask: 0x1f01ff },
        { sid: 'SY', mask: 0x1f01ff },
        { sid: 'BU', mask: 0x1200a9 },
        { sid: 'AU', mask: 0x4 },
      ],
      everyone: false,
    })
  })

  it('reads a folder with no DACL as open to everyone', () => {
    expect(parseSddl('O:BAD:NO_ACCESS_CONTROL')).toEqual({ owner: 'BA', allowed: [], everyone: true })
  })

  it.each([
    ['no DACL at all', 'O:BAG:SY'],
    ['a right it does not know', `D:(A;;ZZ;;;${OTHER})`],
    ['a right cut in half', `D:(A;;F;;;${OTHER})`],
  ])('reads nothing from %s (the folder then counts as shared)', (_name, sddl) => {
    expect(parseSddl(sddl)).toBeUndefined()
  })

  it('leaves out deny entries and inherit-only ones', () => {
    expect(parseSddl(`D:(D;;FA;;;WD)(A;OICIIO;FA;;;${OTHER})(A;;FR;;;WD)`)?.allowed).toEqual([
      { sid: 'WD', mask: 0x120089 },
    ])
  })
})

describe('windowsAclLetsOthersWrite', () => {
  it('lets nobody else swap a folder of the user’s profile', () => {
    expect(lets(PROFILE, 0)).toBe(false)
    expect(lets(PROFILE, 1)).toBe(false)
    expect(lets(USERS, 2)).toBe(false)
  })

  it('counts the drive root as shared for the folder in it, not for one further down', () => {
    // D:\POS: any account may add folders beside it, as a sticky /tmp on POSIX.
    expect(lets(DRIVE_ROOT, 1)).toBe(true)
    // C:\Users\ali\POS-Siparisleri: adding folders to C:\ does not let them rename C:\Users.
    expect(lets(DRIVE_ROOT, 2)).toBe(false)
  })

  it.each([
    ['Everyone with Modify', `D:(A;OICI;0x1301bf;;;WD)`, [true, true, true]],
    ['Users who may add files', `D:(A;;0x2;;;BU)`, [true, true, false]],
    ['another account who may delete it', `D:(A;;SD;;;${OTHER})`, [true, true, true]],
    ['another account who may delete what is in it', `D:(A;;DT;;;${OTHER})`, [true, true, true]],
    ['another account who may change the ACL', `D:(A;;WD;;;${OTHER})`, [true, true, true]],
    ['another account who may take ownership', `D:(A;;WO;;;${OTHER})`, [true, true, true]],
    ['generic write for Users', `D:(A;;GW;;;BU)`, [true, true, false]],
    ['generic all for Authenticated Users', `D:(A;;GA;;;AU)`, [true, true, true]],
    ['read and run for everyone', `D:(A;;FRFX;;;WD)`, [false, false, false]],
    [
      'full control for the user, SYSTEM and the Administrators',
      `D:(A;;FA;;;${USER})(A;;FA;;;SY)(A;;FA;;;BA)`,
      [false, false, false],
    ],
    [
      'full control for TrustedInstaller',
      'D:(A;;FA;;;S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464)',
      [false, false, false],
    ],
  ])('%s: shared for the folder, its parent, further up: %j', (_name, sddl, expected) => {
    expect([lets(sddl, 0), lets(sddl, 1), lets(sddl, 2)]).toEqual(expected)
  })

  it('counts another owner as shared: an owner may change the ACL', () => {
    expect(lets(`O:${OTHER}D:(A;;FA;;;${USER})`, 2)).toBe(true)
    expect(lets(`O:${USER}D:(A;;FA;;;${USER})`, 0)).toBe(false)
    expect(lets('O:BAD:(A;;FA;;;BA)', 0)).toBe(false)
  })

  it('counts everyone as the user when the user is not known', () => {
    expect(lets(`D:(A;;FA;;;${USER})`, 0, '')).toBe(true)
  })

  it('counts a folder with no DACL as shared', () => {
    expect(lets('D:NO_ACCESS_CONTROL', 2)).toBe(true)
  })
})
