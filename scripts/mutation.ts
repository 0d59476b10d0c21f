// `npm run test:mutation [-- --area <name>] [-- <Stryker options>]`: runs Stryker with stryker.config.ts, then
// prints the score of each area and, last, one line `mutation score: NN.N%`. `--area <name>` (repeatable) mutates
// only that area of MUTATION_AREAS; other options go to Stryker as they are, e.g.
// `npm run test:mutation -- --mutate src-main/core/orders/retry-policy.ts` for one file.
//
// A whole run and a run of some areas are incremental (Stryker's own mode): the results of the last such run are
// kept in reports/mutation/, and only the mutants whose code or covering tests changed since run again. A cold run
// tests every mutant; `-- --force` asks for that. A run of `--mutate` lines is never incremental (it would replace
// the kept results with a few lines' worth).
import { spawnSync } from 'node:child_process'
import { existsSync, globSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { incrementalFile, MUTATION_AREAS, MUTATION_REPORT } from '../stryker.config.ts'
import { scoreByArea, scoreLines, type MutationReport } from './mutation-score.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const { areas, args } = strykerArgs(process.argv.slice(2))
// A run of some areas writes its own report, so that runs of different areas at once do not read each other's.
const reportName = areas.length === 0 ? MUTATION_REPORT : `reports/mutation/${areaSlug(areas)}.json`
const reportFile = join(root, reportName)
const incremental =
  args.includes('--mutate') && areas.length === 0
    ? []
    : ['--incremental', '--incrementalFile', incrementalFile(reportName)]
// An old report must never be read as this run's.
rmSync(reportFile, { force: true })

const strykerPackage = createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')
const stryker = join(dirname(strykerPackage), 'bin', 'stryker.js')
const started = Date.now()
const run = spawnSync(process.execPath, [stryker, 'run', 'stryker.config.ts', ...incremental, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MUTATION_REPORT: reportName },
})
if (!existsSync(reportFile)) {
  console.error(`Stryker wrote no report (${reportName}); see its output above.`)
  process.exit(run.status ?? 1)
}
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as MutationReport
console.log('')
console.log(`took ${((Date.now() - started) / 60_000).toFixed(1)} min`)
for (const line of scoreLines(scoreByArea(report, MUTATION_AREAS, root))) console.log(line)
process.exit(run.status ?? 1)

/**
 * The arguments for Stryker, each `--area <name>` replaced by the area's files. Stryker splits `--mutate` at
 * commas, so the areas' brace globs are expanded here rather than passed on.
 */
function strykerArgs(args: string[]): { areas: string[]; args: string[] } {
  const areas: string[] = []
  const rest: string[] = []
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] !== '--area') {
      rest.push(args[index] ?? '')
      continue
    }
    const name = args[index + 1] ?? ''
    index += 1
    if (!(name in MUTATION_AREAS)) {
      console.error(`No area "${name}". The areas: ${Object.keys(MUTATION_AREAS).join(', ')}.`)
      process.exit(2)
    }
    areas.push(name)
  }
  if (areas.length === 0) return { areas, args: rest }
  const files = areas.flatMap((name) =>
    (MUTATION_AREAS[name] ?? []).flatMap((glob) => globSync(glob, { cwd: root })),
  )
  return { areas, args: ['--mutate', files.filter((file) => !/\.test\./.test(file)).join(','), ...rest] }
}

function areaSlug(areas: string[]): string {
  return areas.map((name) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()).join('+')
}
