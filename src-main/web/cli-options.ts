import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Language } from '../../src-shared/domain.ts'
import { describeThrown } from '../core/app-failure.ts'
import { LAUNCH_FLAGS_USAGE, readLaunchFlags } from '../core/settings/launch-flags.ts'

export interface CliOptions {
  /** 0 = any free port: the READY line says which one. */
  port: number
  /** The POS intake's port for this run (0 = any free port); left out, the Settings port. */
  intakePort?: number
  /** The platform address for this run (D8: https only), or undefined to keep the stored one. */
  apiBase: string | undefined
  extraCaFile: string | undefined
  dataDir: string
  language: Language | undefined
  rendererDir: string
  help: boolean
}

export const USAGE = `usage: npm run web -- [--port N] [--intake-port N] ${LAUNCH_FLAGS_USAGE} [--renderer-dir DIR]`

export interface CliEnvironment {
  env: NodeJS.ProcessEnv
  platform: NodeJS.Platform
  homeDir: string
  /** The repository root, where `npm run build` puts out/renderer. */
  repoRoot: string
}

/** Reads `npm run web`'s flags. A refusal is one line, meant for stderr as it is. */
export function parseCliOptions(
  args: readonly string[],
  environment: CliEnvironment,
): { ok: true; options: CliOptions } | { ok: false; problem: string } {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'intake-port': { type: 'string' },
        'api-base': { type: 'string' },
        'extra-ca': { type: 'string' },
        'data-dir': { type: 'string' },
        lang: { type: 'string' },
        'renderer-dir': { type: 'string' },
        help: { type: 'boolean' },
      },
    }).values
  } catch (error) {
    // parseArgs's messages name the flag; keep their first sentence so the refusal stays one line.
    const message = error instanceof Error ? error.message : describeThrown(error)
    return { ok: false, problem: message.split(/\.\s/)[0] ?? message }
  }
  const text = (name: string): string | undefined => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }

  const portText = text('port') ?? '0'
  const port = Number(portText)
  if (!/^\d{1,5}$/.test(portText) || port > 65535) return { ok: false, problem: '--port must be 0 to 65535' }
  const intakePortText = text('intake-port')
  const intakePort = intakePortText === undefined ? undefined : Number(intakePortText)
  if (intakePortText !== undefined && (!/^\d{1,5}$/.test(intakePortText) || Number(intakePortText) > 65535)) {
    return { ok: false, problem: '--intake-port must be 0 to 65535' }
  }
  const { flags, problems } = readLaunchFlags(text)
  const rendererDir = text('renderer-dir')
  if (rendererDir === '') problems.push('--renderer-dir needs a path')
  if (problems[0] !== undefined) return { ok: false, problem: problems[0] }

  return {
    ok: true,
    options: {
      port,
      ...(intakePort === undefined ? {} : { intakePort }),
      apiBase: flags.settingsOverrides.platformAddress ?? undefined,
      extraCaFile: flags.settingsOverrides.extraCaFile ?? undefined,
      dataDir: flags.dataDir ?? defaultDataDir(environment),
      language: flags.settingsOverrides.language,
      rendererDir: resolve(rendererDir ?? join(environment.repoRoot, 'out', 'renderer')),
      help: values['help'] === true,
    },
  }
}

/** Where the OS keeps an app's settings for the user. */
export function defaultDataDir({ env, platform, homeDir }: Omit<CliEnvironment, 'repoRoot'>): string {
  const name = 'pos-companion'
  if (platform === 'win32') return join(env['APPDATA'] ?? join(homeDir, 'AppData', 'Roaming'), name)
  if (platform === 'darwin') return join(homeDir, 'Library', 'Application Support', name)
  const xdg = env['XDG_CONFIG_HOME']
  // XDG: a relative value is invalid and must be ignored.
  return join(xdg?.startsWith('/') ? xdg : join(homeDir, '.config'), name)
}
