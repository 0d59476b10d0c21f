// The mock platform as a process: `node e2e/mock-platform/main.ts [--port N] [--host H] [--data-dir DIR]`.
// The first output line is the machine-readable `READY <baseUrl> <caFile>`; the credential lines after it are
// for the human running the demo.
import path from 'node:path'
import { parseArgs } from 'node:util'

import { DEMO_BRANCHES, DEMO_CREDENTIALS } from './demo-data.ts'
import type { MockPlatform } from './server.ts'

const USAGE =
  'usage: node e2e/mock-platform/main.ts [--port N (default 8443, 0 = any)] [--host H] [--data-dir DIR]'

interface CliOptions {
  port: number
  host: string
  dataDir: string
}

function fail(message: string, exitCode: number): never {
  process.stderr.write(`mock-platform: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
  process.exit(exitCode)
}

function readOptions(): CliOptions {
  let values: { port?: string; host?: string; 'data-dir'?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}; ${USAGE}`, 2)
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  const portText = values.port ?? '8443'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65_535) {
    fail(`--port must be an integer from 0 to 65535, got "${portText}"`, 2)
  }
  const host = values.host ?? '127.0.0.1'
  if (host.trim() === '') fail('--host must not be empty', 2)
  const dataDir = values['data-dir'] ?? '.mock-platform'
  if (dataDir.trim() === '') fail('--data-dir must not be empty', 2)
  return { port, host, dataDir: path.resolve(dataDir) }
}

const options = readOptions()

// Registered before anything starts: whoever reads READY may signal us at once.
let platform: MockPlatform | undefined = undefined
const shutDown = () => {
  if (!platform) process.exit(0)
  platform.close().then(
    () => process.exit(0),
    (error: unknown) => fail(`error while closing: ${String(error)}`, 1),
  )
}
process.once('SIGINT', shutDown)
process.once('SIGTERM', shutDown)

async function start(): Promise<MockPlatform> {
  try {
    // Loaded only now, so that a mistyped flag is reported without first loading TLS and HTTP machinery.
    const { startMockPlatform } = await import('./server.ts')
    return await startMockPlatform(options)
  } catch (error) {
    fail(`could not start: ${error instanceof Error ? error.message : String(error)}`, 1)
  }
}

const started = await start()
platform = started

const branchName = DEMO_BRANCHES.find((b) => b.id === DEMO_CREDENTIALS.branch.branchId)?.name ?? '?'
const credentialLine = (keys: { app_secret_key: string; rest_secret_key: string }, scope: string) =>
  `app_secret_key=${keys.app_secret_key} rest_secret_key=${keys.rest_secret_key} scope=${scope}`

process.stdout.write(
  [
    `READY ${started.baseUrl} ${started.caFile}`,
    credentialLine(DEMO_CREDENTIALS.vendor, `vendor (${DEMO_BRANCHES.length} branches)`),
    credentialLine(DEMO_CREDENTIALS.branch, `branch (${branchName})`),
    '',
  ].join('\n'),
)
