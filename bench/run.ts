/**
 * `npm run bench`: every benchmark against the mock platform on loopback, one table of figures (never pass or
 * fail on time), also written to bench/results/latest.json.
 *
 *   npm run bench                        all of them
 *   npm run bench -- --only board,cold   some of them (ids: core click cold bundle board login memory intake scan dayend courier attention batch accounts)
 *   npm run bench -- --renderer-dir DIR  measure that built renderer (and the web mode beside it) instead of building
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startMockPlatform } from '../e2e/mock-platform/server.ts'
import { describeThrown } from '../src-main/core/app-failure.ts'
import { accountsLogin } from './accounts-login.ts'
import { attention5000 } from './attention-5000.ts'
import { batchScanOut } from './batch-scan-out.ts'
import { board5000 } from './board-5000.ts'
import { bundleSize } from './bundle-size.ts'
import { clickToVisible } from './click-to-visible.ts'
import { coldStart } from './cold-start.ts'
import { coreOverhead } from './core-overhead.ts'
import { courierCash } from './courier-cash.ts'
import { dayEnd } from './day-end.ts'
import { intakeToVisible } from './intake-to-visible.ts'
import { loginEconomy } from './login-economy.ts'
import { scanToVisible } from './scan-to-visible.ts'
import {
  describeMachine,
  renderReport,
  reportAsJson,
  type BenchContext,
  type Benchmark,
  type Failure,
  type Row,
} from './report.ts'
import { serverMemory } from './server-memory.ts'
import { StepTimedOut, within } from './support/bounded.ts'
import { launchChromium } from './support/browser.ts'
import { buildApp, buildBeside } from './support/build.ts'
import { stopEveryWebServer } from './support/web-server.ts'

const BENCHMARKS: readonly Benchmark[] = [
  coreOverhead,
  clickToVisible,
  coldStart,
  bundleSize,
  board5000,
  loginEconomy,
  serverMemory,
  intakeToVisible,
  scanToVisible,
  dayEnd,
  courierCash,
  attention5000,
  batchScanOut,
  accountsLogin,
]

/** A benchmark that names no budget of its own: none needs more than a few minutes on a loaded machine. */
const DEFAULT_BUDGET_SECONDS = 300

const { values: flags } = parseArgs({
  options: { only: { type: 'string' }, 'renderer-dir': { type: 'string' } },
  strict: true,
})
const only = flags.only?.split(',').map((id) => id.trim())
const unknown = only?.filter((id) => !BENCHMARKS.some((benchmark) => benchmark.id === id)) ?? []
if (unknown.length > 0) {
  console.error(`bench: no benchmark ${unknown.join(', ')} (ids: ${BENCHMARKS.map((b) => b.id).join(' ')})`)
  process.exit(2)
}
const chosen = BENCHMARKS.filter((benchmark) => only?.includes(benchmark.id) ?? true)

const began = performance.now()
const loadAtStart = loadavg()[0] ?? 0
let lastProgress = ''
const progress = (message: string) => {
  lastProgress = message
  const seconds = ((performance.now() - began) / 1000).toFixed(0).padStart(4)
  process.stderr.write(`bench ${seconds} s  ${message}\n`)
}

const workDir = await mkdtemp(join(tmpdir(), 'pos-companion-bench-'))
const rows: Row[] = []
const failures: Failure[] = []
try {
  const givenRenderer = flags['renderer-dir']
  if (givenRenderer === undefined)
    progress('building the app (electron-vite build, into a folder of this run)')
  const { rendererDir, webMain } =
    givenRenderer === undefined ? buildApp(workDir) : buildBeside(resolve(givenRenderer))
  const mock = await startMockPlatform({ dataDir: join(workDir, 'mock-platform'), port: 0 })
  const browser = await launchChromium()
  const context: BenchContext = {
    mock,
    browser,
    rendererDir,
    webMain,
    workDir,
    progress,
    measured: (early) => rows.push(...early),
  }
  const machine = describeMachine(browser)
  try {
    for (const benchmark of chosen) {
      progress(benchmark.title)
      try {
        // Each benchmark meets the mock as it starts: its seed, its own clock, no tokens, zero counters.
        // Once more if the first try fails: a kept-alive connection the mock closed meanwhile fails the request
        // ("fetch failed", seen once between two benchmarks), and a reset is the same when repeated.
        await within(
          'resetting the mock platform',
          30,
          mock.control.reset().catch(() => mock.control.reset()),
        )
        const budget = benchmark.budgetSeconds ?? DEFAULT_BUDGET_SECONDS
        rows.push(
          ...(await within(
            () => `${benchmark.title} Last step: ${lastProgress}`,
            budget,
            benchmark.run(context),
          )),
        )
      } catch (error) {
        // What a benchmark out of time left behind (its pages, its web mode) must not weigh on the next one.
        if (error instanceof StepTimedOut) {
          await Promise.all(browser.contexts().map((open) => open.close()))
          await stopEveryWebServer()
        }
        const message = error instanceof Error ? error.message : describeThrown(error)
        const problem = message.replace(/\s+/g, ' ').trim().slice(0, 300)
        failures.push({ metric: benchmark.title, problem })
        progress(
          `${benchmark.title} could not be measured: ${String(error instanceof Error ? error.stack : error)}`,
        )
      }
    }
  } finally {
    await browser.close()
    await mock.close()
  }

  const report = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    machine,
    rows,
    failures,
    definitions: chosen.map((benchmark) => ({ title: benchmark.title, lines: benchmark.definitions })),
    durationSeconds: (performance.now() - began) / 1000,
    load: { start: loadAtStart, end: loadavg()[0] ?? 0 },
  }
  const rendered = renderReport(report)
  process.stdout.write(`\n${rendered}\n`)

  const resultsDir = resolve('bench/results')
  await mkdir(resultsDir, { recursive: true })
  await writeFile(join(resultsDir, 'latest.json'), `${JSON.stringify(reportAsJson(report), null, 2)}\n`)
  progress('figures written to bench/results/latest.json')
} finally {
  await rm(workDir, { recursive: true, force: true })
}
if (failures.length > 0) process.exitCode = 1
