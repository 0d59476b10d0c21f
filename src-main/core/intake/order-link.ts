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
    tr: 'Bağlantıda tanınmayan bir bölüm var; id’den sonra yalnızca label, courier, amount_kurus ve account (her biri bir kez) olabilir.',
    en: 'The link has an unknown part; only label, courier, amount_kurus and account (each once) may follow the id.',
  },
  'invalid-label': {
    tr: 'Etiket 1–120 karakter olmalı, tek satır, görünmez karakter olmadan.',
    en: 'The label must be 1–120 characters, on one line, with no invisible characters.',
  },
  'invalid-courier': {
    tr: 'Kurye adı tek satır, en çok 60 karakter olmalı, görünmez karakter olmadan.',
    en: 'The courier’s name must be one line of at most 60 characters, with no invisible characters.',
  },
  'invalid-amount': {
    tr: 'Tutar kuruş cinsinden bir tam sayı olmalı (39990 = 399,90 ₺), en çok 10.000.000 ₺.',
    en: 'The amount must be a whole number of kuruş (39990 = ₺399.90), at most ₺10,000,000.',
  },
  // Issue 29: an account's short name; whether the app has it is the app's to say (`unknown-account`).
  'invalid-account': {
    tr: 'Hesap bir kısa ad olmalı: tek satır, en çok 30 karakter, görünmez karakter olmadan.',
    en: 'The account must be a short name: one line of at most 30 characters, with no invisible characters.',
  },
} as const satisfies Record<string, { tr: string; en: string }>
type OrderLinkRefusal = keyof typeof ORDER_LINK_REFUSALS

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

export const LAUNCH_REFUSALS = {
  ...ORDER_LINK_REFUSALS,
  // A link handed over as an argument (Windows, Linux).
  'several-links': {
    tr: 'Birden fazla bağlantı verildi; bağlantıları tek tek açın.',
    en: 'Several links were given; open one link at a time.',
  },
  'argument-after-link': {
    tr: 'Bağlantıdan sonra başka bir değer var; bağlantı tek başına açılmalı.',
    en: 'Something follows the link; a link must be opened on its own.',
  },
  // The command line. A label, courier or amount it refuses shares the link's words: they name no way in.
  'missing-order-id': {
    tr: '--add-order’dan sonra sipariş numarası (payment_key) gelmeli.',
    en: '--add-order must be followed by the order id (payment_key).',
  },
  'not-an-order-id': {
    tr: '--add-order’dan sonra gelen değer bir sipariş numarası (UUID) değil.',
    en: 'The value after --add-order is not an order id (a UUID).',
  },
  'several-order-ids': {
    tr: 'Birden fazla sipariş numarası verildi; tek sipariş ekleyin.',
    en: 'Several order ids were given; add one order.',
  },
  'repeated-option': {
    tr: '--label, --courier ve --amount-kurus her biri en çok bir kez verilebilir.',
    en: '--label, --courier and --amount-kurus may each be given once.',
  },
  'label-without-order': {
    tr: '--label, --courier ve --amount-kurus yalnızca --add-order ile kullanılır.',
    en: '--label, --courier and --amount-kurus work only with --add-order.',
  },
  'unexpected-argument': {
    tr: 'Tanınmayan bir değer var. Kullanım: --add-order <payment_key> [--label …] [--courier …] [--amount-kurus …]',
    en: 'There is an unexpected value. Usage: --add-order <payment_key> [--label …] [--courier …] [--amount-kurus …]',
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
