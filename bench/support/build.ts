// The renderer the UI benchmarks serve and the bundle benchmark weighs: built for this run into its own
// folder, so that a build someone else starts in out/ meanwhile cannot change what is measured.
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'

export function buildRenderer(workDir: string): string {
  const outDir = join(workDir, 'build')
  const cli = resolve('node_modules/electron-vite/bin/electron-vite.js')
  const build = spawnSync(process.execPath, [cli, 'build', '--outDir', outDir], { encoding: 'utf8' })
  if (build.status !== 0) {
    throw new Error(`electron-vite build failed:\n${build.stdout}\n${build.stderr}`)
  }
  return join(outDir, 'renderer')
}
