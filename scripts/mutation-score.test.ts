import { describe, expect, it } from 'vitest'
import { MUTATION_AREAS } from '../stryker.config.ts'
import { OTHER_AREA, scoreByArea, scoreLines, type MutationReport } from './mutation-score.ts'

const ROOT = '/project'
const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) })

describe('scoreByArea', () => {
  const areas = { outbox: ['src/orders/*.ts'], scanner: ['src/scan/{a,b}.ts'] }

  it('counts killed and timed-out mutants as noticed, survived and uncovered ones as missed, others not at all', () => {
    const report: MutationReport = {
      files: {
        'src/orders/outbox.ts': mutants('Killed', 'Killed', 'Timeout', 'Survived', 'CompileError', 'Ignored'),
        'src/scan/a.ts': mutants('Killed', 'NoCoverage', 'RuntimeError', 'Pending'),
      },
    }
    const scores = scoreByArea(report, areas, ROOT)
    expect(scores.areas).toEqual([
      { area: 'outbox', detected: 3, missed: 1, score: 75 },
      { area: 'scanner', detected: 1, missed: 1, score: 50 },
    ])
    expect(scores.overall).toEqual({ area: 'overall', detected: 4, missed: 2, score: (100 * 4) / 6 })
  })

  it('finds the area of absolute and Windows paths, and scores files of no area apart', () => {
    const report: MutationReport = {
      files: {
        '/project/src/orders/outbox.ts': mutants('Killed'),
        'src\\scan\\b.ts': mutants('Survived'),
        'src/elsewhere.ts': mutants('Killed', 'Survived', 'Survived', 'Survived'),
      },
    }
    const scores = scoreByArea(report, areas, ROOT)
    expect(scores.areas.map(({ area, score }) => [area, score])).toEqual([
      ['outbox', 100],
      ['scanner', 0],
      [OTHER_AREA, 25],
    ])
  })

  it('leaves out areas with no mutant and gives no score where nothing counts', () => {
    const scores = scoreByArea({ files: { 'src/orders/x.ts': mutants('CompileError') } }, areas, ROOT)
    expect(scores.areas).toEqual([{ area: 'outbox', detected: 0, missed: 0, score: null }])
    expect(scores.overall.score).toBeNull()
  })
})

describe('scoreLines', () => {
  it('prints one line per area and ends with `mutation score: NN.N%`', () => {
    const lines = scoreLines({
      areas: [
        { area: 'outbox', detected: 2, missed: 1, score: 200 / 3 },
        { area: 'session and its timers', detected: 9, missed: 0, score: 100 },
      ],
      overall: { area: 'overall', detected: 11, missed: 1, score: (100 * 11) / 12 },
    })
    expect(lines).toEqual([
      'outbox                   66.7%  (2 of 3 mutants noticed)',
      'session and its timers  100.0%  (9 of 9 mutants noticed)',
      'mutation score: 91.7%',
    ])
    expect(
      scoreLines({ areas: [], overall: { area: 'overall', detected: 0, missed: 0, score: null } }),
    ).toEqual(['mutation score: n/a'])
  })
})

describe('the mutated areas (stryker.config.ts)', () => {
  it('name files that exist, each in one area only', async () => {
    const { existsSync, globSync } = await import('node:fs')
    const seen = new Map<string, string>()
    for (const [area, globs] of Object.entries(MUTATION_AREAS)) {
      const files = globs.flatMap((glob) => globSync(glob))
      expect(files.length, area).toBeGreaterThan(0)
      // Each name in a brace list is a file: a glob would pass over one that was renamed or merged away.
      for (const named of globs.flatMap(expandBraces)) expect(existsSync(named), named).toBe(true)
      for (const file of files) {
        expect(seen.get(file), file).toBeUndefined()
        seen.set(file, area)
      }
    }
  })
})

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts` (one brace list, as the areas write them). */
function expandBraces(glob: string): string[] {
  const match = /\{([^}]*)\}/.exec(glob)
  if (!match) return [glob]
  return (match[1] ?? '').split(',').map((name) => glob.replace(match[0], name))
}
