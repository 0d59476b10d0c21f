// Every folder an e2e test makes lives under one root per run, and the run fails if any is left there at the
// end (the app fixture used to make a folder before the Electron skip and never remove it).
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Set by the global setup for the whole run; Playwright hands the setup's environment to its workers. */
export const TEMP_ROOT_VARIABLE = 'E2E_TEMP_ROOT'

/** A fresh folder under the run's root (or the OS's temp folder outside a Playwright run). */
export async function makeTempFolder(prefix: string): Promise<string> {
  return mkdtemp(join(process.env[TEMP_ROOT_VARIABLE] ?? tmpdir(), prefix))
}

/** Runs `body` with a fresh folder and removes the folder afterwards, whether `body` succeeded or threw. */
export async function withTempFolder<T>(prefix: string, body: (folder: string) => Promise<T>): Promise<T> {
  const folder = await makeTempFolder(prefix)
  try {
    return await body(folder)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/**
 * Makes the run's root and points `makeTempFolder` at it. The returned check removes the root and throws,
 * naming them, when folders were left behind in it.
 */
export async function openTempRoot(): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'e2e-run-'))
  process.env[TEMP_ROOT_VARIABLE] = root
  return async () => {
    const leftovers = await readdir(root)
    await rm(root, { recursive: true, force: true })
    if (leftovers.length > 0) {
      throw new Error(`e2e tests left ${leftovers.length} temp folder(s) behind: ${leftovers.join(', ')}`)
    }
  }
}
