// `npm run web`: the core under plain Node, serving the built renderer on 127.0.0.1 (design.md, "Web mode").
// stdout carries exactly one line, `READY <url>`, once the app can be opened, so a script or the e2e suite can
// read the address without parsing logs (then `INTAKE …`, and `WARNING …` when other accounts can write the
// data folder). The log goes to a rotating file in `<data dir>/logs`; stderr gets only
// a short line for each warning or error (redacted like the file), and the problems that stop the launch.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Settings } from '../../src-shared/domain.ts'
import { describeThrown } from '../core/app-failure.ts'
import { createCore, type Core } from '../core/create-core.ts'
import { othersCanWrite } from '../core/intake/drop-folder.ts'
import { createFileLog, type FileLog } from '../core/logging/file-log.ts'
import { logProcessErrors } from '../core/logging/process-errors.ts'
import { SecretRedactor } from '../core/logging/secret-redactor.ts'
import { readExtraCaPem } from '../core/settings/settings-store.ts'
import { lockDataDir } from '../core/storage/data-dir-lock.ts'
import { openDataFiles } from '../core/storage/data-files.ts'
import { parseCliOptions, USAGE } from './cli-options.ts'
import { createFileKeyCipher } from './file-key-cipher.ts'
import { JsonFileStore } from './json-file-store.ts'
import { createNodeFetch } from './node-fetch.ts'
import { startWebIntake } from './intake-wiring.ts'
import { startWebServer } from './server.ts'

const BAD_USAGE = 2
const repoRoot = resolve(import.meta.dirname, '..', '..')

function refuse(problem: string): never {
  process.stderr.write(`web: ${problem}\n`)
  process.exit(BAD_USAGE)
}

const parsed = parseCliOptions(process.argv.slice(2), {
  env: process.env,
  platform: process.platform,
  homeDir: homedir(),
  repoRoot,
})
if (!parsed.ok) refuse(`${parsed.problem} (${USAGE})`)
const options = parsed.options
if (options.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
if (!existsSync(join(options.rendererDir, 'index.html'))) {
  refuse(`no built renderer in ${options.rendererDir}: run \`npm run build\` first`)
}
if (options.extraCaFile !== undefined) {
  await readExtraCaPem(options.extraCaFile).catch(() =>
    refuse(`--extra-ca ${options.extraCaFile ?? ''} is not a readable PEM certificate file`),
  )
}

// Held until the process ends, however it ends: the OS frees it (see data-dir-lock.ts).
const lock = await lockDataDir(options.dataDir, 'web')
if (!lock.ok) {
  const holder = lock.heldBy
    ? ` (${lock.heldBy.shell === 'web' ? 'web mode' : 'the desktop app'}, pid ${String(lock.heldBy.pid)})`
    : ''
  process.stderr.write(
    `web: the data folder ${options.dataDir} is in use by another POS Companion${holder}; stop it or use another --data-dir\n`,
  )
  process.exit(1)
}

// The launch token is made here, not by the server, so the redactor knows it before any line could carry it.
const redactor = new SecretRedactor()
const launchToken = randomBytes(32).toString('base64url')
redactor.pin('launch-token', [launchToken])
let log: FileLog
try {
  log = createFileLog({
    directory: join(options.dataDir, 'logs'),
    redactor,
    echo: (level, message) => {
      if (level !== 'info') process.stderr.write(`web: ${level}: ${message}\n`)
    },
  })
} catch (error) {
  process.stderr.write(`web: cannot write logs in ${options.dataDir}: ${describeThrown(error)}\n`)
  process.exit(1)
}
// Into the log as well as stderr; an uncaught exception still ends the process, as Node's default does.
logProcessErrors(process, log, () => process.exit(1))

// For this run only: the core never writes them to the settings file (D34).
const settingsOverrides: Partial<Settings> = {}
if (options.apiBase !== undefined) settingsOverrides.platformAddress = options.apiBase
if (options.extraCaFile !== undefined) settingsOverrides.extraCaFile = options.extraCaFile
if (options.language !== undefined) settingsOverrides.language = options.language

// Inlined by the build (web-mode.vite.config.ts), which may live outside the repository; read from
// package.json when web mode runs from its sources (a test's cheap way in).
declare const POS_COMPANION_VERSION: string | undefined
const appVersion =
  typeof POS_COMPANION_VERSION === 'string'
    ? POS_COMPANION_VERSION
    : (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version
let core: Core
try {
  core = await createCore({
    appName: 'POS Companion',
    appVersion,
    shell: 'web',
    store: new JsonFileStore(join(options.dataDir, 'settings.json'), log),
    ...openDataFiles(options.dataDir, log),
    // The key stays apart from settings.json, so a copy of the settings alone opens no secret.
    cipher: createFileKeyCipher(join(options.dataDir, 'secret.key'), log),
    createFetch: (extraCaPem) => createNodeFetch(extraCaPem === undefined ? {} : { extraCaPem }),
    log,
    secrets: redactor,
    recentLogLines: (count) => log.recentLines(count),
    settingsOverrides,
  })
} catch (error) {
  process.stderr.write(`web: cannot open the data folder ${options.dataDir}: ${describeThrown(error)}\n`)
  process.exit(1)
}
// Not awaited: signing in again with stored credentials can take as long as the platform does, and the page
// follows it through sessionChanged events; the address should be ready meanwhile.
void core.start()

let server: Awaited<ReturnType<typeof startWebServer>>
try {
  server = await startWebServer({
    core,
    rendererDir: options.rendererDir,
    port: options.port,
    log,
    token: launchToken,
  })
} catch (error) {
  process.stderr.write(`web: cannot listen on 127.0.0.1:${String(options.port)}: ${describeThrown(error)}\n`)
  core.dispose()
  process.exit(1)
}
process.stdout.write(`READY ${server.url}\n`)
process.stdout.write(
  `${(await startWebIntake({ core, dataDir: options.dataDir, port: options.intakePort, log })).line}\n`,
)
// After READY and INTAKE, which scripts read first. Web mode still runs: the folder may be shared on purpose.
if (await othersCanWrite(options.dataDir)) {
  const warning = `other accounts can write the data folder ${options.dataDir}: they could replace the settings, secret.key and the journal; make it writable by this account only (chmod 700)`
  log.warn(`web: ${warning}`)
  process.stdout.write(`WARNING ${warning}\n`)
}

let closing = false
const shutDown = (): void => {
  if (closing) return
  closing = true
  log.info('web: shutting down')
  void server.close().finally(() => {
    core.dispose()
    process.exit(0)
  })
}
process.on('SIGINT', shutDown)
process.on('SIGTERM', shutDown)
