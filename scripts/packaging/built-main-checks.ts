// Checks on the BUILT app that only Electron could otherwise show, for `npm run check:packaging`: the built main
// process (out/main/main.js) is run under plain Node with a stand-in `electron` module (fake-electron.js), as
// the packaged app and as a development run, and what it asks of Electron is compared with what must ship.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CSP_META } from '../../src-shared/content-security-policy.ts'

interface Observation {
  kind: string
  value: unknown
}

const DEV_URL = 'http://127.0.0.1:9/attacker-page'
const APP_PAGE = 'app://renderer/index.html'
const FORBIDDEN_PREFERENCES = ['webSecurity', 'allowRunningInsecureContent', 'experimentalFeatures']

/** Runs out/main/main.js until its window has loaded a page; returns what it asked of the stand-in. */
export function observeBuiltMain(root: string, packaged: boolean): Observation[] {
  const work = mkdtempSync(join(tmpdir(), 'pos-built-main-'))
  const out = join(work, 'observations.jsonl')
  try {
    const run = spawnSync(
      process.execPath,
      ['--import', join(root, 'scripts/packaging/fake-electron-register.js'), join(root, 'out/main/main.js')],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 30_000,
        env: {
          ...process.env,
          ELECTRON_RENDERER_URL: DEV_URL,
          POS_FAKE_ELECTRON_OUT: out,
          POS_FAKE_ELECTRON_PACKAGED: packaged ? '1' : '0',
          POS_FAKE_ELECTRON_USERDATA: join(work, 'userData'),
        },
      },
    )
    const lines = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean) : []
    const observations = lines.map((line) => JSON.parse(line) as Observation)
    if (run.status !== 0 || run.error)
      observations.push({ kind: 'run-failed', value: `${String(run.status)} ${run.stderr.slice(-600)}` })
    // An error the app only logged (an uncaught exception it survives, a failed step) is a failed start too.
    const logFile = join(work, 'userData', 'logs', 'main.log')
    const loggedErrors = existsSync(logFile)
      ? readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((line) => line.includes('[error]'))
      : []
    for (const line of loggedErrors) observations.push({ kind: 'run-failed', value: line.slice(0, 600) })
    return observations
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

const valuesOf = (observations: Observation[], kind: string) =>
  observations.filter((o) => o.kind === kind).map((o) => o.value)

function runProblems(observations: Observation[]): string[] {
  return [...valuesOf(observations, 'run-failed'), ...valuesOf(observations, 'error-box')].map(
    (value) => `the built main did not start cleanly: ${JSON.stringify(value).slice(0, 400)}`,
  )
}

/** D32: the packaged app loads its own page whatever ELECTRON_RENDERER_URL says. */
export function rendererUrlProblems(packaged: Observation[], development: Observation[]): string[] {
  const problems = runProblems(packaged)
  const loadedPackaged = valuesOf(packaged, 'load-url')
  if (loadedPackaged.length !== 1 || loadedPackaged[0] !== APP_PAGE)
    problems.push(
      `packaged with ELECTRON_RENDERER_URL set, the window loaded ${JSON.stringify(loadedPackaged)}`,
    )
  // The control: the same run in development does honour it, so the check really sees the decision.
  const loadedDevelopment = valuesOf(development, 'load-url')
  if (loadedDevelopment[0] !== DEV_URL)
    problems.push(`the development control run loaded ${JSON.stringify(loadedDevelopment)}, not ${DEV_URL}`)
  return problems
}

/** The page comes from a privileged app:// scheme that serves only the renderer folder, never from file://. */
export function customProtocolProblems(packaged: Observation[]): string[] {
  const problems = runProblems(packaged)
  if (valuesOf(packaged, 'load-file').length > 0) problems.push('the window loads a file (file://)')
  const schemes = valuesOf(packaged, 'privileged-schemes').flat() as {
    scheme: string
    privileges?: Record<string, unknown>
  }[]
  const app = schemes.find((entry) => entry.scheme === 'app')
  if (app?.privileges?.['standard'] !== true || app.privileges['secure'] !== true)
    problems.push(`app:// is not registered as a standard, secure scheme: ${JSON.stringify(schemes)}`)
  if (!valuesOf(packaged, 'scheme-handled').includes('app')) problems.push('nothing handles app://')
  const answers = valuesOf(packaged, 'scheme-answer') as { url: string; status: number; csp: string | null }[]
  for (const answer of answers) {
    const want = answer.url === APP_PAGE ? 200 : 404
    if (answer.status !== want) problems.push(`${answer.url} answered ${answer.status}, expected ${want}`)
  }
  if (answers.length === 0) problems.push('the app:// handler was never asked (no window?)')
  if (!answers.find((answer) => answer.url === APP_PAGE)?.csp?.includes("default-src 'none'"))
    problems.push('the page from app:// has no Content-Security-Policy header')
  return problems
}

/** The window's options as the built main sets them. */
export function windowOptionProblems(packaged: Observation[]): string[] {
  const problems = runProblems(packaged)
  const windows = valuesOf(packaged, 'window-options') as { webPreferences?: Record<string, unknown> }[]
  if (windows.length === 0) return [...problems, 'the built main opened no window']
  for (const preferences of windows.map((window) => window.webPreferences ?? {})) {
    for (const key of FORBIDDEN_PREFERENCES)
      if (key in preferences) problems.push(`webPreferences.${key} is set (${String(preferences[key])})`)
    for (const [key, want] of Object.entries({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    }))
      if (preferences[key] !== want) problems.push(`webPreferences.${key} is ${String(preferences[key])}`)
    if (preferences['devTools'] !== false) problems.push('devtools are on in the packaged app')
  }
  return problems
}

/** The built index.html carries the strict policy as a <meta> tag. */
export function builtCspProblems(root: string): string[] {
  const file = join(root, 'out/renderer/index.html')
  if (!existsSync(file)) return ['out/renderer/index.html is missing']
  const html = readFileSync(file, 'utf8')
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html)
  if (!meta) return ['out/renderer/index.html has no Content-Security-Policy meta tag']
  return meta[1] === CSP_META ? [] : [`the built policy is "${meta[1] ?? ''}", not "${CSP_META}"`]
}
