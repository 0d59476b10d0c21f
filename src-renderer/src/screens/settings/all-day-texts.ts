import type { Language } from '../../../../src-shared/domain.ts'

/** The all-day and printing sections' texts, Turkish first (kept beside them, out of the shared dictionaries). */
const tr = {
  allDayTitle: 'Gün boyu',
  notifications: 'Bildirimler',
  notificationsHint:
    'Bir teslim başarısız olduğunda, teyit edilemediğinde, 2 dakikadır gönderilemediğinde veya oturum yenilenemediğinde haber verir.',
  notificationsBrowserHint: 'Tarayıcı izin isterse “İzin ver” seçin.',
  startWithComputer: 'Bilgisayarla birlikte başlat',
  startWithComputerHint: 'Yalnızca bu kullanıcı için; yönetici izni gerekmez. Simge tepside gizli başlar.',
  printTitle: 'Kurye fişi',
  paperWidth: 'Kağıt genişliği',
  printer: 'Yazıcı',
  defaultPrinter: 'Sistemin varsayılan yazıcısı',
  printWithoutAsking: 'Sormadan yazdır',
  printWithoutAskingHint: 'Önizleme göstermeden seçili yazıcıya gönderir.',
  printAfterHandover: 'Teslimden sonra fişi kendiliğinden yazdır',
}

export type AllDayTexts = typeof tr

const en: AllDayTexts = {
  allDayTitle: 'All day',
  notifications: 'Notifications',
  notificationsHint:
    'Tells you when a hand-over fails, cannot be confirmed, has not gone out for 2 minutes, or the session cannot be renewed.',
  notificationsBrowserHint: 'If the browser asks, choose “Allow”.',
  startWithComputer: 'Start with the computer',
  startWithComputerHint: 'For this user only; no administrator rights. Starts hidden in the tray.',
  printTitle: 'Courier slip',
  paperWidth: 'Paper width',
  printer: 'Printer',
  defaultPrinter: 'The system’s default printer',
  printWithoutAsking: 'Print without asking',
  printWithoutAskingHint: 'Sends it to the chosen printer without a preview.',
  printAfterHandover: 'Print the slip by itself after a hand-over',
}

export const allDayTexts: Record<Language, AllDayTexts> = { tr, en }

/** The desktop app, which has a tray, a login item and printers of its own (web mode has the browser's). */
export const isDesktopApp = (): boolean => window.printBridge !== undefined
