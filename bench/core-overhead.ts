// 1. Core overhead: "Kuryeye Verildi" through the core, against a bare fetch PUT to the same mock. For
// information, without a target: most of the difference is ky and the bounded read (D62), kept by choice (D9,
// D30), and on a real line it is a fraction of a millisecond staff cannot see. What staff feel is judged by
// benchmark 2's figure with 80 ms network: what the app adds to the network (≤ 20 ms).
import { mkdtemp } from 'node:fs/promises'
import { join } from 'node:path'
import { Agent, fetch } from 'undici'
import type { Core } from '../src-main/core/create-core.ts'
import type { KeyValueStore } from '../src-main/core/ports.ts'
import { FileJournal, HANDOVER_JOURNAL_FILE } from '../src-main/core/storage/file-journal.ts'
import type { Journal } from '../src-main/core/storage/journal.ts'
import { coreOnMock } from '../test-support/core/core-on-mock.ts'
import { MemoryStore } from '../test-support/core/memory-adapters.ts'
import { JsonFileStore } from '../src-main/web/json-file-store.ts'
import type { MockPlatform } from '../e2e/mock-platform/server.ts'
import { derivedRow, row, type Benchmark, type Row } from './report.ts'
import { summarize } from './stats.ts'
import {
  ELIGIBLE_DETAILS,
  freshOrders,
  handOverThroughCore,
  sendPressesAtOnce,
  value,
  vendorSignIn,
} from './support/fixtures.ts'

const WARM_UP = 20
const SAMPLES = 200
/** Orders kept on the board while measuring. */
const BOARD_SIZE = 20

export const coreOverhead: Benchmark = {
  id: 'core',
  title: '1. Core overhead.',
  definitions: [
    `${String(SAMPLES)} samples of each, interleaved in rotating order after ${String(WARM_UP)} warm-up rounds,`,
    "each on its own fresh CONFIRMED restaurant-courier order. Core: from calling the core's handOverOrder",
    "handler (the order already on the board) until the order's hand-over state is `handed-over` (its",
    'orderChanged event, or the returned order); the core signed in, with the in-memory store and journal,',
    `its board holding the last ${String(BOARD_SIZE)} orders (older ones removed, untimed, between samples). Bare: undici`,
    "fetch PUT /orders/ontheway/{key} with the Access-Token header, through an Agent trusting the mock's CA,",
    'until its JSON body is read. Ratio = median(core) / median(bare); its p95 column is p95(core) / p95(bare).',
    'The "files" variant is the same core on web mode\'s own storage in a data folder — settings.json (rewritten',
    'and fsynced on each change) and the hand-over journal (fsynced appends). All of these are for information,',
    'without a target: the judged figure is what the app adds to the network (benchmark 2, with 80 ms network).',
  ],
  async run(context) {
    const { mock } = context
    const memoryCore = await signedInCore(mock, new MemoryStore())
    const fileDir = await mkdtemp(join(context.workDir, 'core-file-store-'))
    const journal = new FileJournal(join(fileDir, HANDOVER_JOURNAL_FILE))
    const fileCore = await signedInCore(mock, new JsonFileStore(join(fileDir, 'settings.json')), journal)
    const bare = await bareClient(mock)
    try {
      const rounds = WARM_UP + SAMPLES
      const keys = await freshOrders(mock, rounds * 3)
      const series = { memory: [] as number[], file: [] as number[], bare: [] as number[] }
      const variants = [
        (key: string) => viaCore(memoryCore, key),
        (key: string) => viaCore(fileCore, key),
        (key: string) => bare.markOnTheWay(key),
      ]
      const targets = [series.memory, series.file, series.bare]
      context.progress(`core overhead: ${String(rounds)} rounds of 3`)
      for (let round = 0; round < rounds; round++) {
        for (let slot = 0; slot < 3; slot++) {
          const which = (round + slot) % 3
          const key = keys[round * 3 + slot]
          const variant = variants[which]
          const target = targets[which]
          if (key === undefined || variant === undefined || target === undefined) throw new Error('bad round')
          const elapsed = await variant(key)
          if (round >= WARM_UP) target.push(elapsed)
        }
      }
      const core = summarize(series.memory)
      const file = summarize(series.file)
      const plain = summarize(series.bare)
      const ratio = (a: typeof core, b: typeof core) => ({
        runs: a.runs,
        median: a.median / b.median,
        p95: a.p95 / b.p95,
        min: a.min / b.min,
        max: a.max / b.max,
      })
      const rows: Row[] = [
        derivedRow(
          'Core overhead: handOverOrder ÷ bare fetch PUT (ratio of medians)',
          'ratio',
          ratio(core, plain),
        ),
        row('… handOverOrder through the core', 'ms', series.memory, { decimals: 2 }),
        row('… bare fetch PUT', 'ms', series.bare, { decimals: 2 }),
        derivedRow(
          "… the same ratio on web mode's files (settings.json, journal)",
          'ratio',
          ratio(file, plain),
        ),
      ]
      return rows
    } finally {
      memoryCore.dispose()
      fileCore.dispose()
      journal.close()
      await bare.close()
    }
  },
}

async function signedInCore(mock: MockPlatform, store: KeyValueStore, journal?: Journal): Promise<Core> {
  const core = await coreOnMock(mock, { appVersion: '0.0.0-bench', store, ...(journal ? { journal } : {}) })
  value(await core.handlers.signIn(vendorSignIn(mock)), 'sign-in')
  await sendPressesAtOnce(core)
  return core
}

/**
 * The core's hand-over of one order, timed from the press until it is handed over (ms). The board keeps the
 * last BOARD_SIZE orders, as a busy counter's would: the older ones are removed, untimed.
 */
async function viaCore(core: Core, paymentKey: string): Promise<number> {
  value(await core.handlers.addOrder({ text: paymentKey, ...ELIGIBLE_DETAILS }), 'addOrder')
  const started = performance.now()
  await handOverThroughCore(core, paymentKey)
  const elapsed = performance.now() - started
  const board = value(await core.handlers.listOrders(undefined), 'listOrders')
  for (const order of board.slice(0, Math.max(0, board.length - BOARD_SIZE))) {
    value(await core.handlers.removeOrder({ paymentKey: order.paymentKey }), 'removeOrder')
  }
  return elapsed
}

async function bareClient(mock: MockPlatform) {
  const dispatcher = new Agent({ connect: { ca: mock.caPem } })
  const login = await fetch(`${mock.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      app_secret_key: vendorSignIn(mock).appSecretKey,
      rest_secret_key: vendorSignIn(mock).restSecretKey,
    }),
    dispatcher,
  })
  const answer = (await login.json()) as { data?: { access_token?: string } }
  const token = answer.data?.access_token
  if (token === undefined) throw new Error(`bare login failed: ${JSON.stringify(answer)}`)
  return {
    async markOnTheWay(paymentKey: string): Promise<number> {
      const started = performance.now()
      const response = await fetch(`${mock.baseUrl}/orders/ontheway/${paymentKey}`, {
        method: 'PUT',
        headers: { 'Access-Token': token },
        dispatcher,
      })
      const body = (await response.json()) as { status?: unknown }
      const elapsed = performance.now() - started
      if (body.status !== true) throw new Error(`bare PUT refused: ${JSON.stringify(body)}`)
      return elapsed
    },
    close: () => dispatcher.close(),
  }
}
