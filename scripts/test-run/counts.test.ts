// Each way a run can fail, produced for real by Vitest and Playwright on tiny fixture projects
// (scripts/test-run/fixtures), must show as a failure in the counts (D38).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playwrightCase, runQuietly, vitestCase } from './fixture-steps.ts'
import type { StepOutcome } from './summary.ts'

let reportDir: string
beforeAll(async () => {
  reportDir = await mkdtemp(join(tmpdir(), 'test-run-'))
})
afterAll(async () => {
  await rm(reportDir, { recursive: true, force: true })
})

const RUNNER_TIMEOUT = 60_000

function expectFailedRun(outcome: StepOutcome): void {
  expect(outcome.ok).toBe(false)
}

describe('Vitest reports', () => {
  it(
    'count a test file that throws on import as a failure',
    () => {
      const outcome = runQuietly(vitestCase('import-throws', reportDir))
      expectFailedRun(outcome)
      expect(outcome.counts).toEqual({ passed: 0, failed: 1, skipped: 0 })
    },
    RUNNER_TIMEOUT,
  )

  it(
    'count a throwing afterAll as a failure though its test passed',
    () => {
      const outcome = runQuietly(vitestCase('after-all-throws', reportDir))
      expectFailedRun(outcome)
      expect(outcome.counts).toEqual({ passed: 1, failed: 1, skipped: 0 })
    },
    RUNNER_TIMEOUT,
  )

  it(
    'count failed tests one by one, and not their file again',
    () => {
      const outcome = runQuietly(vitestCase('test-fails', reportDir))
      expectFailedRun(outcome)
      expect(outcome.counts).toEqual({ passed: 1, failed: 1, skipped: 0 })
    },
    RUNNER_TIMEOUT,
  )

  it(
    'count skipped and todo tests as skipped, and nothing as failed in a run that passed',
    () => {
      const outcome = runQuietly(vitestCase('all-pass', reportDir))
      expect(outcome.ok).toBe(true)
      expect(outcome.counts).toEqual({ passed: 1, failed: 0, skipped: 2 })
    },
    RUNNER_TIMEOUT,
  )

  it(
    'cannot show an unhandled rejection (the JSON says success): only the exit code does, see summary.test.ts',
    () => {
      const outcome = runQuietly(vitestCase('unhandled-rejection', reportDir))
      expectFailedRun(outcome)
      expect(outcome.counts).toEqual({ passed: 1, failed: 0, skipped: 0 })
    },
    RUNNER_TIMEOUT,
  )
})

describe('Playwright reports', () => {
  it(
    'count a spec file that throws on import (an error outside any test) as a failure',
    () => {
      const outcome = runQuietly(playwrightCase('import-throws', reportDir))
      expectFailedRun(outcome)
      expect(outcome.counts?.passed).toBe(0)
      // The import error, and Playwright's "no tests found" that follows from it.
      expect(outcome.counts?.failed).toBeGreaterThanOrEqual(1)
    },
    RUNNER_TIMEOUT,
  )

  it(
    'count a failing global teardown as a failure though every test passed',
    () => {
      const outcome = runQuietly(playwrightCase('all-pass', reportDir, 'teardown-throws.config.ts'))
      expectFailedRun(outcome)
      expect(outcome.counts).toEqual({ passed: 1, failed: 1, skipped: 1 })
    },
    RUNNER_TIMEOUT,
  )

  it(
    'count a throwing afterAll as a failure',
    () => {
      const outcome = runQuietly(playwrightCase('after-all-throws', reportDir))
      expectFailedRun(outcome)
      expect(outcome.counts).toEqual({ passed: 0, failed: 1, skipped: 0 })
    },
    RUNNER_TIMEOUT,
  )

  it(
    'count a failed test, and a passing run as passed with its skips',
    () => {
      expect(runQuietly(playwrightCase('test-fails', reportDir)).counts).toEqual({
        passed: 1,
        failed: 1,
        skipped: 0,
      })
      const passing = runQuietly(playwrightCase('all-pass', reportDir))
      expect(passing.ok).toBe(true)
      expect(passing.counts).toEqual({ passed: 1, failed: 0, skipped: 1 })
    },
    RUNNER_TIMEOUT,
  )

  it(
    "leave the repository's own test-results alone (Playwright empties its output folder at start)",
    async () => {
      const sentinel = join(
        import.meta.dirname,
        '..',
        '..',
        'test-results',
        'e2e',
        `sentinel-${process.pid}.txt`,
      )
      await mkdir(join(sentinel, '..'), { recursive: true })
      await writeFile(sentinel, 'a real run’s artefact')
      try {
        runQuietly(playwrightCase('all-pass', reportDir))
        expect(await readFile(sentinel, 'utf8')).toBe('a real run’s artefact')
      } finally {
        await rm(sentinel, { force: true })
      }
    },
    RUNNER_TIMEOUT,
  )
})
