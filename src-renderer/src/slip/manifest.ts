// The courier's manifest ("zimmet fişi", issue 21): what one courier took in one batch scan-out, what to
// collect at the door for each package and in all. Made from the core's batch (issue 28: the one settlement owns
// every figure, so the bar, the paper and Gün sonu agree) and taken as a snapshot when staff press print, so the
// paper says what was handed over then. Pure: the component only draws it.
import type { CourierBatch, DoorTender } from '../../../src-shared/couriers.ts'
import { shortCodeOf } from '../../../src-shared/order-rules.ts'

interface ManifestLine {
  paymentKey: string
  code: string
  /** The order's label: the address, a table, the customer's name, as the POS or staff wrote it. */
  label?: string | undefined
  /** The payment method in the platform's words (its key when the name is not known). */
  method?: string | undefined
  amountKurus?: number | undefined
  /** cash: the courier collects it; paid: already paid ("ödenmiş"); door-other: paid at the door, not in cash. */
  tender: DoorTender
  /** The platform refused it ("GÖNDERİLEMEDİ"): in no total. */
  refused: boolean
  /** Its account's short name, with several restaurant accounts (issue 29): whose bag it is. */
  account?: string | undefined
}

export interface Manifest {
  courier: { id: string; name: string }
  /** When the manifest was made (ISO). */
  at: string
  lines: ManifestLine[]
  /** The bags the courier carries: every line but the refused. */
  packages: number
  /** The cash the courier collects at the door, as the core summed it (refused bags left out). */
  totalKurus: number
  /** Bags collected in cash whose amount is not known: left out of the total, and said so. */
  amountUnknown: number
  /** Bags whose method or amount is not known: "?", "kontrol edin", never zero. */
  unknownCount: number
  refused: number
}

export function manifestOf(input: {
  batch: CourierBatch
  at: string
  methodNames: ReadonlyMap<string, string>
  /** A bag's account's short name when there are several accounts (issue 29); left out with one. */
  accountOf?: ((paymentKey: string, account: string | undefined) => string | undefined) | undefined
}): Manifest {
  const { batch } = input
  const lines = batch.bags.map((bag): ManifestLine => ({
    paymentKey: bag.paymentKey,
    code: shortCodeOf(bag.paymentKey),
    label: bag.label,
    method:
      bag.paymentMethod === undefined
        ? undefined
        : (input.methodNames.get(bag.paymentMethod) ?? bag.paymentMethod),
    amountKurus: bag.amountKurus,
    tender: bag.tender,
    refused: bag.refused,
    account: input.accountOf?.(bag.paymentKey, bag.account),
  }))
  return {
    courier: { id: batch.courierId, name: batch.name },
    at: input.at,
    lines,
    packages: lines.filter((line) => !line.refused).length,
    totalKurus: batch.cashToCollectKurus,
    amountUnknown: batch.amountUnknown,
    unknownCount: batch.unknownCount,
    refused: batch.refused,
  }
}

/**
 * The manifest's QR: `ZIMMET;<courier>;<packages>;<total kuruş>;<ISO time>`, for a POS or a manager's phone to
 * read the paper back; packages are the bags carried (refused ones are not). A `;` in a name (allowed) is
 * written as `,`, so the fields stay five.
 */
export function manifestQrText(manifest: Manifest): string {
  const name = manifest.courier.name.replace(/;/g, ',')
  return `ZIMMET;${name};${String(manifest.packages)};${String(manifest.totalKurus)};${manifest.at}`
}
