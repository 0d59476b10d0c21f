/**
 * The link and the command line (D47): `pos-companion://order/<payment_key>?label=…&courier=…&amount_kurus=…`
 * and `pos-companion --add-order <payment_key> [--label …] [--courier …] [--amount-kurus …]`. Both only ever
 * add an order (and, D71, only fill in what is unknown): nothing here can ask for a hand-over, so a link on a
 * web page or in a message can at worst put an order on the board.
 *
 * Parsing is strict and says why it refused, in one line, Turkish and English: a link or a command that is
 * not exactly what we expect is more likely a mistake (or a trick) than something to guess at. Each way in has
 * its own refusals and words: a link's speak of the link, the command line's of its switches.
 */
import { checkShortName } from '../../../src-shared/account-rules.ts'
import { checkCourierName } from '../../../src-shared/courier-rules.ts'
import { MAX_KURUS } from '../../../src-shared/money.ts'
import { OrderLabel } from '../../../src-shared/order-label.ts'
import type { Texts } from '../../../src-shared/texts/index.ts'
import { parsePaymentKey, type IntakeOrder } from './order-input.ts'

export const ORDER_LINK_SCHEME = 'pos-companion'
/** A real link is well under this; a longer one is not ours. */
const MAX_LINK_LENGTH = 2048

const BARE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type OrderLinkRefusal =
  | 'not-a-link'
  | 'link-too-long'
  | 'not-an-order-link'
  | 'no-order-id'
  | 'unknown-parameter'
  | 'invalid-label'
  | 'invalid-courier'
  | 'invalid-amount'
  | 'invalid-account'

export type LinkParse = { ok: true; order: IntakeOrder } | { ok: false; reason: OrderLinkRefusal }

/**
 * `pos-companion://order/<payment_key>` with at most one each of `label`, `courier` and `amount_kurus`;
 * anything else is refused with a reason.
 */
export function parseOrderLink(text: string): LinkParse {
  if (text.length > MAX_LINK_LENGTH) return refuse('link-too-long')
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return refuse('not-a-link')
  }
  if (url.protocol !== `${ORDER_LINK_SCHEME}:`) return refuse('not-a-link')
  if (
    url.hostname.toLowerCase() !== 'order' ||
    url.port !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return refuse('not-an-order-link')
  }
  if (url.hash !== '') return refuse('unknown-parameter')
  // Windows may add a slash to the end of a link it hands over; nothing else may follow the id (a slash left
  // after the first is no UUID's).
  const paymentKey = decodedUuid(url.pathname.replace(/\/$/, '').slice(1))
  if (paymentKey === undefined) return refuse('no-order-id')
  const names = [...url.searchParams.keys()]
  if (names.some((name) => !LINK_PARAMETERS.has(name)) || new Set(names).size !== names.length) {
    return refuse('unknown-parameter')
  }
  const param = (name: string) => url.searchParams.get(name) ?? undefined
  const order = orderOf(paymentKey, {
    label: param('label'),
    courier: param('courier'),
    amountKurus: param('amount_kurus'),
    account: param('account'),
  })
  return 'reason' in order ? order : { ok: true, order }
}

const LINK_PARAMETERS: ReadonlySet<string> = new Set(['label', 'courier', 'amount_kurus', 'account'])

/**
 * The order for a checked key, with what the link or command line said of it, each checked as the API checks
 * it (the courier's name by its rules; the amount as digits only, whole kuruş); the first refusal otherwise.
 */
function orderOf(
  paymentKey: string,
  given: {
    label?: string | undefined
    courier?: string | undefined
    amountKurus?: string | undefined
    account?: string | undefined
  },
): IntakeOrder | { ok: false; reason: OrderLinkRefusal } {
  const order: IntakeOrder = { paymentKey, details: {} }
  if (given.label !== undefined) {
    const label = OrderLabel.safeParse(given.label)
    if (!label.success) return refuse('invalid-label')
    order.details.label = label.data
  }
  if (given.courier !== undefined) {
    const courier = checkCourierName(given.courier)
    if (!courier.ok) return refuse('invalid-courier')
    order.courier = courier.name
  }
  if (given.amountKurus !== undefined) {
    // Digits only: `399.90` or `1e5` would be a guess at what the POS meant.
    const amount = /^[0-9]{1,10}$/.test(given.amountKurus) ? Number(given.amountKurus) : Number.NaN
    if (!(amount <= MAX_KURUS)) return refuse('invalid-amount')
    order.details.amountKurus = amount
  }
  if (given.account !== undefined) {
    const account = checkShortName(given.account)
    if (!account.ok) return refuse('invalid-account')
    order.account = account.name
  }
  return order
}

function decodedUuid(segment: string): string | undefined {
  try {
    const text = decodeURIComponent(segment)
    if (!BARE_UUID.test(text)) return undefined
    const parsed = parsePaymentKey(text)
    return parsed.ok ? parsed.value : undefined
  } catch {
    return undefined
  }
}

