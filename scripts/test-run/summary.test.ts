// The closing line of `npm test` says "0 failed" only when the run passed (D38): steps run for real on
// the fixture projects, then summarised as scripts/test-all.ts does.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countVitest } from './counts.ts'
import { failingCheck, playwrightCase, runQuietly, vitestCase } from './fixture-steps.ts'
import { summarise } from './summary.ts'

let reportDir: string
beforeAll(async () => {
  reportDir = await mkdtemp(join(tmpdir(), 'test-run-'))
})
afterAll(async () => {
  await rm(reportDir, { recursive: true, force: true })
})

const RUNNER_TIMEOUT = 60_000
const closingLine = (lines: string[]) => lines.at(-1)

describe('the closing line', () => {
  it(
    'counts a failed format, lint or type-check step as a failure',
    () => {
      const { lines, exitCode } = summarise([
        runQuietly(failingCheck('lint')),
        runQuietly(vitestCase('all-pass', reportDir)),
      ])
      expect(closingLine(lines)).toBe('tests: 1 passed, 1 failed, 2 skipped')
      expect(lines.filter((line) => line.startsWith('FAILED '))).toEqual([
        expect.stringMatching(/^FAILED lint \(/),
      ])
      expect(exitCode).toBe(1)
    },
    RUNNER_TIMEOUT,
  )

  it(
    'counts an unhandled rejection, which Vitest’s JSON report hides, by the step’s exit code',
    () => {
      const { lines, exitCode } = summarise([runQuietly(vitestCase('unhandled-rejection', reportDir))])
      expect(closingLine(lines)).toBe('tests: 1 passed, 1 failed, 0 skipped')
      expect(exitCode).toBe(1)
    },
    RUNNER_TIMEOUT,
  )

  it(
    'adds up runner errors from both runners: an import failure, a throwing afterAll, a failing teardown',
    () => {
      const { lines, exitCode } = summarise([
        runQuietly(vitestCase('import-throws', reportDir)),
        runQuietly(vitestCase('after-all-throws', reportDir)),
        runQuietly(playwrightCase('all-pass', reportDir, 'teardown-throws.config.ts')),
      ])
      expect(closingLine(lines)).toBe('tests: 2 passed, 3 failed, 1 skipped')
      expect(exitCode).toBe(1)
    },
    RUNNER_TIMEOUT,
  )

  it('counts a step whose report is missing as a failure, and says it did not report', () => {
    const { lines, exitCode } = summarise([
      {
        step: {
          name: 'unit',
          command: 'true',
          args: [],
          report: { path: 'x', count: countVitest, label: 'unit' },
        },
        ok: true,
        seconds: 0,
        counts: undefined,
        failures: [],
      },
    ])
    expect(lines).toContain('unit: did not report')
    expect(closingLine(lines)).toBe('tests: 0 passed, 1 failed, 0 skipped')
    expect(exitCode).toBe(1)
  })

  it(
    'says 0 failed and exits 0 only when every step passed',
    () => {
      const { lines, exitCode } = summarise([
        runQuietly(vitestCase('all-pass', reportDir)),
        runQuietly(playwrightCase('all-pass', reportDir)),
      ])
      expect(closingLine(lines)).toBe('tests: 2 passed, 0 failed, 3 skipped')
      expect(exitCode).toBe(0)
    },
    RUNNER_TIMEOUT,
  )

  it(
    'names each failed test, with its error’s first line, just above the closing line',
    () => {
      const { lines } = summarise([
        runQuietly(vitestCase('test-fails', reportDir)),
        runQuietly(playwrightCase('test-fails', reportDir)),
        runQuietly(vitestCase('import-throws', reportDir)),
      ])
      const named = lines.filter((line) => line.startsWith('  failed: '))
      expect(named).toEqual([
        expect.stringMatching(/^ {2}failed: .*test-fails\.case\.ts › fails — .*expected 1 to be 2/),
        expect.stringMatching(
          /^ {2}failed: test-fails\.case\.ts:4 › fails — Error: expect\(received\)\.toBe\(expected\)/,
        ),
        expect.stringMatching(/^ {2}failed: .*import-throws\.case\.ts \(outside any test\)/),
      ])
      // The passing tests are not named.
      expect(lines.some((line) => / › passes/.test(line))).toBe(false)
      expect(closingLine(lines)).toBe('tests: 2 passed, 3 failed, 0 skipped')
    },
    RUNNER_TIMEOUT,
  )
})
