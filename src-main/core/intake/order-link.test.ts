import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyText, FUZZ_RUNS, paymentKey } from '../../../test-support/core/fuzz.ts'
import { texts } from '../../../src-shared/texts/index.ts'
import { parseLaunchArgv, parseOrderLink } from './order-link.ts'

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const EXE = 'C:\\Program Files\\POS Companion\\POS Companion.exe'
/** What Chromium adds to a second instance's command line. */
const CHROMIUM = ['--allow-file-access-from-files', '--original-process-start-time=13213718723637733']

describe('parseOrderLink', () => {
  it.each([
    [`pos-companion://order/${KEY}`, {}],
    [`POS-Companion://order/${KEY.toUpperCase()}`, {}],
    [`pos-companion://order/${KEY}/`, {}],
    [`pos-companion://order/${KEY}?label=Masa%205`, { label: 'Masa 5' }],
    [`pos-companion://order/${KEY}?label=Masa+5+%C2%B7+Ay%C5%9Fe`, { label: 'Masa 5 · Ayşe' }],
    [`pos-companion://ORDER/${KEY}?label=%20%20trimmed%20`, { label: 'trimmed' }],
    [`pos-companion://order/${KEY}?amount_kurus=1000000000`, { amountKurus: 1_000_000_000 }],
    [`pos-companion://order/${KEY}?amount_kurus=0`, { amountKurus: 0 }],
    // Percent-encoded, the id is still the one bare id.
    [`pos-companion://order/%30${KEY.slice(1)}`, {}],
    // Copied out of a document or a chat, with a no-break space or a BOM around it.
    [`\u00a0pos-companion://order/${KEY}\u00a0`, {}],
    [`\ufeffpos-companion://order/${KEY}`, {}],
  ])('adds the order of %j', (link, details) => {
    expect(parseOrderLink(link)).toEqual({ ok: true, order: { paymentKey: KEY, details } })
  })

  it('names the courier as the link spells it, and refuses a name that is not one clean line', () => {
    const link = `pos-companion://order/${KEY}?courier=%20Ahmet%20Y%C4%B1lmaz%20&amount_kurus=39990`
    expect(parseOrderLink(link)).toEqual({
      ok: true,
      order: { paymentKey: KEY, details: { amountKurus: 39990 }, courier: 'Ahmet Yılmaz' },
    })
    for (const courier of ['', '%E2%80%AEAli', 'Ali%0AVeli', 'A'.repeat(61)]) {
      expect(parseOrderLink(`pos-companion://order/${KEY}?courier=${courier}`)).toEqual({
        ok: false,
        reason: 'invalid-courier',
      })
    }
  })

  it('reads a link of 2,048 characters, and refuses one longer unread', () => {
    const prefix = `pos-companion://order/${KEY}?label=`
    const spaces = '%20'.repeat(Math.floor((2048 - prefix.length - 1) / 3))
    const longest = `${prefix}${spaces}`.padEnd(2048, 'x')
    const label = 'x'.repeat(2048 - prefix.length - spaces.length)
    expect(parseOrderLink(longest)).toEqual({ ok: true, order: { paymentKey: KEY, details: { label } } })
    expect(parseOrderLink(`${longest}x`)).toEqual({ ok: false, reason: 'link-too-long' })
  })

  it.each([
    ['', 'not-a-link'],
    [KEY, 'not-a-link'],
    [`https://order/${KEY}`, 'not-a-link'],
    [`pos-companion:order/${KEY}`, 'not-an-order-link'],
    [`pos-companion://handover/${KEY}`, 'not-an-order-link'],
    [`pos-companion://order.evil/${KEY}`, 'not-an-order-link'],
    [`pos-companion://user:pw@order/${KEY}`, 'not-an-order-link'],
    [`pos-companion://user@order/${KEY}`, 'not-an-order-link'],
    [`pos-companion://:pw@order/${KEY}`, 'not-an-order-link'],
    [`pos-companion://order:99/${KEY}`, 'not-an-order-link'],
    ['pos-companion://order/', 'no-order-id'],
    ['pos-companion://order/not-an-id', 'no-order-id'],
    [`pos-companion://order/{${KEY}}`, 'no-order-id'],
    [`pos-companion://order/${KEY}${OTHER}`, 'no-order-id'],
    [`pos-companion://order/${KEY}/${OTHER}`, 'no-order-id'],
    [`pos-companion://order/${KEY}/handover`, 'no-order-id'],
    [`pos-companion://order/${KEY}//`, 'no-order-id'],
    [`pos-companion://order//${KEY}`, 'no-order-id'],
    [`pos-companion://order/${KEY}%2F`, 'no-order-id'],
    ['pos-companion://order', 'no-order-id'],
    [`pos-companion://order/${KEY}?amount_kurus=`, 'invalid-amount'],
    [`pos-companion://order/${KEY}?amount_kurus=1000000001`, 'invalid-amount'],
    [`pos-companion://order/${KEY}?amount_kurus=00000000001`, 'invalid-amount'],
    [`pos-companion://order/${KEY}?amount_kurus=+5`, 'invalid-amount'],
    [`pos-companion://order/${KEY}?amount_kurus=0x10`, 'invalid-amount'],
    [`pos-companion://order/x${KEY}`, 'no-order-id'],
    [`pos-companion://order/${KEY}?handover=1`, 'unknown-parameter'],
    [`pos-companion://order/${KEY}?label=a&label=b`, 'unknown-parameter'],
    [`pos-companion://order/${KEY}?label=a&x=1`, 'unknown-parameter'],
    [`pos-companion://order/${KEY}#label=a`, 'unknown-parameter'],
    [`pos-companion://order/${KEY}?label=`, 'invalid-label'],
    [`pos-companion://order/${KEY}?label=${'x'.repeat(121)}`, 'invalid-label'],
    [`pos-companion://order/${KEY}?label=two%0Alines`, 'invalid-label'],
    [`pos-companion://order/${KEY}?label=${'x'.repeat(2100)}`, 'link-too-long'],
  ])('refuses %s: %s', (link, reason) => {
    expect(parseOrderLink(link)).toEqual({ ok: false, reason })
  })

  it('never throws, and adds only a lower-case bare id with at most a valid label (fuzz)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText(300),
          fc.tuple(paymentKey, anyText(150)).map(([key, tail]) => `pos-companion://order/${key}${tail}`),
          fc
            .tuple(paymentKey, anyText(150))
            .map(([key, label]) => `pos-companion://order/${key}?label=${label}`),
        ),
        (link) => {
          const parsed = parseOrderLink(link)
          if (!parsed.ok) return
          expect(parsed.order.paymentKey).toMatch(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/)
          expect(Object.keys(parsed.order.details).filter((name) => name !== 'label')).toEqual([])
          expect((parsed.order.details.label ?? 'x').length).toBeLessThanOrEqual(120)
        },
      ),
      FUZZ_RUNS,
    )
  })
})

