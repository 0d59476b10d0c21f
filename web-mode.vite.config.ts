// Web mode's build (docs/decisions.md#d60): `src-main/web/main.ts` and every package it uses bundled into one
// ES module for Node, `out/web/main.js`. Node then loads one file instead of resolving, reading and
// type-stripping some 70 sources and the packages' own files at each start (spawn to READY fell from about
// 250 ms to about 110 ms). Self-contained, so a copy built elsewhere (the benchmarks build into their own folder)
// runs without the repository's node_modules. Built by `electron-vite build` (webModeBuild below, hooked into
// the main process's build), or alone with `vite build -c web-mode.vite.config.ts`.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite'

const root = import.meta.dirname
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }

/** The build of web mode into `outDir` (its main.js). */
export function webModeConfig(outDir: string): InlineConfig {
  return {
    root,
    configFile: false,
    logLevel: 'warn',
    // The version the app reports: a build placed outside the repository has no package.json beside it.
    define: { POS_COMPANION_VERSION: JSON.stringify(version) },
    build: {
      ssr: resolve(root, 'src-main/web/main.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node22',
      // Minifying halves the file but does not start it faster (measured: parse time is the same); readable
      // stack lines in web mode's log are worth more.
      minify: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: 'main.js' } },
    },
    // Every package inside the bundle: the start cost was module resolution and loading, not parsing.
    ssr: { noExternal: true, target: 'node' },
  }
}

/** Builds web mode into `outDir`; for a test or benchmark that needs its own copy. */
export async function buildWebMode(outDir: string): Promise<string> {
  await build(webModeConfig(outDir))
  return join(outDir, 'main.js')
}

/**
 * A plugin for electron-vite's main build: once the main process is written, web mode is built beside it
 * (`<out>/web`, `--outDir` honoured), so `electron-vite build` alone never leaves a stale web mode behind.
 */
export function webModeBuild(): Plugin {
  let mainOutDir = resolve(root, 'out', 'main')
  return {
    name: 'pos-companion:web-mode',
    apply: 'build',
    configResolved(config) {
      mainOutDir = config.build.outDir
    },
    async closeBundle() {
      await buildWebMode(resolve(mainOutDir, '..', 'web'))
    },
  }
}

export default defineConfig(webModeConfig(resolve(root, 'out', 'web')))
