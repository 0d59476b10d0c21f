/**
 * The link and the command line (D47): `pos-companion://order/<payment_key>?label=…` and
 * `pos-companion --add-order <payment_key> [--label …]`. Both only ever add an order: nothing here can ask
 * for a hand-over, so a link on a web page or in a message can at worst put an order on the board.
 *
 * Parsing is strict and says why it refused, in one line, Turkish and English: a link or a command that is
 * not exactly what we expect is more likely a mistake (or a trick) than something to guess at.
 */
import { OrderLabel } from '../../../src-shared/order-label.ts'
import { parsePaymentKey, type IntakeOrder } from './order-input.ts'

export const ORDER_LINK_SCHEME = 'pos-companion'
/** A real link is well under this; a longer one is not ours. */
const MAX_LINK_LENGTH = 2048

const BARE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const ORDER_LINK_REFUSALS = {
  'not-a-link': {
    tr: 'Bağlantı pos-companion://order/<payment_key> biçiminde değil.',
    en: 'The link is not of the form pos-companion://order/<payment_key>.',
  },
  'link-too-long': { tr: 'Bağlantı çok uzun.', en: 'The link is too long.' },
  'not-an-order-link': {
    tr: 'Bu bağlantı bir sipariş bağlantısı değil (pos-companion://order/…).',
    en: 'This link is not an order link (pos-companion://order/…).',
  },
  'no-order-id': {
    tr: 'Bağlantıda tek bir sipariş numarası (UUID) yok.',
    en: 'The link does not hold exactly one order id (a UUID).',
  },
  'unknown-parameter': {
    tr: 'Bağlantıda tanınmayan bir bölüm var; yalnızca ?label=… olabilir.',
    en: 'The link has an unknown part; only ?label=… may follow the id.',
  },
  'invalid-label': {
    tr: 'Etiket 1–120 karakter olmalı, tek satır, görünmez karakter olmadan.',
    en: 'The label must be 1–120 characters, on one line, with no invisible characters.',
  },
} as const satisfies Record<string, { tr: string; en: string }>
type OrderLinkRefusal = keyof typeof ORDER_LINK_REFUSALS

export type LinkParse = { ok: true; order: IntakeOrder } | { ok: false; reason: OrderLinkRefusal }

/** `pos-companion://order/<payment_key>` with at most one `label`; anything else is refused with a reason. */
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
  // Windows may add a slash to the end of a link it hands over; nothing else may follow the id.
  const segment = /^\/([^/]*)\/?$/.exec(url.pathname)?.[1]
  const paymentKey = segment === undefined ? undefined : decodedUuid(segment)
  if (paymentKey === undefined) return refuse('no-order-id')
  const names = [...url.searchParams.keys()]
  if (names.some((name) => name !== 'label') || names.length > 1) return refuse('unknown-parameter')
  const order = labelledOrder(paymentKey, url.searchParams.get('label') ?? undefined)
  return order === undefined ? refuse('invalid-label') : { ok: true, order }
}

/** The order for a checked key, with its label when one was given; undefined when the label is not valid. */
function labelledOrder(paymentKey: string, labelText: string | undefined): IntakeOrder | undefined {
  if (labelText === undefined) return { paymentKey, details: {} }
  const label = OrderLabel.safeParse(labelText)
  return label.success ? { paymentKey, details: { label: label.data } } : undefined
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

function refuse(reason: OrderLinkRefusal): LinkParse {
  return { ok: false, reason }
}

export const LAUNCH_REFUSALS = {
  ...ORDER_LINK_REFUSALS,
  'missing-order-id': {
    tr: '--add-order’dan sonra sipariş numarası (payment_key) gelmeli.',
    en: '--add-order must be followed by the order id (payment_key).',
  },
  'several-order-ids': {
    tr: 'Birden fazla sipariş numarası verildi; tek sipariş ekleyin.',
    en: 'Several order ids were given; add one order.',
  },
  'label-without-order': {
    tr: '--label yalnızca --add-order ile kullanılır.',
    en: '--label works only with --add-order.',
  },
  'unexpected-argument': {
    tr: 'Tanınmayan bir değer var. Kullanım: --add-order <payment_key> [--label …]',
    en: 'There is an unexpected value. Usage: --add-order <payment_key> [--label …]',
  },
  'link-and-add-order': {
    tr: 'Hem bağlantı hem --add-order verildi; birini kullanın.',
    en: 'Both a link and --add-order were given; use one.',
  },
} as const satisfies Record<string, { tr: string; en: string }>
export type LaunchRefusal = keyof typeof LAUNCH_REFUSALS

export type LaunchRequest =
  | { kind: 'none' }
  | { kind: 'order'; via: 'link' | 'command-line'; order: IntakeOrder }
  | { kind: 'refused'; via: 'link' | 'command-line'; reason: LaunchRefusal }

/** The switches this app reads; every other switch (Chromium's own, macOS's `-psn_…`) is left alone. */
const VALUE_SWITCHES = new Set(['add-order', 'label'])

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
 * immune to this and are what the README recommends.
 */
export function parseLaunchArgv(argv: readonly string[], firstArgument = 1): LaunchRequest {
  const { links, loose, switches } = scanArgv(argv.slice(firstArgument))
  const adds = switches.filter((entry) => entry.name === 'add-order')
  if (adds.length > 0 && links.length > 0)
    return { kind: 'refused', via: 'command-line', reason: 'link-and-add-order' }
  if (links.length > 1) return { kind: 'refused', via: 'link', reason: 'several-order-ids' }
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
  if (adds.length > 1 || switches.filter((entry) => entry.name === 'label').length > 1) {
    return refused('several-order-ids')
  }
  const values = [...loose]
  const resolved = switches.map((entry) => ({ name: entry.name, value: entry.value ?? values.shift() }))
  if (values.length > 0) return refused('unexpected-argument')
  const keyText = resolved.find((entry) => entry.name === 'add-order')?.value
  if (keyText === undefined || keyText.trim() === '') return refused('missing-order-id')
  const key = parsePaymentKey(keyText)
  if (!key.ok) return refused(key.code === 'several-order-ids' ? 'several-order-ids' : 'no-order-id')
  const labelEntry = resolved.find((entry) => entry.name === 'label')
  // A `--label` with no value left for it is a bad label, not a missing one.
  const order = labelledOrder(key.value, labelEntry && (labelEntry.value ?? ''))
  return order === undefined ? refused('invalid-label') : { kind: 'order', via: 'command-line', order }
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
      const body = arg.replace(/^--?/, '')
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
