/**
 * Web mode's POS intake (D45, D48): the core's intake served on `--intake-port` (or the Settings port), the key
 * written to `intake-key.txt` in the data folder (mode 0600, rewritten on every rotation) so a script on this
 * machine can read it, and the one stdout line after READY: `INTAKE http://127.0.0.1:PORT <key file>` (or
 * `INTAKE unavailable <key file>` when the port cannot be had; stderr says why).
 */
import { join } from 'node:path'
import { describeThrown } from '../core/app-failure.ts'
import type { Core } from '../core/create-core.ts'
import type { Logger } from '../core/ports.ts'
import { prepareFolderFor, replaceFileDurably } from '../core/storage/durable-files.ts'

export const INTAKE_KEY_FILE = 'intake-key.txt'

export interface WebIntake {
  /** The INTAKE line, without its newline. */
  line: string
  stop(): Promise<void>
}

export async function startWebIntake(options: {
  core: Pick<Core, 'intake'>
  dataDir: string
  port: number | undefined
  log: Logger
}): Promise<WebIntake> {
  const { core, log } = options
  const keyFile = join(options.dataDir, INTAKE_KEY_FILE)
  // Replaced whole (0600), so a script never reads half a key.
  const writeKey = (key: string) => {
    try {
      replaceFileDurably(keyFile, Buffer.from(`${key}\n`, 'utf8'))
    } catch (error) {
      log.warn('intake: could not write the key file', { error: describeThrown(error) })
    }
  }
  prepareFolderFor(keyFile)
  writeKey(core.intake.info().key)
  core.intake.onKeyRotated(writeKey)
  await core.intake.serve({
    dataDir: options.dataDir,
    ...(options.port === undefined ? {} : { port: options.port }),
  })
  const info = core.intake.info()
  if (info.url === null) {
    process.stderr.write(
      `web: intake: cannot listen on 127.0.0.1:${String(info.port)} (${info.status}); choose another port with --intake-port or in Settings\n`,
    )
  }
  return { line: `INTAKE ${info.url ?? 'unavailable'} ${keyFile}`, stop: () => core.intake.stop() }
}
