// The shapes a benchmark hands back, and the one table every run prints (and writes to results/latest.json).
import { availableParallelism, cpus, release, totalmem, type } from 'node:os'
import type { Browser } from '@playwright/test'
import type { MockPlatform } from '../e2e/mock-platform/server.ts'
import { summarize, type Summary } from './stats.ts'

export interface BenchContext {
  mock: MockPlatform
  browser: Browser
  /** The renderer built for this run (web mode serves it with --renderer-dir). */
  rendererDir: string
  /** The web-mode build of this run (out/web/main.js of its own build), which the benchmarks start. */
  webMain: string
  /** A scratch folder of this run, removed at the end. */
  workDir: string
  progress(message: string): void
  /**
   * Figures known before the benchmark ends: kept even if a later step fails or runs out of time (memory's idle
   * figure before its 10,000 hand-overs).
   */
  measured(rows: readonly Row[]): void
}

export interface Benchmark {
  /** Short name for `npm run bench -- --only …`. */
  id: string
  title: string
  /** What exactly is measured, printed under the table. */
  definitions: readonly string[]
  /** The most the whole benchmark may take on a loaded machine; past it the run says so and goes on. */
  budgetSeconds?: number
  run(context: BenchContext): Promise<Row[]>
}

export interface Target {
  /** As printed, e.g. `≤ 50` or `= 0, every run`. */
  text: string
  meets(summary: Summary): boolean
}

export interface Row {
  metric: string
  unit: string
  summary: Summary
  decimals: number
  target?: Target
}

/** A row that could not be measured: the benchmark failed, and says why. */
export interface Failure {
  metric: string
  problem: string
}

export function row(
  metric: string,
  unit: string,
  samples: readonly number[],
  options: { decimals?: number; target?: Target } = {},
): Row {
  return {
    metric,
    unit,
    summary: summarize(samples),
    decimals: options.decimals ?? 1,
    ...(options.target ? { target: options.target } : {}),
  }
}

/** A row whose median and p95 are computed elsewhere (a ratio of two series' figures). */
export function derivedRow(
  metric: string,
  unit: string,
  summary: Summary,
  options: { decimals?: number; target?: Target } = {},
): Row {
  return {
    metric,
    unit,
    summary,
    decimals: options.decimals ?? 3,
    ...(options.target ? { target: options.target } : {}),
  }
}

/** Met when the median is at most `limit`. */
export function medianAtMost(limit: number): Target {
  return { text: `≤ ${limit.toLocaleString('en-US')}`, meets: (summary) => summary.median <= limit }
}

/** Met when every run gave exactly `value`. */
export function everyRunExactly(value: number): Target {
  return {
    text: `= ${value.toLocaleString('en-US')}, every run`,
    meets: (summary) => summary.min === value && summary.max === value,
  }
}

/** Met when no run gave more than `limit`. */
export function everyRunAtMost(limit: number): Target {
  return { text: `≤ ${limit.toLocaleString('en-US')}, every run`, meets: (summary) => summary.max <= limit }
}

export interface Machine {
  cpu: string
  cores: number
  memoryGb: number
  os: string
  node: string
  chromium: string
}

export function describeMachine(browser: Browser): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: availableParallelism(),
    memoryGb: Math.round(totalmem() / 1e9),
    os: `${type()} ${release()}`,
    node: process.version,
    chromium: browser.version(),
  }
}

export interface Report {
  date: string
  machine: Machine
  rows: Row[]
  failures: Failure[]
  definitions: { title: string; lines: readonly string[] }[]
  /** Wall time of the whole run, in seconds. */
  durationSeconds: number
  /** The 1-minute load average at the start and at the end (zero where the OS has none): how quiet it was. */
  load: { start: number; end: number }
}

function formatNumber(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
}

/** The table, the machine and the date, and the definitions, in Markdown (never committed: bench/README.md). */
export function renderReport(report: Report): string {
  const { machine } = report
  const lines = [
    `Measured ${report.date} on ${machine.cpu} (${machine.cores} cores, ${machine.memoryGb} GB RAM), ` +
      `${machine.os}, Node ${machine.node}, Chromium ${machine.chromium}; the mock platform on loopback. ` +
      `Whole run: ${Math.round(report.durationSeconds)} s.` +
      (report.load.start > 0 || report.load.end > 0
        ? ` Load average (1 min) at start and end: ${report.load.start.toFixed(1)} and ` +
          `${report.load.end.toFixed(1)} (on ${machine.cores} cores; above ${machine.cores}, other work was competing).`
        : ''),
    '',
    '| Metric | Unit | Runs | Median | p95 | Target | Meets target? |',
    '| --- | --- | ---: | ---: | ---: | --- | --- |',
  ]
  for (const entry of report.rows) {
    const { summary, decimals, target } = entry
    const meets = target === undefined ? '—' : target.meets(summary) ? 'yes' : '**no**'
    lines.push(
      `| ${entry.metric} | ${entry.unit} | ${summary.runs} | ${formatNumber(summary.median, decimals)} | ` +
        `${formatNumber(summary.p95, decimals)} | ${target?.text ?? '—'} | ${meets} |`,
    )
  }
  for (const failure of report.failures) {
    lines.push(`| ${failure.metric} | — | 0 | — | — | — | not measured |`)
  }
  if (report.failures.length > 0) {
    lines.push('', 'Not measured:')
    for (const failure of report.failures) lines.push(`- ${failure.metric}: ${failure.problem}`)
  }
  lines.push('', 'What each figure is:')
  for (const { title, lines: definitionLines } of report.definitions) {
    lines.push(`- **${title}** ${definitionLines.join(' ')}`)
  }
  lines.push(
    '- **Runs, median, p95.** Runs is the number of samples; p95 is the nearest-rank 95th percentile ' +
      '(with fewer than 20 samples, the largest). A target is judged on the median unless it says "every run" ' +
      '(then on every sample). kB and MB are 1,000 and 1,000,000 bytes.',
  )
  return lines.join('\n')
}

export function reportAsJson(report: Report): unknown {
  return {
    date: report.date,
    machine: report.machine,
    durationSeconds: Math.round(report.durationSeconds),
    loadAverage: report.load,
    rows: report.rows.map((entry) => ({
      metric: entry.metric,
      unit: entry.unit,
      runs: entry.summary.runs,
      median: entry.summary.median,
      p95: entry.summary.p95,
      min: entry.summary.min,
      max: entry.summary.max,
      target: entry.target?.text ?? null,
      meetsTarget: entry.target ? entry.target.meets(entry.summary) : null,
    })),
    notMeasured: report.failures,
    definitions: report.definitions,
  }
}
