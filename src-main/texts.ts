import type { Language } from '../src-shared/domain.ts'

/**
 * The main process's one dictionary, Turkish first: what the app says with no page — the desktop shell's tray,
 * dialogs, notifications and window title. The renderer's words are in src-renderer/src/i18n; the notifications
 * both shells send are in src-shared/attention-texts.ts (the only place both sides can read).
 */
const tr = {
  // The desktop shell: tray, badge, window title, closing and quitting (electron/all-day, electron/main-window.ts)
  shell: {
    appName: 'POS Companion',
    open: 'Aç',
    pause: 'Duraklat',
    resume: 'Sürdür',
    quit: 'Çık',
    paused: 'Gönderim duraklatıldı',
    owed: (count: number) => `${count} teslim bekliyor`,
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
  },
  // The dialog when start-up fails, before the settings (and so the language) are read: it says everything in
  // Turkish, then in English (electron/startup-failure.ts).
  startup: {
    title: 'POS Companion başlatılamadı',
    failed: (step: string, reason: string) => `POS Companion başlatılamadı: ${step} (${reason}).`,
    logFolder: (folder: string) => `Ayrıntılar günlük klasöründe: ${folder}`,
    whatToDo: 'Uygulamayı yeniden açın; sorun sürerse bu klasörü destek ekibine gönderin.',
    /** The step that failed. */
    stage: {
      'data-folder': 'veri klasörü açılamadı',
      'secret-storage': 'anahtar deposu açılamadı',
      core: 'ayarlar veya teslim kaydı okunamadı',
      window: 'pencere açılamadı',
    },
    /** Causes the staff can fix themselves get their own words, whatever step met them. */
    cause: {
      DATA_FOLDER_IN_USE:
        'veri klasörü başka bir POS Companion (web modu veya masaüstü uygulaması) tarafından kullanılıyor; önce onu kapatın',
    } as Readonly<Record<string, string>>,
  },
}

export type MainTexts = typeof tr

const en = {
  shell: {
    appName: 'POS Companion',
    open: 'Open',
    pause: 'Pause',
    resume: 'Resume',
    quit: 'Quit',
    paused: 'Sending paused',
    owed: (count: number) => `${count} hand-over${count === 1 ? '' : 's'} waiting`,
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
  },
  startup: {
    // Follows the Turkish title after a slash in the dialog's one title.
    title: 'could not start',
    failed: (step, reason) => `POS Companion could not start: ${step} (${reason}).`,
    logFolder: (folder) => `Details are in the log folder: ${folder}`,
    whatToDo: 'Open the app again; if it keeps happening, send this folder to support.',
    stage: {
      'data-folder': 'the data folder could not be opened',
      'secret-storage': 'the key store could not be opened',
      core: 'the settings or the hand-over journal could not be read',
      window: 'the window could not be opened',
    },
    cause: {
      DATA_FOLDER_IN_USE:
        'the data folder is in use by another POS Companion (web mode or the desktop app); close it first',
    },
  },
} satisfies MainTexts

export const mainTexts: Record<Language, MainTexts> = { tr, en }
