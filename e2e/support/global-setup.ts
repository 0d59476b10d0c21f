import { findElectronBinary } from './electron-binary.ts'

/** Says once, plainly, when the Electron half of the suite cannot run here. */
export default function globalSetup(): void {
  const binary = findElectronBinary()
  if ('missing' in binary) {
    console.log(`[electron e2e] SKIPPED: no Electron binary on this machine (${binary.missing}).`)
    console.log('[electron e2e] The same specs run in web mode; the Electron project is reported as skipped.')
  }
}
