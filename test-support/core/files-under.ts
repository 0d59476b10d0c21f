import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Every file under `root` (recursively), with its bytes: what the secrets-at-rest tests search. */
export async function filesUnder(root: string): Promise<{ path: string; bytes: Buffer }[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name)
        return { path, bytes: await readFile(path) }
      }),
  )
}
