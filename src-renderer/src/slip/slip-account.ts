// The account on the app's own slip (issue 29): with several accounts the slip's QR is the order's link with its
// account, `pos-companion://order/<payment_key>?account=<short name>` (docs/intake-api.md, "The link"), so a scan
// of it back into the order field finds or adds the order under its own account, never the default's. Percent-
// encoded, the text stays ASCII whatever the short name, as a keyboard-wedge scanner types it.
import { shortNameKey } from '../../../src-shared/account-rules.ts'

/** The QR's text: the bare payment_key with one account (as before accounts), the link with its account else. */
export function slipQrText(paymentKey: string, accountName?: string): string {
  if (accountName === undefined) return paymentKey
  return `pos-companion://order/${paymentKey}?account=${encodeURIComponent(accountName)}`
}

/** The account a scanned slip names, by short name; undefined for any other text. */
export function scannedAccountName(text: string): string | undefined {
  const match = /^\s*pos-companion:\/\/order\/[0-9a-f-]{36}\/?\?account=([^&#\s]+)\s*$/i.exec(text)
  if (!match?.[1]) return undefined
  try {
    return decodeURIComponent(match[1])
  } catch {
    return undefined
  }
}

/** The id of the account with this short name (letter case aside, Turkish rules), as the core resolves it. */
export function accountIdByName(
  accounts: readonly { id: string; shortName: string }[],
  name: string,
): string | undefined {
  const key = shortNameKey(name.trim())
  return accounts.find((account) => shortNameKey(account.shortName) === key)?.id
}
