/**
 * `npm test`: every check in order — format, lint, type-check of every side, unit and component tests,
 * then the end-to-end suites, then the packaging check (it packages the build the e2e step made) — each
 * run even when an earlier one failed, so one run shows every problem.
 * It ends with one plain line `tests: N passed, N failed, N skipped` summed from the runners' own reports,
 * where every failed step and every runner error counts as a failure (scripts/test-run/summary.ts), just below
 * the names of the tests that failed (CI shows only a run's tail), and exits
 * non-zero if any step failed.
 */
import { countPackaging, countPlaywright, countVitest } from './test-run/counts.ts'
import { namePlaywrightFailures, nameVitestFailures } from './test-run/failure-names.ts'
import { runStep, summarise, type Step } from './test-run/summary.ts'
import { ensureTestPrerequisites } from './test-prerequisites.ts'

// A missing browser or tool would fail half the suite with confusing errors: fetch it, or stop saying what.
if (!ensureTestPrerequisites()) process.exit(1)

const npmScript = (name: string, script: string, report?: Step['report']): Step => ({
  name: `${name} (npm run ${script})`,
  command: 'npm',
  args: ['run', '--silent', script],
  ...(report ? { report } : {}),
})

const steps: Step[] = [
  npmScript('format', 'format:check'),
  npmScript('lint', 'lint'),
  npmScript('type-check', 'typecheck'),
  npmScript('unit and component tests', 'test:unit', {
    path: 'test-results/unit-results.json',
    count: countVitest,
    nameFailures: nameVitestFailures,
    label: 'unit and component',
  }),
  npmScript('end-to-end tests', 'test:e2e', {
    path: 'test-results/e2e-results.json',
    count: countPlaywright,
    nameFailures: namePlaywrightFailures,
    label: 'end-to-end',
  }),
  npmScript('packaging check (stand-in Electron binary)', 'check:packaging', {
    path: 'test-results/packaging-results.json',
    count: countPackaging,
    label: 'packaging',
  }),
]

const outcomes = steps.map((step) => {
  console.log(`\n=== ${step.name} ===`)
  return runStep(step)
})
const { lines, exitCode } = summarise(outcomes)
console.log(`\n${lines.join('\n')}`)
process.exitCode = exitCode
