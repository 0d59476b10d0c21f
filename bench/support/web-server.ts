// Web mode as the benchmarks need it: the e2e suite's launcher with this run's renderer, the moments of spawn
// and READY recorded, and its resident memory readable.
import { execFile, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { launchWebMode, type WebModeIntake } from '../../e2e/support/web-mode.ts'
import type { BenchContext } from '../report.ts'

export { connectBridge, type BridgeClient } from '../../e2e/support/bridge-client.ts'

/** Epoch milliseconds with sub-millisecond resolution; a page's `performance.timeOrigin + now()` is comparable. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now()
}

export interface RunningWebServer {
  url: string
  pid: number
  /** epochNow() just before the process was spawned. */
  spawnedAt: number
  /** epochNow() when its READY line arrived. */
  readyAt: number
  process: ChildProcess
  /** The POS intake as its INTAKE line named it. */
  intake: WebModeIntake
  /** Resident set size now, and its peak (high-water mark), in bytes. */
  memory(): Promise<{ rss: number; peak: number | undefined }>
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>
}

/** Web mode on `dataDir`, with this run's renderer, pointed at this run's mock platform. */
export async function startWebServer(context: BenchContext, dataDir: string): Promise<RunningWebServer> {
  const spawnedAt = epochNow()
  const web = await launchWebMode({
    dataDir,
    rendererDir: context.rendererDir,
    webMain: context.webMain,
    apiBase: context.mock.baseUrl,
    extraCa: context.mock.caFile,
  })
  const readyAt = epochNow()
  const pid = web.process.pid
  if (pid === undefined) throw new Error('web mode has no pid')
  const stop = () => web.stop()
  running.add(stop)
  void once(web.process, 'exit').then(() => running.delete(stop))
  return {
    url: web.url,
    pid,
    spawnedAt,
    readyAt,
    process: web.process,
    intake: web.intake,
    memory: () => residentMemory(pid),
    stop,
  }
}

/** Every web mode a benchmark started and has not stopped yet. */
const running = new Set<() => Promise<void>>()

/** Stops every web mode still running: a benchmark that ran out of time leaves its own behind. */
export async function stopEveryWebServer(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()))
}

/** VmRSS and VmHWM from /proc on Linux; `ps -o rss=` elsewhere (no peak there). */
async function residentMemory(pid: number): Promise<{ rss: number; peak: number | undefined }> {
  if (process.platform === 'linux') {
    const status = await readFile(`/proc/${String(pid)}/status`, 'utf8')
    const kibibytes = (field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)
      return match?.[1] === undefined ? undefined : Number(match[1]) * 1024
    }
    const rss = kibibytes('VmRSS')
    if (rss === undefined) throw new Error(`no VmRSS for process ${String(pid)}`)
    return { rss, peak: kibibytes('VmHWM') }
  }
  const { stdout } = await promisify(execFile)('ps', ['-o', 'rss=', '-p', String(pid)])
  return { rss: Number(stdout.trim()) * 1024, peak: undefined }
}
