import type { AppInfo } from '../../../src-shared/contract.ts'
import type { Attempt, CoreHandlers } from '../core-handlers.ts'
import { ok } from '../core-handlers.ts'
import { collectSupportBundle, type SupportBundleSources } from './support-bundle.ts'

export interface DiagnosticsHandlerParts {
  appInfo: AppInfo
  /** Everything the support bundle shows, read at the moment staff ask for it. */
  sources: () => Omit<SupportBundleSources, 'appInfo'>
  attempt: Attempt
}

/** What support needs: which app runs where, and the redacted support bundle (D24). */
export function diagnosticsHandlers({
  appInfo,
  sources,
  attempt,
}: DiagnosticsHandlerParts): Pick<CoreHandlers, 'getAppInfo' | 'getDiagnostics'> {
  return {
    getAppInfo: () => ok(appInfo),
    getDiagnostics: () => attempt(() => collectSupportBundle({ appInfo, ...sources() })),
  }
}
