import type { AttemptResult } from '../domain.ts'
import type { AppErrorCode } from '../errors.ts'

/**
 * Every word the app says outside the page, in Turkish: the catalogue's source of shape (en.ts must have exactly
 * these keys). The core, both shells and the page (web mode's notifications) read it through `texts`; the page's
 * own words are src-renderer/src/i18n (docs/decisions.md D73). A section per thing that speaks.
 */
export const tr = {
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
    accountSignedOut: 'giriş yapılmadı, siparişleri bekliyor',
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
      ACCOUNTS_DAMAGED:
        'restoran hesaplarının listesi (settings.json içindeki accounts) okunamadı; anahtarlar silinmedi: destekle iletişime geçin, veri klasörünü silmeyin',
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
      'Bozuk para (₺)',
      'Masraf (₺)',
      'Beklenen nakit (₺)',
      'Kapıda kart (₺)',
      'Avans (₺)',
      'Borç ödemesi (₺)',
      'Devreden borç (₺)',
      'Hakediş (₺)',
      'Hesap kapalı',
    ],
    /** The last column with several restaurant accounts (issue 29): the package's account, by short name. */
    accountColumn: 'Marka hesabı',
    movement: {
      float: 'Bozuk para',
      expense: 'Masraf',
      advance: 'Avans',
      'debt-repaid': 'Borç ödemesi',
    },
    refused: 'GÖNDERİLEMEDİ',
    cardAtDoor: 'Kapıda kart',
    /** The platform's cash key, named when its method list cannot be had (signed out): never `CASH`. */
    cashMethod: 'Nakit',
    yes: 'Evet',
    no: 'Hayır',
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
  // The notifications about what needs staff, the same in both shells (D50, D53, D70)
  notices: {
    orders: {
      failed: {
        title: (code: string) => `Sipariş ${code}: teslim başarısız`,
        body: 'Platform kabul etmedi. Ayrıntı için siparişi açın.',
      },
      unconfirmed: {
        title: (code: string) => `Sipariş ${code}: teyit edilemedi`,
        body: 'Büyük olasılıkla platforma ulaştı; platform panelinden kontrol edin.',
      },
      'retrying-too-long': {
        title: (code: string) => `Sipariş ${code}: 2 dakikadır gönderilemiyor`,
        body: 'Uygulama denemeye devam ediyor. Ağ bağlantısını kontrol edin.',
      },
      'waiting-too-long': {
        title: (code: string) => `Sipariş ${code}: bekleme süresi doldu`,
        body: 'Kurye aldıysa “Kuryeye Verildi”ye basın; müşteri ancak o zaman haberdar olur.',
      },
    },
    session: {
      title: 'Oturum yenilenemedi',
      body: 'Bekleyen teslimler gönderilemiyor. Lütfen yeniden giriş yapın.',
    },
    'intake-port': {
      title: 'POS bağlantı noktası başka bir programda',
      body: 'POS siparişleri uygulamaya ulaşamıyor. Ayarlar → POS bağlantısı’ndan başka bir port seçin.',
    },
  },
  // A link's and the command line's refusals (core/intake/order-link.ts), printed in both languages at once
  launch: {
    'not-a-link': 'Bağlantı pos-companion://order/<payment_key> biçiminde değil.',
    'link-too-long': 'Bağlantı çok uzun.',
    'not-an-order-link': 'Bu bağlantı bir sipariş bağlantısı değil (pos-companion://order/…).',
    'no-order-id': 'Bağlantıda tek bir sipariş numarası (UUID) yok.',
    'unknown-parameter':
      'Bağlantıda tanınmayan bir bölüm var; id’den sonra yalnızca label, courier, amount_kurus ve account (her biri bir kez) olabilir.',
    'invalid-label': 'Etiket 1–120 karakter olmalı, tek satır, görünmez karakter olmadan.',
    'invalid-courier': 'Kurye adı tek satır, en çok 60 karakter olmalı, görünmez karakter olmadan.',
    'invalid-amount': 'Tutar kuruş cinsinden bir tam sayı olmalı (39990 = 399,90 ₺), en çok 10.000.000 ₺.',
    'invalid-account': 'Hesap bir kısa ad olmalı: tek satır, en çok 30 karakter, görünmez karakter olmadan.',
    'several-links': 'Birden fazla bağlantı verildi; bağlantıları tek tek açın.',
    'argument-after-link': 'Bağlantıdan sonra başka bir değer var; bağlantı tek başına açılmalı.',
    'missing-order-id': '--add-order’dan sonra sipariş numarası (payment_key) gelmeli.',
    'not-an-order-id': '--add-order’dan sonra gelen değer bir sipariş numarası (UUID) değil.',
    'several-order-ids': 'Birden fazla sipariş numarası verildi; tek sipariş ekleyin.',
    'repeated-option': '--label, --courier ve --amount-kurus her biri en çok bir kez verilebilir.',
    'label-without-order': '--label, --courier ve --amount-kurus yalnızca --add-order ile kullanılır.',
    'unexpected-argument':
      'Tanınmayan bir değer var. Kullanım: --add-order <payment_key> [--label …] [--courier …] [--amount-kurus …]',
    'link-and-add-order': 'Hem bağlantı hem --add-order verildi; birini kullanın.',
  },
  // A drop file's own refusals (core/intake/drop-file.ts), kept beside it in both languages
  dropFile: {
    'not-text': 'Dosya metin değil (UTF-8 veya UTF-16 bekleniyordu).',
    'empty-file': 'Dosya boş.',
    'not-a-file': 'Bu bir dosya değil (kısayol/bağlantı, boru veya aygıt): okunmadı.',
    linked: 'Dosyanın başka bir adı daha var (sabit bağlantı): okunmadı.',
  },
  // The intake API's refusals (core/intake/intake-errors.ts): answered to the POS in both languages at once
  intakeApi: {
    'host-not-allowed': 'Bu adrese yalnızca 127.0.0.1 (veya localhost) ve doğru port ile ulaşılabilir.',
    unauthorized:
      'İstek entegrasyon anahtarıyla imzalanmamış veya imza yanlış. Anahtar asla gönderilmez: isteği X-Intake-Signature ile imzalayın (docs/intake-api.md).',
    'request-expired':
      'X-Intake-Timestamp uygulamanın saatinden 60 saniyeden fazla farklı: saati düzeltip yeni bir istek imzalayın.',
    'request-replayed': 'Bu X-Intake-Nonce daha önce kullanıldı: her istek için yeni bir nonce üretin.',
    'not-found':
      'Böyle bir adres yok. Adresler: /v1/orders, /v1/orders/{payment_key}, /v1/day-end, /v1/health.',
    'order-not-found': 'Bu sipariş panoda yok.',
    'method-not-allowed': 'Bu adres bu yöntemi kabul etmiyor.',
    'unsupported-media-type': 'Gövde JSON olmalı: "Content-Type: application/json" gönderin.',
    'body-too-large': 'Gövde çok büyük (en fazla 16 KiB).',
    'malformed-json': 'Gövde geçerli bir JSON nesnesi değil.',
    'no-order-id': 'payment_key bir sipariş numarası (UUID) içermiyor.',
    'several-order-ids':
      'payment_key birden fazla farklı sipariş numarası içeriyor; tek bir sipariş gönderin.',
    'invalid-shipping-method': 'shipping_method "delivery" veya "pickup" olmalı.',
    'invalid-payment-method':
      'payment_method bir ödeme yöntemi anahtarı olmalı (ör. CASH; harf, rakam, _ . - ile en fazla 64).',
    'invalid-courier-type': 'courier_type "restaurant" veya "platform" olmalı.',
    'invalid-label':
      'label tek satır, 1–120 karakterlik bir metin olmalı; kontrol karakteri ve görünmeyen karakter (yön işareti, sıfır genişlikli boşluk, Hangul dolgusu gibi) içermemeli.',
    'invalid-amount':
      'amount_kurus kuruş cinsinden bir tam sayı olmalı: 0 ile 1000000000 (10.000.000 ₺) arası.',
    'invalid-courier':
      'courier bir kurye adı olmalı: tek satır, en fazla 60 karakter, görünmeyen karakter içermemeli.',
    'unknown-courier': 'Bu adda çalışan bir kurye yok: kuryeyi önce uygulamanın Ayarlar’ında ekleyin.',
    'courier-required': 'Ayarlar kurye seçmeyi zorunlu tutuyor: gövdede { "courier": "<ad>" } gönderin.',
    'invalid-branch':
      'branch bir şube kimliği olmalı: 1–64 görünür karakter; boşluk ve görünmeyen karakter içermemeli.',
    'unknown-branch': 'Bu şube, uygulamanın giriş yaptığı anahtarların şubeleri arasında yok.',
    'unknown-account':
      'account, uygulamadaki hesaplardan birinin kısa adı olmalı (büyük/küçük harf fark etmez).',
    'order-other-account': 'Bu sipariş uygulamada başka bir hesapla var: bir sipariş tek hesabındır.',
    'invalid-request-id': 'request_id 16–64 karakter olmalı: A–Z a–z 0–9 _ -.',
    'invalid-kind': 'kind "float", "expense", "handed-in", "advance" veya "debt-repaid" olmalı.',
    'invalid-cash-amount':
      'amount_kurus kuruş cinsinden bir tam sayı olmalı: 1 ile 1000000000 (10.000.000 ₺) arası.',
    'invalid-note': 'note tek satır, en fazla 200 karakter olmalı; görünmeyen karakter içermemeli.',
    'request-id-reused':
      'Bu request_id başka bir kayıt için kullanıldı: her kayıt için yeni bir request_id gönderin.',
    'unknown-payment-method': 'Bu ödeme yöntemi platformun listesinde yok.',
    'day-full': 'Bugün için kurye kaydı sınırına ulaşıldı (günde 20.000): yeni kayıt yarın yazılabilir.',
    'invalid-date': 'date YYYY-AA-GG biçiminde bugün ya da geçmiş bir gün olmalı; başka parametre yok.',
    'unknown-field':
      'Tanınmayan bir alan var. Alanlar: payment_key, shipping_method, payment_method, courier_type, label, amount_kurus, courier, branch (hand-over için yalnızca courier).',
    'not-eligible': 'Bu sipariş gel-al veya platform kuryesiyle: "Kuryeye Verildi" gönderilmez.',
    'handover-disabled': 'API’den "Kuryeye Verildi" Ayarlar’da kapalı.',
    'rate-limited': 'Çok fazla istek (saniyede en fazla 50). Retry-After kadar bekleyip yeniden deneyin.',
    internal: 'Uygulamada beklenmeyen bir hata oldu; sipariş eklenmemiş olabilir. Yeniden deneyin.',
  },
}

export type Texts = typeof tr
