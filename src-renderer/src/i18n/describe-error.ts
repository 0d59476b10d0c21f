import type { AppError, AppErrorCode, InputProblem } from '../../../src-shared/errors.ts'
import type { Messages, TextKey } from './messages.ts'

/**
 * The platform's 409 `sipariş durumu uygun değil` on a hand-over: the order is already on its way (or
 * delivered), so a retry cannot help and the words say so (docs/decisions.md D42).
 */
export function isAlreadyOnItsWay(error: AppError): boolean {
  return (
    error.code === 'platform-refused' &&
    error.httpStatus === 409 &&
    /durumu uygun değil/i.test(error.platformError ?? '')
  )
}

const BY_CODE: Record<AppErrorCode, TextKey> = {
  'invalid-input': 'errorInvalidInput',
  'insecure-address': 'errorInsecureAddress',
  'wrong-credentials': 'errorWrongCredentials',
  'missing-credentials': 'errorMissingCredentials',
  'signed-out': 'errorSignedOut',
  unreachable: 'errorUnreachable',
  'app-unreachable': 'errorAppUnreachable',
  'untrusted-certificate': 'errorUntrustedCertificate',
  timeout: 'errorTimeout',
  'rate-limited': 'errorRateLimited',
  'server-error': 'errorServerError',
  'unexpected-answer': 'errorUnexpectedAnswer',
  'order-not-found': 'errorOrderNotFound',
  'malformed-url': 'errorMalformedUrl',
  'wrong-address': 'errorWrongAddress',
  'platform-refused': 'errorPlatformRefused',
  'disk-full': 'errorDiskFull',
  internal: 'errorInternal',
}

const BY_PROBLEM: Record<InputProblem, TextKey> = {
  'not-https': 'errorNotHttps',
  'not-a-url': 'errorNotUrl',
  'empty-key': 'errorEmptyKey',
  'no-order-id': 'errorNoOrderId',
  'several-order-ids': 'errorSeveralOrderIds',
  'unknown-order': 'errorUnknownOrder',
  'invalid-time-zone': 'errorInvalidTimeZone',
  'ca-file-unreadable': 'errorCaUnreadable',
  'ca-file-not-pem': 'errorCaNotPem',
  'ca-file-not-local': 'errorCaNotLocal',
  'ca-file-has-key': 'errorCaHasKey',
  'ca-file-not-ca': 'errorCaNotCa',
  'already-sending': 'errorAlreadySending',
  'not-eligible': 'errorNotEligible',
  malformed: 'errorInvalidInput',
  'undo-window-over': 'errorUndoWindowOver',
  'not-waiting': 'errorNotWaiting',
  'not-unconfirmed': 'errorNotUnconfirmed',
  'name-empty': 'errorCourierNameEmpty',
  'name-too-long': 'errorCourierNameTooLong',
  'name-not-one-line': 'errorCourierNameNotOneLine',
  'name-bad-characters': 'errorCourierNameBadCharacters',
  'name-taken': 'errorCourierNameTaken',
  'badge-invalid': 'errorBadgeInvalid',
  'badge-taken': 'errorBadgeTaken',
  'unknown-courier': 'errorUnknownCourier',
  'courier-retired': 'errorCourierRetired',
  'courier-required': 'errorCourierRequired',
  'amount-invalid': 'errorAmountInvalid',
  'note-invalid': 'errorCashNoteInvalid',
  'day-invalid': 'errorDayInvalid',
  'unknown-cash-record': 'errorUnknownCashRecord',
  'order-invalid': 'errorOrderFactsInvalid',
  'unknown-branch': 'errorUnknownBranch',
  'id-invalid': 'errorRequestIdInvalid',
  'id-reused': 'errorRequestIdReused',
  'courier-out': 'errorCourierOut',
  'overage-choice': 'errorOverageChoice',
  'later-day-closed': 'errorLaterDayClosed',
  'day-full': 'errorDayFull',
  'method-not-listed': 'errorMethodNotListed',
  'unknown-batch': 'errorUnknownBatch',
  'account-name-empty': 'errorAccountNameEmpty',
  'account-name-too-long': 'errorAccountNameTooLong',
  'account-name-not-one-line': 'errorAccountNameNotOneLine',
  'account-name-bad-characters': 'errorAccountNameBadCharacters',
  'account-name-taken': 'errorAccountNameTaken',
  'unknown-account': 'errorUnknownAccount',
  'too-many-accounts': 'errorTooManyAccounts',
  'account-owes-handovers': 'errorAccountOwesHandovers',
  'account-has-orders': 'errorAccountHasOrders',
  'order-other-account': 'errorOrderOtherAccount',
  'account-keys-in-use': 'errorAccountKeysInUse',
}

/**
 * An error in plain words for staff: what happened, and — where the platform answered — its own words
 * and the HTTP status, so a support call can quote them (D4). Never a stack trace.
 */
export function describeError(error: AppError, t: Messages): { text: string; detail?: string } {
  const key = error.problem
    ? BY_PROBLEM[error.problem]
    : isAlreadyOnItsWay(error)
      ? 'errorAlreadyOnItsWay'
      : BY_CODE[error.code]
  const platformWords = [error.platformError, error.platformMessage].filter(Boolean).join(' — ')
  const detailParts = [
    platformWords ? t.platformSaid(platformWords) : undefined,
    error.httpStatus !== undefined ? t.httpStatus(error.httpStatus) : undefined,
  ].filter((part): part is string => part !== undefined)
  return detailParts.length > 0 ? { text: t[key], detail: detailParts.join(' · ') } : { text: t[key] }
}
