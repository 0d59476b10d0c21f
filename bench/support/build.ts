// The renderer the UI benchmarks serve and the bundle benchmark weighs, and the web-mode build they start:
// built for this run into its own folder, so that a build someone else starts in out/ meanwhile cannot change
// what is measured.
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'

export interface AppBuild {
  rendererDir: string
  /** Web mode's bundle (web-mode.vite.config.ts), built beside the renderer. */
  webMain: string
}

/** The build whose renderer is `rendererDir`: web mode sits beside it, as `npm run build` lays them out. */
export function buildBeside(rendererDir: string): AppBuild {
  return { rendererDir, webMain: join(dirname(rendererDir), 'web', 'main.js') }
}

export function buildApp(workDir: string): AppBuild {
  const outDir = join(workDir, 'build')
  const cli = resolve('node_modules/electron-vite/bin/electron-vite.js')
  const build = spawnSync(process.execPath, [cli, 'build', '--outDir', outDir], { encoding: 'utf8' })
  if (build.status !== 0) {
    throw new Error(`electron-vite build failed:\n${build.stdout}\n${build.stderr}`)
  }
  return buildBeside(join(outDir, 'renderer'))
}
