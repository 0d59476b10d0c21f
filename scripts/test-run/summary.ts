// `npm test`'s steps, run one after another (each even when an earlier one failed), and the closing count.
// Kept apart from scripts/test-all.ts so that scripts/test-run/summary.test.ts runs it on fixture projects.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import type { Counts } from './counts.ts'
import { MAX_NAMED_FAILURES } from './failure-names.ts'

export interface Step {
  name: string
  command: string
  args: string[]
  /** Added to the environment the step runs in. */
  env?: Record<string, string>
  /** Where the step's runner writes its JSON report, and how to read it. */
  report?: {
    path: string
    count: (report: unknown) => Counts | undefined
    /** The failed tests' names, for the summary; none when the report names none. */
    nameFailures?: (report: unknown) => string[]
    label: string
  }
}

export interface StepOutcome {
  step: Step
  ok: boolean
  seconds: number
  /** The report's counts; undefined when the step has no report or wrote none that reads. */
  counts: Counts | undefined
  /** The failed tests the report names (empty when it names none). */
  failures: string[]
}

/** Runs one step with its output shown as it comes, after removing any report an earlier run left. */
export function runStep(
  step: Step,
  cwd = process.cwd(),
  output: 'inherit' | 'ignore' = 'inherit',
): StepOutcome {
  if (step.report) rmSync(step.report.path, { force: true })
  const started = performance.now()
  const run = spawnSync(step.command, step.args, {
    cwd,
    env: { ...process.env, ...step.env },
    stdio: output,
    shell: process.platform === 'win32',
  })
  const seconds = (performance.now() - started) / 1000
  const report = step.report ? readJson(step.report.path) : undefined
  const counts = step.report ? step.report.count(report) : undefined
  const failures = step.report?.nameFailures?.(report) ?? []
  return { step, ok: run.status === 0, seconds, counts, failures }
}

/**
 * The summary lines and the exit code. A step that failed counts at least one failure even when its report
 * blames no test (a format, lint or type-check step; a runner's unhandled error); a step whose report is
 * missing counts one too. So the closing line says "0 failed" only when the run passed.
 */
export function summarise(outcomes: StepOutcome[]): { lines: string[]; total: Counts; exitCode: 0 | 1 } {
  const lines = ['=== summary ===']
  const total: Counts = { passed: 0, failed: 0, skipped: 0 }
  for (const { step, ok, seconds } of outcomes) {
    lines.push(`${ok ? 'ok    ' : 'FAILED'} ${step.name} (${seconds.toFixed(1)} s)`)
  }
  for (const { step, ok, counts, failures } of outcomes) {
    if (step.report) lines.push(`${step.report.label}: ${describeCounts(counts)}`)
    for (const name of failures.slice(0, MAX_NAMED_FAILURES)) lines.push(`  failed: ${name}`)
    if (failures.length > MAX_NAMED_FAILURES) {
      lines.push(`  … and ${failures.length - MAX_NAMED_FAILURES} more (see the step's output above)`)
    }
    const reported = counts?.failed ?? 0
    const missingReport = step.report !== undefined && counts === undefined
    total.passed += counts?.passed ?? 0
    total.skipped += counts?.skipped ?? 0
    total.failed += (!ok || missingReport) && reported === 0 ? 1 : reported
  }
  lines.push(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
  const allOk = outcomes.every((outcome) => outcome.ok)
  return { lines, total, exitCode: allOk && total.failed === 0 ? 0 : 1 }
}

function describeCounts(counts: Counts | undefined): string {
  return counts
    ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
    : 'did not report'
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown
  } catch {
    return undefined
  }
}
