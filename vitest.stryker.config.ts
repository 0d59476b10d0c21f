// Stryker's runs only (stryker.config.ts): the normal projects, with the test files of a mutant's run ordered so
// that it ends soonest. A mutant run stops at its first failing test (bail), and most mutants are killed, so the
// file that failed last time goes first (the next mutant is usually its neighbour in the same code), then the
// quickest files; Vitest's own order runs the slowest first, which suits a whole suite, not a mutant.
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'
import config from './vitest.config.ts'

class KillSoonest extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache
    const facts = new Map(files.map((spec) => [spec, cache.getTestSpecificationResult(spec)]))
    return Promise.resolve(
      [...files].sort((a, b) => {
        if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1
        const first = facts.get(a)
        const second = facts.get(b)
        if (Boolean(first?.failed) !== Boolean(second?.failed)) return first?.failed ? -1 : 1
        return (first?.duration ?? Infinity) - (second?.duration ?? Infinity)
      }),
    )
  }
}

export default defineConfig({
  ...config,
  test: {
    ...config.test,
    sequence: { sequencer: KillSoonest },
    // A mutant that stops the code answering is killed when a test's bounded wait runs out (within.ts): 1 s here,
    // against 3 s in `npm test`, whose parallel files load the machine more. A whole run at 1 s, four Stryker runs
    // at once (stryker.config.ts), gave the same verdicts as one at 1.5 s and two (docs/development.md).
    env: { ANSWER_WITHIN_MS: '1000' },
    // Inside each file, the tests that failed last go first, then the quickest (vitest.stryker.runner.ts).
    projects: (config.test?.projects ?? []).map((project) =>
      typeof project === 'object' && 'test' in project
        ? { ...project, test: { ...project.test, runner: './vitest.stryker.runner.ts' } }
        : project,
    ),
  },
})
