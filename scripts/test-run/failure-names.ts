// Which tests failed, by name, read from the runners' JSON reports. CI shows only the tail of a run, so the
// summary repeats these names just above the closing line: a red run says what broke without its full log.
import { z } from 'zod'

/** At most this many names per step: a run where everything broke needs its log, not a longer summary. */
export const MAX_NAMED_FAILURES = 10

const vitestReport = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(
        z.object({
          fullName: z.string(),
          status: z.string(),
          failureMessages: z.array(z.string()).nullish(),
        }),
      ),
    }),
  ),
})

interface PlaywrightSuite {
  title: string
  specs?:
    | Array<{
        title: string
        file: string
        line: number
        tests: Array<{
          projectName: string
          status: string
          results: Array<{ error?: { message?: string | undefined } | undefined }>
        }>
      }>
    | undefined
  suites?: PlaywrightSuite[] | undefined
}

const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    title: z.string(),
    specs: z
      .array(
        z.object({
          title: z.string(),
          file: z.string(),
          line: z.number(),
          tests: z.array(
            z.object({
              projectName: z.string(),
              status: z.string(),
              results: z.array(z.object({ error: z.object({ message: z.string().optional() }).optional() })),
            }),
          ),
        }),
      )
      .optional(),
    suites: z.array(playwrightSuite).optional(),
  }),
)

const playwrightReport = z.object({
  suites: z.array(playwrightSuite),
  errors: z.array(z.object({ message: z.string().optional() })),
})

/** "file › test name — first line of the error" for each failed Vitest test or file. */
export function nameVitestFailures(report: unknown): string[] {
  const parsed = vitestReport.safeParse(report)
  if (!parsed.success) return []
  const names: string[] = []
  for (const file of parsed.data.testResults) {
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed')
    for (const test of failedTests) {
      names.push(withFirstErrorLine(`${relative(file.name)} › ${test.fullName}`, test.failureMessages?.[0]))
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      names.push(withFirstErrorLine(`${relative(file.name)} (outside any test)`, file.message))
    }
  }
  return names
}

/** "[project] file:line › test name — first line of the error" for each failed Playwright test and run error. */
export function namePlaywrightFailures(report: unknown): string[] {
  const parsed = playwrightReport.safeParse(report)
  if (!parsed.success) return []
  const names: string[] = []
  // A top-level suite is a spec file (its title is the file name); the suites inside are `describe` blocks.
  const visit = (suite: PlaywrightSuite, path: string[]): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue
        const lastError = test.results.findLast((result) => result.error)?.error?.message
        const title = [...path, spec.title].join(' › ')
        const project = test.projectName ? `[${test.projectName}] ` : ''
        names.push(withFirstErrorLine(`${project}${spec.file}:${spec.line} › ${title}`, lastError))
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title])
  }
  for (const suite of parsed.data.suites) visit(suite, [])
  for (const error of parsed.data.errors) names.push(withFirstErrorLine('(outside any test)', error.message))
  return names
}

function withFirstErrorLine(name: string, message: string | undefined): string {
  const firstLine = message
    ?.split('\n')
    .map((line) => stripColours(line).trim())
    .find(Boolean)
  return firstLine ? `${name} — ${firstLine.slice(0, 200)}` : name
}

function relative(path: string): string {
  const cwd = process.cwd().replaceAll('\\', '/')
  const normalised = path.replaceAll('\\', '/')
  return normalised.startsWith(`${cwd}/`) ? normalised.slice(cwd.length + 1) : normalised
}

// Runners colour their messages; a CI log shows the escape codes as text.
function stripColours(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '')
}
