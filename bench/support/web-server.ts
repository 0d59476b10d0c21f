// Web mode as the benchmarks need it: started with this run's renderer, with the moment of spawn recorded,
// its resident memory readable, and a Node client of its WebSocket bridge (as scripts/demo.ts does).
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import WebSocket from 'ws'
import type { Api } from '../../src-shared/contract.ts'
import { createWebBridge } from '../../src-renderer/src/web-bridge.ts'

/** Epoch milliseconds with sub-millisecond resolution; a page's `performance.timeOrigin + now()` is comparable. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now()
}

export interface WebServerOptions {
  dataDir: string
  rendererDir: string
  apiBase: string
  extraCaFile: string
}

export interface RunningWebServer {
  url: string
  pid: number
  /** epochNow() just before the process was spawned. */
  spawnedAt: number
  /** epochNow() when its READY line arrived. */
  readyAt: number
  process: ChildProcess
  /** Resident set size now, and its peak (high-water mark), in bytes. */
  memory(): Promise<{ rss: number; peak: number | undefined }>
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>
}

export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const args = [
    'src-main/web/main.ts',
    '--port',
    '0',
    '--data-dir',
    options.dataDir,
    '--renderer-dir',
    options.rendererDir,
    '--api-base',
    options.apiBase,
    '--extra-ca',
    options.extraCaFile,
  ]
  const spawnedAt = epochNow()
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    log = (log + chunk).slice(-20_000)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web mode not READY in 30 s:\n${log}`)), 30_000)
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^READY (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/.exec(line)
      if (!match?.[1]) return
      clearTimeout(timer)
      resolve(match[1])
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`web mode exited with ${String(code)} before READY:\n${log}`))
    })
  })
  const readyAt = epochNow()
  const pid = child.pid
  if (pid === undefined) throw new Error('web mode has no pid')

  return {
    url,
    pid,
    spawnedAt,
    readyAt,
    process: child,
    memory: () => residentMemory(pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** VmRSS and VmHWM from /proc on Linux; `ps -o rss=` elsewhere (no peak there). */
export async function residentMemory(pid: number): Promise<{ rss: number; peak: number | undefined }> {
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

export interface BridgeClient {
  api: Api
  close(): void
}

/** A Node client of web mode's bridge, with the Origin the server insists on. */
export function connectBridge(url: string): BridgeClient {
  const page = new URL(url)
  const origin = page.origin
  const SocketWithOrigin = class extends WebSocket {
    constructor(address: string) {
      super(address, { origin })
    }
  }
  const controller = new AbortController()
  const api = createWebBridge({
    url: `ws://${page.host}/bridge?token=${page.searchParams.get('token') ?? ''}`,
    WebSocketImpl: SocketWithOrigin as unknown as typeof globalThis.WebSocket,
    signal: controller.signal,
  })
  return { api, close: () => controller.abort() }
}
