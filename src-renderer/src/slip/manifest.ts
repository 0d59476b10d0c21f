// The courier's manifest ("zimmet fişi", issue 21): what one courier took in one batch scan-out, what to
// collect at the door for each package and in all. Taken as a snapshot when staff press print, so the paper says
// what was handed over then, whatever happens to the board afterwards. Pure: the component only draws it.
import type { BoardOrder } from '../../../src-shared/domain.ts'
import { sumKurus } from '../../../src-shared/money.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'
import { courierCollectsAtDoor } from './cash.ts'

interface ManifestLine {
  paymentKey: string
  code: string
  /** The payment method in the platform's words (its key when the name is not known). */
  method?: string | undefined
  amountKurus?: number | undefined
  /** The courier collects this package's amount at the door (Settings' collectedAtDoor). */
  collect: boolean
}

export interface Manifest {
  courier: { id: string; name: string }
  /** When the manifest was made (ISO). */
  at: string
  lines: ManifestLine[]
  /** The amounts the courier collects at the door, summed in kuruş. */
  totalKurus: number
  /** Packages collected at the door whose amount is not known: left out of the total, and said so. */
  amountUnknown: number
}

export function manifestOf(input: {
  courier: { id: string; name: string }
  orders: readonly BoardOrder[]
  at: string
  collectedAtDoor: readonly string[]
  methodNames: ReadonlyMap<string, string>
}): Manifest {
  const lines = input.orders.map((order): ManifestLine => {
    const method = order.paymentMethod
    return {
      paymentKey: order.paymentKey,
      code: shortCodeOf(order.paymentKey),
      method: method === undefined ? undefined : (input.methodNames.get(method) ?? method),
      amountKurus: order.amountKurus,
      collect: courierCollectsAtDoor(order, input.collectedAtDoor),
    }
  })
  const collected = lines.filter((line) => line.collect)
  return {
    courier: input.courier,
    at: input.at,
    lines,
    totalKurus: sumKurus(
      collected.flatMap((line) => (line.amountKurus === undefined ? [] : [line.amountKurus])),
    ),
    amountUnknown: collected.filter((line) => line.amountKurus === undefined).length,
  }
}

/**
 * The manifest's QR: `ZIMMET;<courier>;<packages>;<total kuruş>;<ISO time>`, for a POS or a manager's phone to
 * read the paper back. A `;` in a name (allowed) is written as `,`, so the fields stay five.
 */
export function manifestQrText(manifest: Manifest): string {
  const name = manifest.courier.name.replace(/;/g, ',')
  return `ZIMMET;${name};${String(manifest.lines.length)};${String(manifest.totalKurus)};${manifest.at}`
}
