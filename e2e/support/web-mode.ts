import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import type { BrowserContext, Page } from '@playwright/test'
import type { MockPlatform } from '../mock-platform/server.ts'

/** Web mode as `npm run build` writes it (web-mode.vite.config.ts): what `npm run web` starts. */
const BUILT_WEB_MAIN = resolve(import.meta.dirname, '..', '..', 'out', 'web', 'main.js')

export interface WebModeOptions {
  dataDir: string
  apiBase?: string
  extraCa?: string
  lang?: 'tr' | 'en'
  /** A renderer built elsewhere (the benchmarks build their own); default: web mode's own (`out/renderer`). */
  rendererDir?: string
  /** A web-mode build made elsewhere (the benchmarks build their own); default: BUILT_WEB_MAIN. */
  webMain?: string
  /** The POS intake's port (`--intake-port`); default 0, any free port, so runs never collide. */
  intakePort?: number
  /** Node's own flags before the script (a test's `--import` of test-support/web/shifted-clock.ts). */
  nodeArgs?: string[]
  /** Added to the environment (the shifted clock's control file). */
  env?: Record<string, string>
}

/** The POS intake as web mode's INTAKE line names it. */
export interface WebModeIntake {
  /** `http://127.0.0.1:PORT`, or null when web mode could not listen. */
  url: string | null
  keyFile: string
  /** The intake key as the key file held it at start (a rotation rewrites the file). */
  key: string
}

export interface WebModeProcess {
  url: string
  intake: WebModeIntake
  process: ChildProcess
  /** What the process wrote on stderr (its log), for a failing test's report. */
  stderr(): string
  /** SIGTERM and wait; the data folder stays for a restart. */
  stop(): Promise<void>
  /** SIGKILL and wait: a crash, as far as the app can tell. */
  kill(): Promise<void>
}

/** Starts `npm run web` (the build) as a real process and waits for its one READY line. */
export async function launchWebMode(options: WebModeOptions): Promise<WebModeProcess> {
  const webMain = options.webMain ?? BUILT_WEB_MAIN
  if (!existsSync(webMain)) throw new Error(`no web-mode build at ${webMain}: run \`npm run build\` first`)
  const args = [...(options.nodeArgs ?? []), webMain, '--port', '0', '--data-dir', options.dataDir]
  args.push('--intake-port', String(options.intakePort ?? 0))
  if (options.apiBase) args.push('--api-base', options.apiBase)
  if (options.extraCa) args.push('--extra-ca', options.extraCa)
  if (options.lang) args.push('--lang', options.lang)
  if (options.rendererDir) args.push('--renderer-dir', options.rendererDir)
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
  })
  let log = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    log += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  // READY, then INTAKE right after it (src-main/web/intake-wiring.ts).
  const { url, intake } = await new Promise<{ url: string; intake: WebModeIntake }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`web mode did not become READY in 20 s:\n${log}`)),
      20_000,
    )
    const lines = createInterface({ input: child.stdout })
    let ready: string | undefined
    lines.on('line', (line) => {
      const match = /^READY (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)$/.exec(line)
      if (match?.[1]) ready = match[1]
      const intakeLine = /^INTAKE (http:\/\/127\.0\.0\.1:\d+|unavailable) (.+)$/.exec(line)
      if (ready === undefined || !intakeLine?.[1] || !intakeLine[2]) return
      clearTimeout(timer)
      const keyFile = intakeLine[2]
      const key = readFileSync(keyFile, 'utf8').trim()
      resolve({
        url: ready,
        intake: { url: intakeLine[1] === 'unavailable' ? null : intakeLine[1], keyFile, key },
      })
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`web mode exited with ${String(code)} before READY:\n${log}`))
    })
  })

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return {
    url,
    intake,
    process: child,
    stderr: () => log,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  }
}

/** One web-mode process on a data folder that outlives it, with a page open on it. */
export class Till {
  readonly dataDir: string
  readonly mock: MockPlatform
  readonly context: BrowserContext
  running: WebModeProcess | undefined
  page: Page | undefined

  constructor(dataDir: string, mock: MockPlatform, context: BrowserContext) {
    this.dataDir = dataDir
    this.mock = mock
    this.context = context
  }

  async start(): Promise<Page> {
    this.running = await launchWebMode({
      dataDir: this.dataDir,
      apiBase: this.mock.baseUrl,
      extraCa: this.mock.caFile,
    })
    this.page = await this.context.newPage()
    await this.page.goto(this.running.url)
    return this.page
  }

  /** SIGKILL: no shutdown handler runs, nothing is flushed that was not already on disk. */
  async kill(): Promise<void> {
    await this.running?.kill()
    await this.page?.close()
  }

  async stop(): Promise<void> {
    await this.page?.close()
    await this.running?.stop()
  }
}
