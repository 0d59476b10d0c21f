import { arch, platform, release } from 'node:os'
import { Diagnostics, type AppInfo } from '../../../src-shared/contract.ts'
import type { BoardOrder, SessionStatus, Settings } from '../../../src-shared/domain.ts'
import type { SecretRedaction } from '../ports.ts'

/** Enough of the log to see what led up to a problem, small enough to paste into a support ticket. */
export const SUPPORT_LOG_LINES = 200

export interface SupportBundleDeps {
  appInfo: AppInfo
  settings: Settings
  session: SessionStatus
  orders: readonly BoardOrder[]
  recentLogLines: ((count: number) => Promise<string[]>) | undefined
  now: number
  redaction: SecretRedaction
}

/**
 * The `Tanılama` bundle. Each part is chosen to hold no secret (settings keep none, the session status carries
 * no token, the board is summarised as counts), and the whole is redacted once more on the way out, so a secret
 * that slipped into a log line or a platform message is still caught.
 */
export async function collectSupportBundle(deps: SupportBundleDeps): Promise<Diagnostics> {
  const byHandoverState: Record<string, number> = {}
  for (const order of deps.orders) {
    byHandoverState[order.handover.state] = (byHandoverState[order.handover.state] ?? 0) + 1
  }
  const bundle: Diagnostics = {
    generatedAt: new Date(deps.now).toISOString(),
    app: deps.appInfo,
    runtime: {
      node: process.versions.node,
      v8: process.versions.v8,
      ...versionOf('electron'),
      ...versionOf('chrome'),
    },
    os: {
      platform: platform(),
      release: release(),
      arch: arch(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    uptimeSeconds: Math.max(0, Math.round(process.uptime())),
    settings: deps.settings,
    session: deps.session,
    orders: { total: deps.orders.length, byHandoverState },
    recentLogLines: await readLogLines(deps.recentLogLines),
  }
  return Diagnostics.parse(deps.redaction.redactValue(bundle))
}

function versionOf(name: 'electron' | 'chrome'): { electron?: string; chrome?: string } {
  // Typed as always there, but only Electron's process has these two.
  const versions: Partial<Record<string, string>> = process.versions
  const version = versions[name]
  return version === undefined ? {} : { [name]: version }
}

async function readLogLines(read: SupportBundleDeps['recentLogLines']): Promise<string[]> {
  if (read === undefined) return []
  try {
    return await read(SUPPORT_LOG_LINES)
  } catch (error) {
    // The bundle is most wanted when something is wrong: an unreadable log must not cost the rest of it.
    return [`[the log could not be read: ${error instanceof Error ? error.name : 'unknown error'}]`]
  }
}
