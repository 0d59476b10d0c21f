// Reads Stryker's JSON report (mutation-testing-report-schema) and scores it per area: the share of mutants the
// tests noticed. Killed and timed-out mutants count as noticed; survived and uncovered ones as missed; the rest
// (compile and runtime errors, ignored, pending) are not counted, as in Stryker's own score.
import { isAbsolute, matchesGlob, relative } from 'node:path'

export interface MutationReport {
  files: Record<string, { mutants: { status: string }[] }>
}

export interface AreaScore {
  area: string
  detected: number
  missed: number
  /** Percent, or null when the area had no mutant that counts. */
  score: number | null
}

const DETECTED = new Set(['Killed', 'Timeout'])
const MISSED = new Set(['Survived', 'NoCoverage'])
/** Files in no area (a `--mutate` given by hand) are scored under this name. */
export const OTHER_AREA = 'other'

export function scoreByArea(
  report: MutationReport,
  areas: Record<string, readonly string[]>,
  projectRoot: string,
): { areas: AreaScore[]; overall: AreaScore } {
  const counts = new Map<string, { detected: number; missed: number }>()
  const overall = { detected: 0, missed: 0 }
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const area = areaOf(projectPath(file, projectRoot), areas)
    const count = counts.get(area) ?? { detected: 0, missed: 0 }
    counts.set(area, count)
    for (const { status } of mutants) {
      if (DETECTED.has(status)) {
        count.detected += 1
        overall.detected += 1
      } else if (MISSED.has(status)) {
        count.missed += 1
        overall.missed += 1
      }
    }
  }
  const names = [...Object.keys(areas), OTHER_AREA].filter((name) => counts.has(name))
  return {
    areas: names.map((area) => scored(area, counts.get(area) ?? { detected: 0, missed: 0 })),
    overall: scored('overall', overall),
  }
}

/** The lines `npm run test:mutation` ends with; the last is always `mutation score: NN.N%` (or `n/a`). */
export function scoreLines(scores: { areas: AreaScore[]; overall: AreaScore }): string[] {
  const width = Math.max(...scores.areas.map(({ area }) => area.length), 0)
  const percent = (score: number | null) => (score === null ? 'n/a' : `${score.toFixed(1)}%`)
  return [
    ...scores.areas.map(
      ({ area, detected, missed, score }) =>
        `${area.padEnd(width)}  ${percent(score).padStart(6)}  (${String(detected)} of ${String(detected + missed)} mutants noticed)`,
    ),
    `mutation score: ${percent(scores.overall.score)}`,
  ]
}

function scored(area: string, { detected, missed }: { detected: number; missed: number }): AreaScore {
  const total = detected + missed
  return { area, detected, missed, score: total === 0 ? null : (100 * detected) / total }
}

function projectPath(file: string, projectRoot: string): string {
  const path = isAbsolute(file) ? relative(projectRoot, file) : file
  return path.replaceAll('\\', '/')
}

function areaOf(file: string, areas: Record<string, readonly string[]>): string {
  for (const [area, globs] of Object.entries(areas)) {
    if (globs.some((glob) => matchesGlob(file, glob))) return area
  }
  return OTHER_AREA
}
