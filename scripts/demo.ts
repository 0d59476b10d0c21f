/**
 * `npm run demo`. The staff UI is not built yet, so this does not pretend to start the app: it says so, then
 * runs the mock platform with its demo data so the platform side can be explored (see the README).
 */
import { spawn } from 'node:child_process'

console.log('POS Companion demo: not yet — the app has no screens yet; starting the mock platform alone.')
const mock = spawn(process.execPath, ['e2e/mock-platform/main.ts', ...process.argv.slice(2)], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => mock.kill(signal))
mock.on('exit', (code) => process.exit(code ?? 0))
