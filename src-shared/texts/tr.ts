/**
 * Every word the app says outside the page, in Turkish: the catalogue's source of shape (en.ts must have exactly
 * these keys). The core, both shells and the page (web mode's notifications) read it through `texts`; the page's
 * own words are src-renderer/src/i18n (docs/decisions.md D73). A section per thing that speaks.
 */
export const tr = {
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
