import { openTempRoot } from './temp-folders.ts'

/** Global setup: one temp root per run; its teardown fails the run if a test left a folder in it. */
export default async function tempRootSetup(): Promise<() => Promise<void>> {
  return openTempRoot()
}