describe('parseLaunchArgv', () => {
  it('finds nothing in a plain launch, Chromium switches and all', () => {
    expect(parseLaunchArgv([EXE])).toEqual({ kind: 'none' })
    expect(parseLaunchArgv([EXE, ...CHROMIUM, '--lang=tr'])).toEqual({ kind: 'none' })
    expect(parseLaunchArgv(['electron', '.', '--inspect'], 2)).toEqual({ kind: 'none' })
  })

  it.each([
    ['in the order typed', [EXE, '--add-order', KEY, '--label', 'Masa 5']],
    ['as Chromium reorders it', [EXE, '--add-order', '--label', ...CHROMIUM, KEY, 'Masa 5']],
    ['with = values', [EXE, ...CHROMIUM, '--label=Masa 5', `--add-order=${KEY}`]],
    ['mixed', [EXE, `--add-order=${KEY}`, ...CHROMIUM, '--label', 'Masa 5']],
    ['label first', [EXE, '--label', 'Masa 5', '--add-order', KEY.toUpperCase()]],
    ['with Windows-cased switches and one dash', [EXE, '-ADD-ORDER', KEY, '--Label=Masa 5']],
  ])('reads --add-order with a label %s', (_name, argv) => {
    expect(parseLaunchArgv(argv)).toEqual({
      kind: 'order',
      via: 'command-line',
      order: { paymentKey: KEY, details: { label: 'Masa 5' } },
    })
  })

  it('reads --add-order without a label, and skips the app path when unpackaged', () => {
    expect(parseLaunchArgv(['electron', '/src/app', '--add-order', KEY], 2)).toEqual({
      kind: 'order',
      via: 'command-line',
      order: { paymentKey: KEY, details: {} },
    })
  })

  it('takes what follows -- as values, even when it starts with -', () => {
    expect(parseLaunchArgv([EXE, '--add-order', KEY, '--label', '--', '-5'])).toEqual({
      kind: 'order',
      via: 'command-line',
      order: { paymentKey: KEY, details: { label: '-5' } },
    })
    expect(parseLaunchArgv([EXE, '--add-order', '--label', '--', KEY, '--'])).toEqual({
      kind: 'order',
      via: 'command-line',
      order: { paymentKey: KEY, details: { label: '--' } },
    })
  })

  it('reads a link handed over as an argument (Windows/Linux), with Chromium switches around it', () => {
    expect(parseLaunchArgv([EXE, ...CHROMIUM, `pos-companion://order/${KEY}?label=Masa`])).toEqual({
      kind: 'order',
      via: 'link',
      order: { paymentKey: KEY, details: { label: 'Masa' } },
    })
    expect(parseLaunchArgv([EXE, '--', `pos-companion://order/${KEY}`])).toMatchObject({
      kind: 'order',
      via: 'link',
    })
  })

  it.each([
    [[EXE, '--add-order'], 'missing-order-id'],
    [[EXE, '--add-order', ''], 'missing-order-id'],
    [[EXE, '--add-order', '   '], 'missing-order-id'],
    [[EXE, '--add-order', KEY, '-'], 'unexpected-argument'],
    [[EXE, '--add-order=', 'x'], 'unexpected-argument'],
    [[EXE, '--add-order', 'not-an-id'], 'not-an-order-id'],
    [[EXE, '--add-order', `${KEY},${OTHER}`], 'several-order-ids'],
    [[EXE, '--add-order', KEY, '--add-order', OTHER], 'several-order-ids'],
    [[EXE, '--add-order', KEY, OTHER], 'unexpected-argument'],
    [[EXE, '--add-order', KEY, '--label'], 'invalid-label'],
    [[EXE, '--add-order', KEY, '--label', '-5'], 'invalid-label'],
    [[EXE, '--add-order', KEY, `--label=${'x'.repeat(121)}`], 'invalid-label'],
    [[EXE, '--add-order', KEY, '--label=a', '--label=b'], 'repeated-option'],
    [[EXE, '--add-order', KEY, '--courier', 'Ali', '--courier', 'Veli'], 'repeated-option'],
    [[EXE, '--label', 'Masa 5'], 'label-without-order'],
    [[EXE, '--add-order', KEY, `pos-companion://order/${OTHER}`], 'link-and-add-order'],
  ])('refuses %j: %s', (argv, reason) => {
    expect(parseLaunchArgv(argv)).toMatchObject({ kind: 'refused', via: 'command-line', reason })
  })

  it('refuses a bad link, and two links, saying why', () => {
    expect(parseLaunchArgv([EXE, 'pos-companion://order/nope'])).toEqual({
      kind: 'refused',
      via: 'link',
      reason: 'no-order-id',
    })
    expect(parseLaunchArgv([EXE, `pos-companion://order/${KEY}`, `pos-companion://order/${OTHER}`])).toEqual({
      kind: 'refused',
      via: 'link',
      reason: 'several-links',
    })
  })

  it('speaks of the way in it refused: a link is never told of --add-order, a command line never of a link', () => {
    const launches = [
      [EXE, '--add-order'],
      [EXE, '--add-order', 'not-an-id'],
      [EXE, '--add-order', `${KEY},${OTHER}`],
      [EXE, '--add-order', KEY, '--add-order', OTHER],
      [EXE, '--add-order', KEY, OTHER],
      [EXE, '--add-order', KEY, '--label=a', '--label=b'],
      [EXE, '--add-order', KEY, '--label'],
      [EXE, '--add-order', KEY, '--courier', '\u202eAli'],
      [EXE, '--add-order', KEY, '--amount-kurus', '399.90'],
      [EXE, '--label', 'Masa 5'],
      [EXE, '--add-order', KEY, `pos-companion://order/${OTHER}`],
      [EXE, 'pos-companion://order/nope'],
      [EXE, 'pos-companion://handover/x'],
      [EXE, `pos-companion://order/${KEY}?x=1`],
      [EXE, `pos-companion://order/${KEY}?label=`],
      [EXE, `pos-companion://order/${KEY}`, `pos-companion://order/${OTHER}`],
    ]
    const seen = new Set<string>()
    for (const argv of launches) {
      const request = parseLaunchArgv(argv)
      if (request.kind !== 'refused') throw new Error(`not refused: ${JSON.stringify(argv)}`)
      const [tr, en] = [texts.tr.launch[request.reason], texts.en.launch[request.reason]]
      seen.add(request.via)
      if (request.via === 'link') {
        expect(`${tr} ${en}`, request.reason).not.toContain('--')
      } else {
        expect(tr, request.reason).not.toMatch(/^(Bu )?Bağlantı/)
        expect(en, request.reason).not.toMatch(/^(The|This) link/)
      }
    }
    expect([...seen].sort()).toEqual(['command-line', 'link'])
  })

  it('has a Turkish and an English line for every refusal', () => {
    for (const reason of Object.keys(texts.tr.launch) as (keyof typeof texts.tr.launch)[]) {
      const [tr, en] = [texts.tr.launch[reason], texts.en.launch[reason]]
      expect(tr).not.toMatch(/\n/)
      expect(en).not.toMatch(/\n/)
      expect(tr).not.toBe(en)
    }
  })

  it('never throws, whatever the argv (fuzz)', () => {
    const arg = fc.oneof(
      anyText(60),
      fc.constantFrom('--add-order', '--label', '--', '-', ...CHROMIUM, KEY, `--add-order=${KEY}`),
    )
    fc.assert(
      fc.property(fc.array(arg, { maxLength: 8 }), (args) => {
        const request = parseLaunchArgv([EXE, ...args])
        if (request.kind === 'order') expect(request.order.paymentKey).toMatch(/^[0-9a-f-]{36}$/)
      }),
      FUZZ_RUNS,
    )
  })
})
