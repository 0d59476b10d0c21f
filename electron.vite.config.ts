import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { CSP_META } from './src-shared/content-security-policy.ts'
import { webModeBuild } from './web-mode.vite.config.ts'

/**
 * The renderer's Content-Security-Policy goes into the built HTML only: Vite's dev server injects inline
 * scripts for hot reload that a strict policy would (rightly) block.
 */
function strictCsp(): Plugin {
  return {
    name: 'pos-companion:strict-csp',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace(
        '<head>',
        `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`,
      ),
  }
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { main: resolve('src-main/electron/main.ts') } },
    },
    // Web mode is built with the main process, into out/web (web-mode.vite.config.ts).
    plugins: [webModeBuild()],
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require modules or load ESM: one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { preload: resolve('src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; staff machines are modest, so ship it small.
      minify: true,
      rolldownOptions: { input: resolve('src-renderer/index.html') },
    },
    plugins: [react(), strictCsp()],
  },
})
