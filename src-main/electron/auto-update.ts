import { describeThrown } from '../core/app-failure.ts'
import type { Logger } from '../core/ports.ts'

/** How often an installed app with updates on looks for a new version (and once at start). */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000

export type UpdateDecision = { enabled: true } | { enabled: false; reason: 'not-packaged' | 'turned-off' }

/**
 * Auto-update runs only in an installed (packaged) app whose staff turned it on in Settings. Where updates
 * come from is not a setting: electron-builder writes the release feed (its `publish` configuration) into the
 * packaged app's app-update.yml at build time, and on Windows the publisher name an update must be signed by
 * (electron-builder.config.ts). Nothing the renderer or a settings file says can point the app elsewhere.
 */
export function decideAutoUpdate(isPackaged: boolean, turnedOn: boolean): UpdateDecision {
  if (!isPackaged) return { enabled: false, reason: 'not-packaged' }
  return turnedOn ? { enabled: true } : { enabled: false, reason: 'turned-off' }
}

/** The part of electron-updater's `autoUpdater` (an AppUpdater) that we use. */
interface Updater {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  allowDowngrade: boolean
  allowPrerelease: boolean
  logger: UpdaterLogger | null
  checkForUpdates(): Promise<unknown>
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown
}

/** electron-updater's own logger (its default is the console). */
interface UpdaterLogger {
  info(message?: unknown): void
  warn(message?: unknown): void
  error(message?: unknown): void
}

export interface AutoUpdateDeps {
  isPackaged: boolean
  /** The current on/off setting, read before every check so a change applies from the next one. */
  readTurnedOn: () => Promise<boolean>
  log: Logger
  intervalMs?: number
  /** Where the updater comes from: electron-updater's `autoUpdater`, loaded only once updates are on. */
  loadUpdater?: () => Promise<Updater>
}

export interface AutoUpdate {
  /** Looks for an update now (at start, then every `intervalMs`); never throws. */
  check(): Promise<void>
  stop(): void
}

/**
 * Updates for the installed app through electron-updater, from the feed fixed at build time: checked at start
 * and every few hours, downloaded in the background, and installed when the app quits. It never restarts the app by itself (no `quitAndInstall`): an update must not interrupt service.
 * In development and e2e runs (not packaged) it does nothing at all, not even load electron-updater.
 */
export function startAutoUpdate(deps: AutoUpdateDeps): AutoUpdate {
  const { log } = deps
  if (!deps.isPackaged) {
    log.info('updates: off (not an installed app)')
    return { check: () => Promise.resolve(), stop: () => undefined }
  }
  const loadUpdater = deps.loadUpdater ?? loadElectronUpdater
  let updater: Promise<Updater> | undefined
  let lastReason: string | undefined
  let running: Promise<void> | undefined

  const prepare = (): Promise<Updater> => {
    updater ??= loadUpdater().then((loaded) => {
      loaded.autoDownload = true
      loaded.allowDowngrade = false
      loaded.allowPrerelease = false
      // electron-updater's own progress lines go to the app's redacted log rather than the console.
      loaded.logger = {
        info: (message) => log.info(`updates: ${describeThrown(message)}`),
        warn: (message) => log.warn(`updates: ${describeThrown(message)}`),
        error: (message) => log.error(`updates: ${describeThrown(message)}`),
      }
      loaded.on('error', (error) => log.warn('updates: the update failed', { error: error.message }))
      loaded.on('update-downloaded', (info) =>
        log.info('updates: downloaded; it is installed when the app is closed', { version: info.version }),
      )
      return loaded
    })
    return updater
  }

  const runCheck = async (): Promise<void> => {
    const decision = decideAutoUpdate(true, await deps.readTurnedOn())
    if (!decision.enabled) {
      if (lastReason !== decision.reason) log.info('updates: off', { reason: decision.reason })
      lastReason = decision.reason
      // Turned off after an update was downloaded: do not install it at quit either.
      if (updater) (await updater).autoInstallOnAppQuit = false
      return
    }
    const loaded = await prepare()
    if (lastReason !== 'on') log.info('updates: on (from the release feed this build was made with)')
    lastReason = 'on'
    loaded.autoInstallOnAppQuit = true
    await loaded.checkForUpdates()
  }

  const check = (): Promise<void> => {
    // One check at a time: a slow download must not pile up checks behind it.
    running ??= runCheck()
      .catch((error: unknown) =>
        log.warn('updates: could not check for an update', {
          error: error instanceof Error ? error.message : describeThrown(error),
        }),
      )
      .finally(() => {
        running = undefined
      })
    return running
  }

  const timer = setInterval(() => void check(), deps.intervalMs ?? UPDATE_CHECK_INTERVAL_MS)
  timer.unref()
  void check()
  return { check, stop: () => clearInterval(timer) }
}

async function loadElectronUpdater(): Promise<Updater> {
  // electron-updater is CommonJS: its exports are the default export of the ES module namespace.
  const electronUpdater = await import('electron-updater')
  return electronUpdater.default.autoUpdater
}