function refuse(reason: OrderLinkRefusal): { ok: false; reason: OrderLinkRefusal } {
  return { ok: false, reason }
}

/** Why a link or a command line was refused; its words are the catalogue's `launch` (src-shared/texts). */
export type LaunchRefusal = keyof Texts['launch']

export type LaunchRequest =
  | { kind: 'none' }
  | { kind: 'order'; via: 'link' | 'command-line'; order: IntakeOrder }
  | { kind: 'refused'; via: 'link' | 'command-line'; reason: LaunchRefusal }

/** The switches this app reads; every other switch (Chromium's own, macOS's `-psn_…`) is left alone. */
const VALUE_SWITCHES = new Set(['add-order', 'label', 'courier', 'amount-kurus', 'account'])

interface ScannedArgv {
  links: string[]
  loose: string[]
  /** Our switches in the order given, each with its `=value` when it had one. */
  switches: { name: string; value: string | undefined }[]
}

/**
 * What a launch asks for: an order link (Windows/Linux hand it over as an argument) or `--add-order`, as the
 * first instance's argv or as Electron's `second-instance` argv. `firstArgument` skips the executable (and,
 * when Electron runs unpackaged, the app's path: `process.defaultApp ? 2 : 1`).
 *
 * Chromium rebuilds a second instance's command line with every switch first and the plain values after
 * (electron/electron#20322), so `--add-order KEY --label Masa` may arrive as
 * `--add-order --label --allow-file-access-from-files KEY Masa`. Switches and values each keep their order, so
 * the switches that wait for a value take the plain values in turn; `--add-order=KEY` and `--label=…` are
 * immune to this and are what docs/intake-api.md recommends ("The command line").
 */
export function parseLaunchArgv(argv: readonly string[], firstArgument = 1): LaunchRequest {
  const { links, loose, switches } = scanArgv(argv.slice(firstArgument))
  const adds = switches.filter((entry) => entry.name === 'add-order')
  if (adds.length > 0 && links.length > 0)
    return { kind: 'refused', via: 'command-line', reason: 'link-and-add-order' }
  if (links.length > 1) return { kind: 'refused', via: 'link', reason: 'several-links' }
  const [link] = links
  if (link !== undefined) {
    const parsed = parseOrderLink(link)
    return parsed.ok
      ? { kind: 'order', via: 'link', order: parsed.order }
      : { kind: 'refused', via: 'link', reason: parsed.reason }
  }
  if (switches.length === 0) return { kind: 'none' }
  const refused = (reason: LaunchRefusal): LaunchRequest => ({ kind: 'refused', via: 'command-line', reason })
  if (adds.length === 0) return refused('label-without-order')
  if (adds.length > 1) return refused('several-order-ids')
  const names = switches.map((entry) => entry.name)
  if (new Set(names).size !== names.length) return refused('repeated-option')
  const values = [...loose]
  const resolved = switches.map((entry) => ({ name: entry.name, value: entry.value ?? values.shift() }))
  if (values.length > 0) return refused('unexpected-argument')
  // Stryker disable next-line OptionalChaining: there is exactly one --add-order (checked above)
  const keyText = resolved.find((entry) => entry.name === 'add-order')?.value
  if (keyText === undefined || keyText.trim() === '') return refused('missing-order-id')
  const key = parsePaymentKey(keyText)
  if (!key.ok) return refused(key.code === 'several-order-ids' ? 'several-order-ids' : 'not-an-order-id')
  // A `--label` (or `--courier`, `--amount-kurus`) with no value left for it is a bad one, not a missing one.
  const valueOf = (name: string) => {
    const entry = resolved.find((each) => each.name === name)
    return entry && (entry.value ?? '')
  }
  const order = orderOf(key.value, {
    label: valueOf('label'),
    courier: valueOf('courier'),
    amountKurus: valueOf('amount-kurus'),
    account: valueOf('account'),
  })
  return 'reason' in order ? refused(order.reason) : { kind: 'order', via: 'command-line', order }
}

function scanArgv(args: readonly string[]): ScannedArgv {
  const scanned: ScannedArgv = { links: [], loose: [], switches: [] }
  let switchesEnded = false
  for (const arg of args) {
    if (!switchesEnded && arg === '--') {
      switchesEnded = true
    } else if (arg.toLowerCase().startsWith(`${ORDER_LINK_SCHEME}:`)) {
      scanned.links.push(arg)
    } else if (!switchesEnded && arg.startsWith('-') && arg.length > 1) {
      // Chromium takes `-x` and `--x` alike, and lower-cases switch names on Windows.
      const body = arg.slice(arg.startsWith('--') ? 2 : 1)
      const equals = body.indexOf('=')
      const name = (equals === -1 ? body : body.slice(0, equals)).toLowerCase()
      if (VALUE_SWITCHES.has(name)) {
        scanned.switches.push({ name, value: equals === -1 ? undefined : body.slice(equals + 1) })
      }
    } else {
      scanned.loose.push(arg)
    }
  }
  return scanned
}
