/**
 * `npm test`: every check in order — format, lint, type-check of every side, unit and component tests,
 * then the end-to-end suites, then the packaging check (it packages the build the e2e step made) — each
 * run even when an earlier one failed, so one run shows every problem.
 * It ends with one plain line `tests: N passed, N failed, N skipped` summed from the runners' own reports,
 * and exits non-zero if any step failed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

interface Counts {
  passed: number
  failed: number
  skipped: number
}

const UNIT_REPORT = 'test-results/unit-results.json'
const E2E_REPORT = 'test-results/e2e-results.json'
const PACKAGING_REPORT = 'test-results/packaging-results.json'

const steps: { name: string; script: string }[] = [
  { name: 'format', script: 'format:check' },
  { name: 'lint', script: 'lint' },
  { name: 'type-check', script: 'typecheck' },
  { name: 'unit and component tests', script: 'test:unit' },
  { name: 'end-to-end tests', script: 'test:e2e' },
  { name: 'packaging check (stand-in Electron binary)', script: 'check:packaging' },
]

rmSync(UNIT_REPORT, { force: true })
rmSync(E2E_REPORT, { force: true })
rmSync(PACKAGING_REPORT, { force: true })

const outcomes = steps.map((step) => {
  console.log(`\n=== ${step.name} (npm run ${step.script}) ===`)
  const started = Date.now()
  const run = spawnSync('npm', ['run', '--silent', step.script], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  return { ...step, ok: run.status === 0, seconds: (Date.now() - started) / 1000 }
})

const unit = readUnitCounts()
const e2e = readE2eCounts()
const packaging = readJson(PACKAGING_REPORT) as Counts | undefined

console.log('\n=== summary ===')
for (const outcome of outcomes) {
  console.log(`${outcome.ok ? 'ok    ' : 'FAILED'} ${outcome.name} (${outcome.seconds.toFixed(1)} s)`)
}
console.log(`unit and component: ${describe(unit)}`)
console.log(`end-to-end: ${describe(e2e)}`)
console.log(`packaging: ${describe(packaging)}`)
const total = add(unit, e2e, packaging)
const failedSteps = outcomes.filter((outcome) => !outcome.ok).length
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exitCode = failedSteps > 0 || total.failed > 0 ? 1 : 0

function readUnitCounts(): Counts | undefined {
  const report = readJson(UNIT_REPORT) as
    | { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }
    | undefined
  if (!report) return undefined
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  }
}

function readE2eCounts(): Counts | undefined {
  const report = readJson(E2E_REPORT) as
    { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined
  if (!report) return undefined
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  }
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

function describe(counts: Counts | undefined): string {
  return counts
    ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
    : 'did not report'
}

function add(...all: (Counts | undefined)[]): Counts {
  return all.reduce<Counts>(
    (sum, counts) => ({
      passed: sum.passed + (counts?.passed ?? 0),
      failed: sum.failed + (counts?.failed ?? 0) + (counts ? 0 : 1),
      skipped: sum.skipped + (counts?.skipped ?? 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  )
}
