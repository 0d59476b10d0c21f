// A second launch of the app (`pos-companion --add-order …`, or a link the system hands over) as a real
// process: the shell's own code for that launch (src-main/electron/intake.ts) under plain Node, with the
// stand-in `electron` beside this file. Electron's single-instance lock is the one part played here: the argv
// and lock data it would hand the running app are printed as one `LOCK {json}` line, for the test to give the
// running app's second-instance handler. Then it waits for the answer and exits as the real launch would.
//   node second-launch.ts <data folder> <the launch's own arguments…>
import { register } from 'node:module'

register('./electron-stub-hooks.ts', import.meta.url)
const { forwardToRunningApp, prepareIntakeLaunch, systemReplyWait } =
  await import('../../src-main/electron/intake.ts')

const [dataDir, ...args] = process.argv.slice(2)
if (dataDir === undefined) throw new Error('usage: second-launch.ts <data folder> <arguments…>')
// A packaged app's argv: the executable, then what the POS or the system passed.
const argv = ['/opt/POS Companion/pos-companion', ...args]
const launch = prepareIntakeLaunch({ argv, defaultApp: false })
process.stdout.write(`LOCK ${JSON.stringify({ argv, data: launch.lockData })}\n`)
await forwardToRunningApp(launch, dataDir, {
  write: (line: string) => process.stdout.write(`${line}\n`),
  wait: systemReplyWait,
})
