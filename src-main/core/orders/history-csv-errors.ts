// The CSV's error column in the app's language (docs/decisions.md D58): a manager reading the file in Excel
// reads "Sipariş bulunamadı", not `order-not-found`. Short forms of the renderer's texts (src-renderer/src/i18n),
// which the core cannot import; what to do about an error belongs on the screen, not in a spreadsheet cell.
import type { AppErrorCode } from '../../../src-shared/errors.ts'
import type { Language } from '../../../src-shared/domain.ts'

export const CSV_ERROR_TEXT: Record<Language, Record<AppErrorCode, string>> = {
  tr: {
    'invalid-input': 'Geçersiz bilgi',
    'insecure-address': 'Güvensiz adres (yalnızca https://)',
    'wrong-credentials': 'Anahtarlar hatalı',
    'missing-credentials': 'Anahtar eksik',
    'signed-out': 'Oturum kapalı',
    unreachable: 'Platforma ulaşılamadı',
    'untrusted-certificate': 'Platformun sertifikasına güvenilmiyor',
    timeout: 'Platform zamanında yanıt vermedi',
    'rate-limited': 'Platform çok fazla istek aldı',
    'server-error': 'Platformda sunucu hatası',
    'unexpected-answer': 'Platformdan beklenmeyen yanıt',
    'order-not-found': 'Sipariş bulunamadı',
    'malformed-url': 'Sipariş numarası hatalı iletildi',
    'wrong-address': 'Platform adresi hatalı',
    'platform-refused': 'Platform isteği reddetti',
    'disk-full': 'Disk dolu: kaydedilemedi, gönderilmedi',
    internal: 'Beklenmeyen hata',
  },
  en: {
    'invalid-input': 'Invalid input',
    'insecure-address': 'Insecure address (https:// only)',
    'wrong-credentials': 'Wrong keys',
    'missing-credentials': 'A key is missing',
    'signed-out': 'Signed out',
    unreachable: 'Platform unreachable',
    'untrusted-certificate': "Platform's certificate not trusted",
    timeout: 'The platform did not answer in time',
    'rate-limited': 'The platform received too many requests',
    'server-error': 'Server error on the platform',
    'unexpected-answer': 'Unexpected answer from the platform',
    'order-not-found': 'Order not found',
    'malformed-url': 'Order number reached the platform malformed',
    'wrong-address': 'Wrong platform address',
    'platform-refused': 'The platform refused the request',
    'disk-full': 'Disk full: not recorded, not sent',
    internal: 'Unexpected error',
  },
}
