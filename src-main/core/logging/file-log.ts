import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, parse } from 'node:path'
import electronLog from 'electron-log/node'
import type { Logger } from '../ports.ts'
import type { SecretRedactor } from './secret-redactor.ts'

export const LOG_FILE_NAME = 'main.log'
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024
const DEFAULT_KEPT_FILES = 3
/** A support bundle wants the recent past, not the whole file; a line longer than this is cut. */
const MAX_RECENT_LINES = 1000
const MAX_RECENT_LINE_LENGTH = 2000

export type LogLevel = 'info' | 'warn' | 'error'

export interface FileLogDeps {
  /** The folder the log files live in (web mode: `<data dir>/logs`; Electron: `userData/logs`). */
  directory: string
  /** Every entry passes through it before any sink sees it. */
  redactor: SecretRedactor
  /** The current file is rotated once it grows past this. Default 1 MiB. */
  maxFileBytes?: number
  /** Rotated files kept beside the current one: `main.1.log` (newest) … `main.N.log`. Default 3. */
  keptFiles?: number
  /** A human-facing sink for each entry's one-line summary: already redacted, without details. */
  echo?: (level: LogLevel, message: string) => void
}

export interface FileLog extends Logger {
  /** The current log file. */
  readonly file: string
  /** The last `count` lines across the current and rotated files, oldest first, redacted again on the way out. */
  recentLines(count: number): Promise<string[]>
}

let instances = 0

/**
 * The core's Logger port over electron-log's file transport: one line per entry, appended synchronously (a
 * crash loses no line already logged), rotated by size into a few numbered files. The same code runs in
 * Electron's main process and in web mode (electron-log/node needs no Electron).
 *
 * Redaction stands in front of every sink twice over: each entry is redacted here before electron-log sees
 * it, and a hook redacts whatever reaches electron-log by any other way before any transport writes it.
 */
export function createFileLog(deps: FileLogDeps): FileLog {
  const { redactor, echo } = deps
  const keptFiles = Math.max(1, Math.trunc(deps.keptFiles ?? DEFAULT_KEPT_FILES))
  mkdirSync(deps.directory, { recursive: true, mode: 0o700 })
  const file = join(deps.directory, LOG_FILE_NAME)

  instances += 1
  const logger = electronLog.create({ logId: `pos-companion-${String(instances)}` })
  // The file is the only sink electron-log drives; a shell that wants a console line uses `echo`.
  for (const [name, transport] of Object.entries(logger.transports)) {
    if (name !== 'file' && transport) transport.level = false
  }
  logger.hooks.push((message) => ({
    ...message,
    data: message.data.map((item: unknown) => redactor.redactValue(item)),
  }))
  const fileTransport = logger.transports.file
  fileTransport.level = 'info'
  fileTransport.format = '{iso} [{level}] {text}'
  fileTransport.maxSize = deps.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES
  fileTransport.sync = true
  // 0600: a log names the platform, the orders and the staff's actions; nobody else on the machine needs it.
  fileTransport.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' }
  fileTransport.resolvePathFn = () => file
  fileTransport.archiveLogFn = (current) => {
    try {
      rotate(current.path, keptFiles)
    } catch {
      // Rotation failed (a file held open elsewhere on Windows): start the file afresh rather than grow forever.
      current.clear()
    }
  }

  const write = (level: LogLevel) => (message: string, details?: Record<string, unknown>) => {
    const summary = redactor.redactText(oneLine(message))
    const suffix = details === undefined ? '' : ` ${safeJson(redactor.redactDetails(details))}`
    logger[level](summary + suffix)
    echo?.(level, summary)
  }

  return {
    file,
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    async recentLines(count) {
      const wanted = Math.max(0, Math.min(MAX_RECENT_LINES, Math.trunc(count)))
      if (wanted === 0) return []
      let lines: string[] = []
      for (const path of [file, ...archives(file, keptFiles)]) {
        lines = [...(await linesOf(path)), ...lines]
        if (lines.length >= wanted) break
      }
      return lines.slice(-wanted).map((line) => redactor.redactText(line.slice(0, MAX_RECENT_LINE_LENGTH)))
    },
  }
}

/** `main.log` → `main.1.log`, `main.1.log` → `main.2.log` …; the oldest beyond `keptFiles` is deleted. */
function rotate(file: string, keptFiles: number): void {
  const numbered = archives(file, keptFiles)
  rmSync(numbered[keptFiles - 1] as string, { force: true })
  for (let index = keptFiles - 2; index >= 0; index--) {
    const from = numbered[index] as string
    if (existsSync(from)) renameSync(from, numbered[index + 1] as string)
  }
  renameSync(file, numbered[0] as string)
}

/** The rotated files, newest first. */
function archives(file: string, keptFiles: number): string[] {
  const { dir, name, ext } = parse(file)
  return Array.from({ length: keptFiles }, (_, index) => join(dir, `${name}.${String(index + 1)}${ext}`))
}

async function linesOf(path: string): Promise<string[]> {
  try {
    return (await readFile(path, 'utf8')).split(/\r?\n/).filter((line) => line !== '')
  } catch {
    return []
  }
}

/** One entry is one line, so a reader (or a support engineer's grep) never mistakes where an entry ends. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ⏎ ')
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    return '"[details not serialisable]"'
  }
}
