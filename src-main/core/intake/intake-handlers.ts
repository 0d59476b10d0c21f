/**
 * The intake's bridge calls (Settings shows, copies and rotates the key, and sees where the API listens) and
 * the one link between Settings and the intake: a saved change of the port or the drop folder restarts them.
 */
import type { Settings } from '../../../src-shared/domain.ts'
import { isSignedIn } from '../../../src-shared/session-rules.ts'
import { describeThrown } from '../app-failure.ts'
import type { Attempt, CoreHandlers } from '../core-handlers.ts'
import { ok } from '../core-handlers.ts'
import type { KeyValueStore, Logger, SecretCipher, SecretRedaction } from '../ports.ts'
import type { HandoverOutbox } from '../orders/handover-outbox.ts'
import type { OrderBoard } from '../orders/order-board.ts'
import type { Session } from '../session/session.ts'
import { IntakeArea, type IntakeAreaOptions } from './intake-area.ts'
import { IntakeKeyring } from './intake-key.ts'
import { intakeKeyStorage } from './intake-key-storage.ts'

export function intakeHandlers(
  intake: IntakeArea,
  attempt: Attempt,
): Pick<CoreHandlers, 'getIntakeInfo' | 'rotateIntakeKey'> {
  return {
    getIntakeInfo: () => ok(intake.info()),
    rotateIntakeKey: () => attempt(() => intake.rotateKey()),
  }
}

/**
 * `updateSettings` that, once the change is saved, lets the intake follow it (port, drop folder) and then tells
 * whoever listens (`settingsChanged`).
 */
export function followingSettings(
  updateSettings: CoreHandlers['updateSettings'],
  intake: IntakeArea,
  announce: (settings: Settings) => void,
): CoreHandlers['updateSettings'] {
  return async (input) => {
    const result = await updateSettings(input)
    if (result.ok) {
      await intake.follow()
      announce(result.value)
    }
    return result
  }
}

export interface IntakeParts {
  store: KeyValueStore
  cipher: SecretCipher
  secrets: SecretRedaction
  board: OrderBoard
  outbox: HandoverOutbox
  session: Session
  settings: IntakeAreaOptions['settings']
  clock: IntakeAreaOptions['clock']
  log: Logger
  serve?: IntakeAreaOptions['serve']
}

/** The area over the core's own board, outbox and session, with its key kept like the other secrets. */
export async function openIntakeArea(parts: IntakeParts): Promise<IntakeArea> {
  const { board, outbox, session, log } = parts
  const keyring = await IntakeKeyring.open(intakeKeyStorage(parts.store, parts.cipher, log), parts.secrets)
  return new IntakeArea({
    keyring,
    settings: parts.settings,
    clock: parts.clock,
    log,
    serve: parts.serve,
    getOrder: (paymentKey) => board.get(paymentKey),
    addOrder: (paymentKey, details, source) => {
      const order = board.add(paymentKey, details, source)
      outbox.showOnBoard(paymentKey)
      return board.get(paymentKey) ?? order
    },
    press: (paymentKey) => outbox.handOver(paymentKey),
    health: () => ({ signedIn: isSignedIn(session.status()), owed: outbox.countOwed() }),
    // The board shows the outcome as it shows a button's; the log keeps why.
    onBackgroundFailure: (error) =>
      log.warn('intake: a hand-over asked for through the API failed', { error: describeThrown(error) }),
  })
}
