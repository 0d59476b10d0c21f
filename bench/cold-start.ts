// 3. Web mode cold start: from spawning the server process to the first screen in the browser.
import { mkdtemp } from 'node:fs/promises'
import { join } from 'node:path'
import { medianAtMost, row, type BenchContext, type Benchmark } from './report.ts'
import { signedInDataDir } from './support/fixtures.ts'
import { headingProbe, headingSeenAt } from './support/page-probes.ts'
import { startWebServer } from './support/web-server.ts'

const RUNS = 6
const SIGN_IN_HEADING = 'Platforma giriş'
const MAIN_HEADING = 'Siparişler'

export const coldStart: Benchmark = {
  id: 'cold',
  title: '3. Web mode cold start.',
  definitions: [
    "From just before `node out/web/main.js` (the build) is spawned until the screen's heading has a box in the",
    `page (a MutationObserver in the page, layout forced): "${SIGN_IN_HEADING}" on a new data folder each run;`,
    `"${MAIN_HEADING}" (the main screen) on a data folder holding a signed-in session. The browser is already`,
    "running with a blank tab; the time includes the READY line, `page.goto` and the app's first data over",
    `the bridge. ${String(RUNS)} runs each, alternating, after one discarded warm-up run of each. "Spawn to READY"`,
    'is the server part alone, over all runs.',
  ],
  async run(context) {
    const sessionDir = await signedInDataDir(context, 'cold-start-session')
    const toSignIn: number[] = []
    const toMain: number[] = []
    const toReady: number[] = []
    context.progress(`cold start: ${String(RUNS + 1)} runs of each`)
    for (let run = 0; run <= RUNS; run++) {
      const fresh = await mkdtemp(join(context.workDir, 'cold-start-fresh-'))
      const signIn = await coldStartTo(context, fresh, SIGN_IN_HEADING)
      const main = await coldStartTo(context, sessionDir, MAIN_HEADING)
      if (run === 0) continue
      toSignIn.push(signIn.toHeading)
      toMain.push(main.toHeading)
      toReady.push(signIn.toReady, main.toReady)
    }
    return [
      row('Web mode cold start to the sign-in form', 'ms', toSignIn, {
        decimals: 0,
        target: medianAtMost(600),
      }),
      row('Web mode cold start to the main screen (stored session)', 'ms', toMain, { decimals: 0 }),
      row('… spawn to READY (the server alone)', 'ms', toReady, { decimals: 0, target: medianAtMost(250) }),
    ]
  },
}

async function coldStartTo(
  context: BenchContext,
  dataDir: string,
  heading: string,
): Promise<{ toHeading: number; toReady: number }> {
  const browserContext = await context.browser.newContext()
  try {
    const page = await browserContext.newPage()
    await page.addInitScript(headingProbe)
    const server = await startWebServer(context, dataDir)
    try {
      await page.goto(server.url)
      const seen = await page.waitForFunction(headingSeenAt, heading, { timeout: 20_000 })
      const seenAt = (await seen.jsonValue()) as number
      return { toHeading: seenAt - server.spawnedAt, toReady: server.readyAt - server.spawnedAt }
    } finally {
      await server.stop()
    }
  } finally {
    await browserContext.close()
  }
}
