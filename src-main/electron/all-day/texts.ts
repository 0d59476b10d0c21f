import type { Language } from '../../../src-shared/domain.ts'

/**
 * What the shell itself says outside the window — tray, dialogs, notifications, the window title — Turkish
 * first. Kept here rather than in the renderer's dictionaries: the main process shows these with no page.
 */
const tr = {
  appName: 'POS Companion',
  open: 'Aç',
  pause: 'Duraklat',
  resume: 'Sürdür',
  quit: 'Çık',
  paused: 'Gönderim duraklatıldı',
  owed: (count: number) => `${count} teslim bekliyor`,
  failed: (count: number) => `${count} başarısız`,
  allSent: 'Bekleyen teslim yok',
  attentionTitle: (count: number) => `${count} sipariş ilginizi bekliyor`,

  hiddenToTrayTitle: 'POS Companion çalışmaya devam ediyor',
  hiddenToTrayBody: (owed: number) =>
    `${owed} teslim henüz platforma ulaşmadı. Uygulama simgesinden açabilirsiniz; gönderim sürüyor.`,

  quitTitle: 'Çıkılsın mı?',
  quitMessage: (owed: number) => `${owed} teslim henüz platforma ulaşmadı.`,
  quitDetail:
    'Kaydedildiler, kaybolmazlar; ancak uygulama yeniden açılana kadar gönderilmezler. Kurye bekliyorsa uygulamayı açık bırakın.',
  quitStay: 'Açık kalsın',
  quitAnyway: 'Yine de çık',

  sessionTitle: 'Oturum yenilenemedi',
  sessionBody: 'Bekleyen teslimler gönderilemiyor. Lütfen yeniden giriş yapın.',
}

export type ShellTexts = typeof tr

const en: ShellTexts = {
  appName: 'POS Companion',
  open: 'Open',
  pause: 'Pause',
  resume: 'Resume',
  quit: 'Quit',
  paused: 'Sending paused',
  owed: (count: number) => `${count} hand-over${count === 1 ? '' : 's'} waiting`,
  failed: (count: number) => `${count} failed`,
  allSent: 'No hand-overs waiting',
  attentionTitle: (count: number) => `${count} order${count === 1 ? ' needs' : 's need'} your attention`,

  hiddenToTrayTitle: 'POS Companion keeps running',
  hiddenToTrayBody: (owed: number) =>
    `${owed} hand-over${owed === 1 ? ' has' : 's have'} not reached the platform yet. Open the app from its icon; sending goes on.`,

  quitTitle: 'Quit?',
  quitMessage: (owed: number) =>
    `${owed} hand-over${owed === 1 ? ' has' : 's have'} not reached the platform yet.`,
  quitDetail:
    'They are saved and will not be lost, but they are not sent until the app is opened again. If a courier is waiting, keep the app open.',
  quitStay: 'Keep it open',
  quitAnyway: 'Quit anyway',

  sessionTitle: 'The session could not be renewed',
  sessionBody: 'Waiting hand-overs cannot be sent. Please sign in again.',
}

export const shellTexts: Record<Language, ShellTexts> = { tr, en }
