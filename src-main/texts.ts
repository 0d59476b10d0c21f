import type { AttemptResult, Language } from '../src-shared/domain.ts'
import type { AppErrorCode } from '../src-shared/errors.ts'

/**
 * The main process's one dictionary, Turkish first: what the app says with no page — the desktop shell's tray,
 * dialogs and window title, and the core's CSV files. The renderer's words are in src-renderer/src/i18n; the
 * notifications both shells send are in src-shared/attention-texts.ts (the only place both sides can read).
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
  // History's CSV (core/orders/history-csv.ts): columns, results, and errors in short (D58)
  historyCsv: {
    columns: [
      'Tarih',
      'Sipariş kodu',
      'Sipariş numarası',
      'Not',
      'Deneme',
      'Sonuç',
      'HTTP durumu',
      'Platformun yanıtı',
      'Platformun mesajı',
      'Hata',
      'Sonraki deneme',
    ],
    results: {
      'handed-over': 'Kuryeye verildi',
      refused: 'Reddedildi',
      unconfirmed: 'Doğrulanamadı',
      'will-retry': 'Yeniden denenecek',
      'waiting-for-sign-in': 'Oturum bekleniyor',
      interrupted: 'Yarıda kaldı',
      'checked-handed-over': 'Panelden bakıldı: verilmiş',
      'checked-not-handed-over': 'Panelden bakıldı: verilmemiş',
    } satisfies Record<AttemptResult, string>,
    errors: {
      'invalid-input': 'Geçersiz bilgi',
      'insecure-address': 'Güvensiz adres (yalnızca https://)',
      'wrong-credentials': 'Anahtarlar hatalı',
      'missing-credentials': 'Anahtar eksik',
      'signed-out': 'Oturum kapalı',
      unreachable: 'Platforma ulaşılamadı',
      'app-unreachable': 'Uygulamaya ulaşılamadı',
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
    } satisfies Record<AppErrorCode, string>,
  },
  // The day-end settlement's CSV (core/couriers/day-end-csv.ts, D65)
  dayEndCsv: {
    columns: [
      'Gün',
      'Kurye',
      'Satır',
      'Şube',
      'Sipariş kodu',
      'Saat',
      'Ödeme yöntemi',
      'Paket',
      'Tahsil edilecek nakit (₺)',
      'Teslim edilen nakit (₺)',
      'Fark (₺)',
      'Durum',
      'Tutarı bilinmeyen',
      'Onaylanmamış',
      'Not',
    ],
    courier: 'Kurye toplamı',
    branch: 'Şube',
    package: 'Paket',
    cash: 'Teslim edilen nakit',
    corrected: 'Düzeltildi (sayılmaz)',
    unassigned: 'Kuryesi belirsiz',
    unassignedNote: 'Hiçbir kuryenin farkına sayılmadı',
    couriersTotal: 'Kuryeler toplamı',
    allOrders: 'Tüm siparişler',
    total: 'Toplam',
    noBranch: 'Şubesiz',
    collect: 'Kapıda tahsil',
    balance: {
      even: 'Kasa tam',
      short: 'Açık var',
      over: 'Fazla var',
      out: 'Dağıtımda',
      unknown: 'Kontrol edin',
    },
  },
  courierStatementCsv: {
    columns: [
      'Gün',
      'Paket',
      'Kapıda nakit (₺)',
      'Bozuk para (₺)',
      'Masraf (₺)',
      'Beklenen nakit (₺)',
      'Teslim edilen (₺)',
      'Fark (₺)',
      'Kapıda kart (₺)',
      'Avans (₺)',
      'Borç ödemesi (₺)',
      'Ücret (₺)',
      'Hesap kapalı',
    ],
    total: 'Toplam',
    yes: 'Evet',
    no: 'Hayır',
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
  // History's CSV (core/orders/history-csv.ts): columns, results, and errors in short (D58)
  historyCsv: {
    columns: [
      'Date',
      'Order code',
      'Order number',
      'Note',
      'Attempt',
      'Result',
      'HTTP status',
      "Platform's answer",
      "Platform's message",
      'Error',
      'Next attempt',
    ],
    results: {
      'handed-over': 'Handed to the courier',
      refused: 'Refused',
      unconfirmed: 'Unconfirmed',
      'will-retry': 'Will retry',
      'waiting-for-sign-in': 'Waiting for sign-in',
      interrupted: 'Interrupted',
      'checked-handed-over': 'Checked on the panel: handed over',
      'checked-not-handed-over': 'Checked on the panel: not handed over',
    },
    errors: {
      'invalid-input': 'Invalid input',
      'insecure-address': 'Insecure address (https:// only)',
      'wrong-credentials': 'Wrong keys',
      'missing-credentials': 'A key is missing',
      'signed-out': 'Signed out',
      unreachable: 'Platform unreachable',
      'app-unreachable': 'App unreachable',
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
  },
  // The day-end settlement's CSV (core/couriers/day-end-csv.ts, D65)
  dayEndCsv: {
    columns: [
      'Day',
      'Courier',
      'Row',
      'Branch',
      'Order code',
      'Time',
      'Payment method',
      'Packages',
      'Cash to collect (₺)',
      'Cash handed in (₺)',
      'Difference (₺)',
      'Balance',
      'Amount unknown',
      'Not confirmed',
      'Note',
    ],
    courier: 'Courier total',
    branch: 'Branch',
    package: 'Package',
    cash: 'Cash handed in',
    corrected: 'Corrected (does not count)',
    unassigned: 'No courier',
    unassignedNote: "In no courier's difference",
    couriersTotal: "Couriers' total",
    allOrders: 'All orders',
    total: 'Total',
    noBranch: 'No branch',
    collect: 'Collected at the door',
    balance: { even: 'Even', short: 'Short', over: 'Over', out: 'Out', unknown: 'Check' },
  },
  courierStatementCsv: {
    columns: [
      'Day',
      'Packages',
      'Cash at the door (₺)',
      'Float (₺)',
      'Expenses (₺)',
      'Expected cash (₺)',
      'Handed in (₺)',
      'Difference (₺)',
      'Card at the door (₺)',
      'Advances (₺)',
      'Debt repaid (₺)',
      'Pay (₺)',
      'Account closed',
    ],
    total: 'Total',
    yes: 'Yes',
    no: 'No',
  },
} satisfies MainTexts

export const mainTexts: Record<Language, MainTexts> = { tr, en }
