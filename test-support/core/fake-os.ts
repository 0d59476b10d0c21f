/**
 * What os.homedir() and os.tmpdir() give the code under test in a test file that mocks `node:os` with
 * fakeOsModule: the folders a test sets in `fakeOs` (a temp folder while it runs), else the real ones. Code that
 * ignores the `home` a test names then never writes in the machine's real home (a mutant of createPosFolder once
 * did); HOME cannot be set for a worker thread. In the test file:
 *
 *   vi.mock('node:os', (original) => import('…/test-support/core/fake-os.ts').then((m) => m.fakeOsModule(original)))
 */
export const fakeOs: { home: string | undefined; temp: string | undefined } = {
  home: undefined,
  temp: undefined,
}

export async function fakeOsModule(importOriginal: () => Promise<typeof import('node:os')>) {
  const real = await importOriginal()
  const homedir = () => fakeOs.home ?? real.homedir()
  const tmpdir = () => fakeOs.temp ?? real.tmpdir()
  return { ...real, homedir, tmpdir, default: { ...real, homedir, tmpdir } }
}
