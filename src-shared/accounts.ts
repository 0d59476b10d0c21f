// Several restaurant accounts (brands) in one app (issue 29): the shapes the renderer sees and sends. The
// renderer sees an account's id, short name, colour and whether it is signed in (and why not): never its
// address, keys or token. The zod-free rules (short names, the palette, the limit) are in account-rules.ts.
import { z } from 'zod'
import { ACCOUNT_COLOURS } from './account-rules.ts'
import { AccountId, SignedOutReason } from './domain.ts'
import { AppError } from './errors.ts'

export const AccountColour = z.enum(ACCOUNT_COLOURS)

/** One account as the renderer sees it. */
export const Account = z.object({
  id: AccountId,
  /** "Kısa ad": unique (letter case aside, Turkish rules), one line, at most 30 characters. */
  shortName: z.string(),
  colour: AccountColour,
  /** Typed and scanned orders without an account go to the default one; exactly one account is the default. */
  isDefault: z.boolean(),
  /** Its own session: each account signs in, renews and expires by itself. */
  state: z.enum(['signed-out', 'signing-in', 'signed-in', 'renewing']),
  /** With `signed-out`: why (its orders wait, saying so). */
  reason: SignedOutReason.optional(),
  /** The failure behind the sign-out, when there was one. */
  error: AppError.optional(),
  /** Its keys are stored (so "Tekrar giriş yap" needs no typing). */
  credentialsStored: z.boolean(),
})
export type Account = z.infer<typeof Account>

const Secret = z.string().max(512)

/** An account's sign-in, exactly as the sign-in screen asks: Platform adresi, the two keys, the private CA. */
export const AccountSignIn = z
  .object({
    platformAddress: z.string().max(2048),
    appSecretKey: Secret,
    restSecretKey: Secret,
    /** The private CA file ("Özel CA"), a full path; left out or null: none (Settings' one applies). */
    extraCaFile: z.string().max(4096).nullable().optional(),
  })
  .strict()
export type AccountSignIn = z.infer<typeof AccountSignIn>

/** "Hesap ekle": made only once the platform accepts its keys; the first account made is the default. */
export const AddAccountInput = AccountSignIn.extend({
  shortName: z.string().max(200),
  colour: AccountColour,
}).strict()
export type AddAccountInput = z.infer<typeof AddAccountInput>

export const AccountRef = z.object({ account: AccountId }).strict()

/** Rename or recolour; what is left out stays. */
export const UpdateAccountInput = z
  .object({ account: AccountId, shortName: z.string().max(200).optional(), colour: AccountColour.optional() })
  .strict()
export type UpdateAccountInput = z.infer<typeof UpdateAccountInput>

/** "Tekrar giriş yap": with the stored keys when `keys` is left out, else with these (stored once accepted). */
export const SignInAccountInput = z.object({ account: AccountId, keys: AccountSignIn.optional() }).strict()
export type SignInAccountInput = z.infer<typeof SignInAccountInput>
