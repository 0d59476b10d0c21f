// The runners' own JSON reports, read into one shape. A report counts as failures everything that made its run
// fail, not only failed tests (D38): a test file that could not be imported, a hook that threw after
// its tests passed, and Playwright's errors outside any test. What a report cannot show (Vitest's unhandled
// errors leave `success: true` in its JSON) is caught by the step's exit code, see summary.ts.
import { z } from 'zod'

export interface Counts {
  passed: number
  failed: number
  skipped: number
}

const vitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
  success: z.boolean(),
  testResults: z.array(
    z.object({
      status: z.string(),
      assertionResults: z.array(z.object({ status: z.string() })),
    }),
  ),
})

const playwrightReport = z.object({
  stats: z.object({
    expected: z.number(),
    unexpected: z.number(),
    flaky: z.number(),
    skipped: z.number(),
  }),
  errors: z.array(z.unknown()),
})

const packagingReport = z.object({ passed: z.number(), failed: z.number(), skipped: z.number() })

/** Vitest's JSON report; undefined when it is not one. */
export function countVitest(report: unknown): Counts | undefined {
  const parsed = vitestReport.safeParse(report)
  if (!parsed.success) return undefined
  const run = parsed.data
  // A file that failed with no failed test in it: it did not import, or a hook (afterAll…) threw.
  const filesFailedOutsideTests = run.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length
  const failed = run.numFailedTests + filesFailedOutsideTests
  return {
    passed: run.numPassedTests,
    // `success: false` with nothing to blame still failed the run.
    failed: !run.success && failed === 0 ? 1 : failed,
    skipped: run.numPendingTests + run.numTodoTests,
  }
}

/** Playwright's JSON report; every error outside a test (import, global setup or teardown) is one failure. */
export function countPlaywright(report: unknown): Counts | undefined {
  const parsed = playwrightReport.safeParse(report)
  if (!parsed.success) return undefined
  const { stats, errors } = parsed.data
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + errors.length,
    skipped: stats.skipped,
  }
}

/** scripts/check-packaging.ts's own report. */
export function countPackaging(report: unknown): Counts | undefined {
  const parsed = packagingReport.safeParse(report)
  return parsed.success ? parsed.data : undefined
}
