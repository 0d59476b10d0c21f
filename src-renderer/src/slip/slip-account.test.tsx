// The account on the app's own slip (issue 29): said on the slip and carried by its QR, which scans back under
// that account; with one account the slip and its QR are as before.
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { paymentKeyIn } from '../screens/board/board-rules.ts'
import { bag, batchOf } from '../../../test-support/renderer/day-end-fixtures.ts'
import { CourierSlip } from './CourierSlip.tsx'
import { Manifest } from './Manifest.tsx'
import { manifestOf } from './manifest.ts'
import { qrSvg } from './qr-svg.ts'
import { accountIdByName, scannedAccountName, slipQrText } from './slip-account.ts'

const KEY = '0d3e1f00-5a1b-4c2d-8e3f-300000000001'
const accounts = [
  { id: 'id-restoran', shortName: 'Restoran' },
  { id: 'id-iskender', shortName: 'İskender Şişli' },
]

afterEach(cleanup)

describe('the slip’s QR with its account', () => {
  it('is the bare payment_key with one account, the order link with its account with several', () => {
    expect(slipQrText(KEY)).toBe(KEY)
    const text = slipQrText(KEY, 'İskender Şişli')
    // ASCII only, as a keyboard-wedge scanner types it; one payment_key in it, as the order field reads it.
    expect(text).toMatch(/^[\x21-\x7e]+$/)
    expect(paymentKeyIn(text)).toBe(KEY)
    // The link the app itself reads (docs/intake-api.md, "The link"), its name percent-encoded.
    expect(text).toBe(`pos-companion://order/${KEY}?account=%C4%B0skender%20%C5%9Ei%C5%9Fli`)
  })

  it('scans back to its account by short name, letter case aside under Turkish rules', () => {
    const name = scannedAccountName(slipQrText(KEY, 'İskender Şişli'))
    expect(name).toBe('İskender Şişli')
    expect(accountIdByName(accounts, 'iskender şişli')).toBe('id-iskender')
    expect(accountIdByName(accounts, 'ISKENDER ŞIŞLI')).toBeUndefined()
    for (const other of [
      KEY,
      `pos-companion://order/${KEY}`,
      `pos-companion://order/${KEY}?label=x`,
      'account=x',
    ]) {
      expect(scannedAccountName(other)).toBeUndefined()
    }
    expect(scannedAccountName(`pos-companion://order/${KEY}?account=%E0%A4%A`)).toBeUndefined()
  })

  it('says the account on the slip and draws the link in its QR', () => {
    render(
      <CourierSlip
        order={{ paymentKey: KEY, handover: { state: 'none' } }}
        methodNames={new Map()}
        language="tr"
        paperWidth={80}
        printedAt="2026-11-22T10:45:00.000Z"
        accountName="İskender Şişli"
      />,
    )
    expect(screen.getByText('İskender Şişli')).toBeTruthy()
    expect(screen.getByText('Hesap:')).toBeTruthy()
    const qr = screen.getByRole('img', { name: `Sipariş numarası QR kodu: ${KEY}` })
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrSvg(slipQrText(KEY, 'İskender Şişli')).path)
  })
})

describe('the manifest with several accounts', () => {
  it('says whose each bag is; with one account no line names one', () => {
    const batch = batchOf({ bags: [bag(1, { account: 'id-iskender' }), bag(2)] })
    const names = new Map([['id-iskender', 'İskender Şişli']])
    const manifest = manifestOf({
      batch,
      at: '2026-11-25T12:30:00.000Z',
      methodNames: new Map(),
      accountOf: (_key, account) => (account === undefined ? 'Restoran' : names.get(account)),
    })
    expect(manifest.lines.map((line) => line.account)).toEqual(['İskender Şişli', 'Restoran'])
    const { container } = render(<Manifest manifest={manifest} language="tr" paperWidth={80} />)
    expect([...container.querySelectorAll('.manifest-account')].map((node) => node.textContent)).toEqual([
      'İskender Şişli',
      'Restoran',
    ])
    const single = manifestOf({ batch, at: '2026-11-25T12:30:00.000Z', methodNames: new Map() })
    expect(single.lines.every((line) => line.account === undefined)).toBe(true)
  })
})
