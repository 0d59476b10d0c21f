import { describeThrown } from '../app-failure.ts'
import type { Logger } from '../ports.ts'

type ProcessEvents = Pick<NodeJS.Process, 'on'>

/**
 * Writes every uncaught exception and unhandled rejection to the log, in both shells: without this they went
 * to a console nobody watches. What happens next is the shell's choice (`afterUncaught`): web mode still ends
 * (Node's own rule, a supervisor restarts it), the desktop app stays open as Electron does by default, but
 * without Electron's stack-trace dialog (staff never see a stack trace).
 */
export function logProcessErrors(
  target: ProcessEvents,
  log: Logger,
  afterUncaught: (error: unknown) => void = () => undefined,
): void {
  target.on('uncaughtException', (error: unknown) => {
    log.error('process: uncaught exception', describe(error))
    afterUncaught(error)
  })
  target.on('unhandledRejection', (reason: unknown) => {
    log.error('process: unhandled promise rejection', describe(reason))
  })
}

function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { value: describeThrown(error) }
  return { name: error.name, message: error.message, stack: error.stack }
}
