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
export function observeBuiltMain(
  root: string,
  packaged: boolean,
  args: readonly string[] = [],
): Observation[] {
  const { observations, status, stderr, logLines } = runBuiltMain(root, packaged, args)
  if (status !== 0)
    observations.push({ kind: 'run-failed', value: `${String(status)} ${stderr.slice(-600)}` })
  // An error the app only logged (an uncaught exception it survives, a failed step) is a failed start too.
  for (const line of logLines.filter((entry) => entry.includes('[error]')))
    observations.push({ kind: 'run-failed', value: line.slice(0, 600) })
  for (const line of logLines) observations.push({ kind: 'log', value: line })
  return observations
}

interface BuiltMainRun {
  observations: Observation[]
  status: number | null
  stderr: string
  /** The lines of the app's main.log. */
  logLines: string[]
}

/** One run of out/main/main.js under the stand-in, with `args` after it on the command line. */
function runBuiltMain(root: string, packaged: boolean, args: readonly string[]): BuiltMainRun {
  const work = mkdtempSync(join(tmpdir(), 'pos-built-main-'))
  const out = join(work, 'observations.jsonl')
  try {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        join(root, 'scripts/packaging/fake-electron-register.js'),
        join(root, 'out/main/main.js'),
        ...args,
      ],
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
    const logFile = join(work, 'userData', 'logs', 'main.log')
    return {
      observations: lines.map((line) => JSON.parse(line) as Observation),
      status: run.error ? null : run.status,
      stderr: run.stderr,
      logLines: existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [],
    }
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

/**
 * Issue 20.9: run as the installed app with each refused switch, bare and with a value, the built main quits
 * with exit 2 and a logged reason before `ready`: no lock, no window. A development run with one is the
 * control: it starts, so the check sees the decision rather than a broken start.
 */
export function refusedSwitchProblems(root: string, switches: readonly string[]): string[] {
  const problems: string[] = []
  for (const name of switches) {
    for (const arg of [`--${name}`, `--${name}=1`]) {
      const run = runBuiltMain(root, true, [arg])
      const kinds = new Set(run.observations.map((o) => o.kind))
      const said = run.logLines.some((line) => line.includes('[warn]') && line.includes(`refused --${name}`))
      if (run.status !== 2) problems.push(`${arg}: exit ${String(run.status)}, not 2`)
      if (!said) problems.push(`${arg}: no "refused --${name}" line in the log`)
      for (const kind of ['when-ready', 'single-instance-lock', 'window-options'])
        if (kinds.has(kind)) problems.push(`${arg}: got as far as ${kind}`)
    }
  }
  const control = observeBuiltMain(root, false, ['--remote-debugging-port=1'])
  if (valuesOf(control, 'window-options').length === 0)
    problems.push('the development control run with --remote-debugging-port opened no window')
  return problems
}

/**
 * Issue 20.9: the installed app refuses a link followed by anything on its command line (logged, not added),
 * and tells a running app so through the lock's data; the same link alone is taken (the control).
 */
export function trailingLinkProblems(root: string): string[] {
  const link = 'pos-companion://order/3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'
  const refusedLine = (o: Observation[]) =>
    valuesOf(o, 'log').some((line) => String(line).includes('intake: refused a link or command line'))
  const problems: string[] = []
  const followed = observeBuiltMain(root, true, [link, '--label=Masa 4'])
  problems.push(...runProblems(followed))
  if (!refusedLine(followed)) problems.push('a link followed by --label=… was not refused in the log')
  const lock = valuesOf(followed, 'single-instance-lock')[0] as { refused?: { via?: string } } | undefined
  if (lock?.refused?.via !== 'link')
    problems.push(`the lock's data does not carry the refusal: ${JSON.stringify(lock)}`)
  const alone = observeBuiltMain(root, true, [link])
  problems.push(...runProblems(alone))
  if (refusedLine(alone)) problems.push('the control (the link alone) was refused')
  return problems
}
