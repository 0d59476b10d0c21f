// Steps that run the real Vitest and Playwright on the tiny fixture projects, for the runner's own tests.
import { join } from 'node:path'
import { countPlaywright, countVitest } from './counts.ts'
import { namePlaywrightFailures, nameVitestFailures } from './failure-names.ts'
import { runStep, type Step, type StepOutcome } from './summary.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const FIXTURES = join(import.meta.dirname, 'fixtures')
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs')
const PLAYWRIGHT = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js')

/** Vitest on one case file of fixtures/vitest, its JSON report in `reportDir`. */
export function vitestCase(caseName: string, reportDir: string): Step {
  const path = join(reportDir, `vitest-${caseName}.json`)
  return {
    name: `vitest ${caseName}`,
    command: process.execPath,
    args: [
      VITEST,
      'run',
      '--root',
      join(FIXTURES, 'vitest'),
      `${caseName}.case.ts`,
      '--reporter=json',
      `--outputFile.json=${path}`,
    ],
    report: { path, count: countVitest, nameFailures: nameVitestFailures, label: `vitest ${caseName}` },
  }
}

/** Playwright on one case file of fixtures/playwright (with another config when given), its JSON report in `reportDir`. */
export function playwrightCase(caseName: string, reportDir: string, config = 'playwright.config.ts'): Step {
  const path = join(reportDir, `playwright-${caseName}-${config}.json`)
  return {
    name: `playwright ${caseName}`,
    command: process.execPath,
    // The fixture config reads from the environment where to write its report.
    env: { FIXTURE_REPORT: path },
    args: [PLAYWRIGHT, 'test', '-c', join(FIXTURES, 'playwright', config), `${caseName}.case.ts`],
    report: {
      path,
      count: countPlaywright,
      nameFailures: namePlaywrightFailures,
      label: `playwright ${caseName}`,
    },
  }
}

/** A step that fails the way a format, lint or type-check step does: a non-zero exit and no report. */
export function failingCheck(name: string): Step {
  return { name, command: process.execPath, args: ['-e', 'process.exit(1)'] }
}

/** Runs a step quietly from the repository's root (the fixture runners' output would only be noise here). */
export function runQuietly(step: Step): StepOutcome {
  return runStep(step, ROOT, 'ignore')
}
