// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  APP_ERROR_CODES,
  INPUT_PROBLEMS,
  type AppErrorCode,
  type InputProblem,
} from '../../../src-shared/errors.ts'
import { describeError } from './describe-error.ts'
import { dictionaries } from './index.ts'

// The exact words staff read for each code and input problem, Turkish then English: a code mapped to the wrong
// text (as `URL hatalı` at sign-in once read "Sipariş numarası platforma hatalı iletildi") fails here. A new
// code or problem fails the type-check until its words are written down here too.
const BY_CODE: Record<AppErrorCode, readonly [tr: string, en: string]> = {
  'invalid-input': ['Girilen bilgi geçersiz.', 'The input is not valid.'],
  'insecure-address': [
    'Güvensiz adres: yalnızca https:// kabul edilir.',
    'Insecure address: only https:// is accepted.',
  ],
  'wrong-credentials': [
    'Anahtarlar hatalı: platform giriş izni vermedi.',
    'Wrong keys: the platform refused the sign-in.',
  ],
  'missing-credentials': [
    'Anahtar eksik: iki anahtar da gerekli.',
    'A key is missing: both keys are needed.',
  ],
  'signed-out': ['Oturum kapalı. Lütfen yeniden giriş yapın.', 'Signed out. Please sign in again.'],
  unreachable: [
    'Platforma ulaşılamıyor. İnternet bağlantısını ve adresi kontrol edin.',
    'The platform cannot be reached. Check the internet connection and the address.',
  ],
  'app-unreachable': [
    'Uygulamaya ulaşılamıyor: web modu durmuş olabilir. Uygulamayı yeniden başlatın ve yazdığı yeni adresi açın.',
    'The app cannot be reached: web mode may have stopped. Start it again and open the new address it prints.',
  ],
  'untrusted-certificate': [
    'Platformun sertifikasına güvenilmiyor. Adresi ya da CA ayarını kontrol edin.',
    "The platform's certificate is not trusted. Check the address or the CA setting.",
  ],
  timeout: ['Platform zamanında yanıt vermedi.', 'The platform did not answer in time.'],
  'rate-limited': [
    'Platform çok fazla istek aldı; biraz sonra tekrar deneyin.',
    'The platform is receiving too many requests; try again shortly.',
  ],
  'server-error': [
    'Platformda bir sorun var; biraz sonra tekrar deneyin.',
    'The platform has a problem; try again shortly.',
  ],
  'unexpected-answer': [
    'Platformdan beklenmeyen bir yanıt geldi.',
    'The platform sent an unexpected answer.',
  ],
  'order-not-found': [
    'Sipariş bulunamadı: platform bu numarayı tanımıyor.',
    'Order not found: the platform does not know this number.',
  ],
  'malformed-url': [
    'Sipariş numarası platforma hatalı iletildi (URL hatalı).',
    'The order number reached the platform malformed (URL hatalı).',
  ],
  'wrong-address': [
    'Platform adresi hatalı: bu adreste platformun API’si yok (URL hatalı). Adresi, API yolu dahil, kontrol edin.',
    'The platform address is wrong: the platform has no API there (URL hatalı). Check the address, including its API path.',
  ],
  'platform-refused': ['Platform isteği reddetti.', 'The platform refused the request.'],
  'disk-full': [
    'Disk dolu: işlem kaydedilemedi, hiçbir şey gönderilmedi. Yer açıp tekrar deneyin.',
    'The disk is full: the action could not be recorded, and nothing was sent. Free some space and try again.',
  ],
  internal: [
    'Beklenmeyen bir hata oldu. Tekrar deneyin; sürerse destek ile görüşün.',
    'Something unexpected happened. Try again; if it persists, contact support.',
  ],
}

const BY_PROBLEM: Record<InputProblem, readonly [tr: string, en: string]> = {
  'not-https': ['Platform adresi https:// ile başlamalı.', 'The platform address must start with https://.'],
  'not-a-url': ['Platform adresi geçerli bir adres değil.', 'The platform address is not a valid address.'],
  'empty-key': [
    'Uygulama anahtarı ve restoran anahtarı boş olamaz.',
    'The application key and the restaurant key cannot be empty.',
  ],
  'no-order-id': ['Metinde sipariş numarası bulunamadı.', 'No order number was found in the text.'],
  'several-order-ids': [
    'Metinde birden fazla sipariş numarası var; tek bir sipariş girin.',
    'The text holds more than one order number; enter one order.',
  ],
  'unknown-order': ['Bu sipariş panoda yok.', 'This order is not on the board.'],
  'invalid-time-zone': [
    'Saat dilimi tanınmadı (örnek: Europe/Istanbul).',
    'Unknown time zone (for example: Europe/Istanbul).',
  ],
  'ca-file-unreadable': ['Sertifika dosyası okunamadı.', 'The certificate file cannot be read.'],
  'ca-file-not-pem': ['Dosyada PEM biçiminde sertifika yok.', 'The file holds no PEM certificate.'],
  'ca-file-not-local': [
    'Sertifika dosyası bu bilgisayarda, en çok 64 KiB boyutunda normal bir dosya olmalı (ağ paylaşımı veya aygıt olamaz).',
    'The certificate file must be a regular file on this computer of at most 64 KiB (not a network share or a device).',
  ],
  'ca-file-has-key': [
    'Dosyada özel anahtar var: yalnızca CA sertifikasını içeren dosyayı seçin.',
    'The file holds a private key: choose the file with only the CA certificate.',
  ],
  'ca-file-not-ca': [
    'Dosyadaki sertifika bir CA sertifikası değil: kuruluşunuzun CA sertifikasını seçin.',
    "The certificate in the file is not a CA certificate: choose your organisation's CA certificate.",
  ],
  'already-sending': [
    'Bu sipariş zaten gönderiliyor; lütfen bekleyin.',
    'This order is already being sent; please wait.',
  ],
  'not-eligible': [
    'Bu sipariş restoran kuryesiyle teslim edilmiyor.',
    'This order is not delivered by the restaurant courier.',
  ],
  malformed: ['Girilen bilgi geçersiz.', 'The input is not valid.'],
  'undo-window-over': [
    'Geri alma süresi doldu: sipariş gönderiliyor.',
    'Too late to undo: the order is being sent.',
  ],
  'not-waiting': ['Bu sipariş şu an bir deneme beklemiyor.', 'This order is not waiting for a try.'],
  'not-unconfirmed': ['Bu sipariş doğrulanamadı durumunda değil.', 'This order is not unconfirmed.'],
  'name-empty': ['Kurye adı boş olamaz.', 'The courier’s name cannot be empty.'],
  'name-too-long': ['Kurye adı en çok 60 karakter olabilir.', 'A courier’s name is at most 60 characters.'],
  'name-not-one-line': ['Kurye adı tek satır olmalı.', 'A courier’s name must be one line.'],
  'name-bad-characters': [
    'Kurye adında görünmeyen ya da denetim karakterleri var.',
    'The courier’s name holds invisible or control characters.',
  ],
  'name-taken': ['Bu adda çalışan bir kurye zaten var.', 'A working courier already has this name.'],
  'badge-invalid': [
    'Kart kodu yalnızca harf, rakam ve tire içerebilir (en çok 32).',
    'A badge code holds only letters, digits and hyphens (at most 32).',
  ],
  'badge-taken': ['Bu kart kodu başka bir kuryede.', 'Another courier has this badge code.'],
  'unknown-courier': ['Bu kurye listede yok.', 'This courier is not on the list.'],
  'courier-retired': [
    'Bu kurye artık çalışmıyor: paket verilemez.',
    'This courier no longer works here: no packages can go with them.',
  ],
  'courier-required': [
    'Önce kuryeyi seçin: ayarlarda kurye seçmek zorunlu.',
    'Choose the courier first: Settings require one.',
  ],
  'amount-invalid': [
    'Tutar geçersiz: 0 ile 10.000.000 ₺ arasında, en çok iki kuruş basamaklı olmalı.',
    'The amount is not valid: from 0 to ₺10,000,000, with at most two decimals.',
  ],
  'note-invalid': [
    'Not tek satır, en çok 200 karakter olmalı.',
    'The note must be one line of at most 200 characters.',
  ],
  'day-invalid': [
    'Bu gün seçilemez: bugün ya da saklanan daha önceki bir gün olmalı.',
    'This day cannot be chosen: today or an earlier day still kept.',
  ],
  'unknown-cash-record': [
    'Düzeltilecek teslim kaydı bulunamadı.',
    'The cash record to correct was not found.',
  ],
  'order-invalid': ['Siparişin bilgileri geçersiz.', 'The order’s details are not valid.'],
  'unknown-branch': [
    'Bu şube, giriş yapılan anahtarların şubeleri arasında yok.',
    'This branch is not among the branches of the signed-in keys.',
  ],
  'id-invalid': ['İstek numarası geçersiz.', 'The request id is not valid.'],
  'id-reused': [
    'Bu istek numarası başka bir kayıt için kullanıldı.',
    'This request id was used for another kind of record.',
  ],
  'courier-out': [
    'Kurye hâlâ paket taşıyor: hesabı kapatmadan önce listeyi onaylayın.',
    'The courier still carries bags: confirm the list before closing the account.',
  ],
  'overage-choice': [
    'Fazla var: bahşiş mi, alacak mı olduğunu seçin.',
    'There is an overage: choose a tip or a credit.',
  ],
  'later-day-closed': [
    'Bu kuryenin daha sonraki bir günü kapatıldı: hesaplar gün sırasıyla kapatılır, bu gün artık kapatılamaz.',
    'A later day of this courier is already closed: accounts are closed day by day, so this day can no longer be closed.',
  ],
  'day-full': [
    'Bugün için kayıt sınırına ulaşıldı: yeni kayıt yarın yazılabilir.',
    'Today’s limit of records is reached: new records can be written tomorrow.',
  ],
  'method-not-listed': [
    'Bu ödeme yöntemi platformun listesinde yok.',
    'This payment method is not on the platform’s list.',
  ],
  'unknown-batch': [
    'Bu toplu teslim bulunamadı: kuryenin kartını yeniden okutun.',
    'This batch was not found: scan the courier’s badge again.',
  ],
  'account-name-empty': ['Kısa adı yazın.', 'Type a short name.'],
  'account-name-too-long': ['Kısa ad en çok 30 karakter olmalı.', 'A short name is at most 30 characters.'],
  'account-name-not-one-line': ['Kısa ad tek satır olmalı.', 'A short name must be one line.'],
  'account-name-bad-characters': [
    'Kısa adda görünmeyen ya da yön değiştiren karakterler var.',
    'The short name holds invisible or direction-changing characters.',
  ],
  'account-name-taken': ['Bu kısa ad başka bir hesabın.', 'Another account has this short name.'],
  'unknown-account': ['Bu hesap bulunamadı.', 'This account was not found.'],
  'too-many-accounts': ['En çok 8 hesap eklenebilir.', 'At most 8 accounts can be added.'],
  'account-owes-handovers': [
    'Bu hesabın platforma gönderilmeyi bekleyen teslimleri var: önce onlar gitmeli.',
    'This account still has hand-overs waiting to reach the platform: they must go first.',
  ],
  'account-has-orders': [
    'Bu hesabın panoda teslim edilmemiş siparişleri var: önce onları kuryeye verin ya da panodan kaldırın.',
    'This account still has orders on the board not handed over: hand them over or remove them first.',
  ],
  'order-other-account': [
    'Bu sipariş panoda başka bir hesapla var.',
    'This order is on the board under another account.',
  ],
  'account-keys-in-use': [
    'Bu anahtarlarla başka bir hesap zaten giriş yapıyor.',
    'Another account already signs in with these keys.',
  ],
}

describe('describeError', () => {
  it.each(APP_ERROR_CODES)('says exactly what %s means, in Turkish and in English', (code) => {
    const [tr, en] = BY_CODE[code]
    expect(describeError({ code, retryable: false }, dictionaries.tr)).toEqual({ text: tr })
    expect(describeError({ code, retryable: false }, dictionaries.en)).toEqual({ text: en })
  })

  it.each(INPUT_PROBLEMS)('says exactly what to fix for %s, in Turkish and in English', (problem) => {
    const [tr, en] = BY_PROBLEM[problem]
    const error = { code: 'invalid-input' as const, problem, retryable: false }
    expect(describeError(error, dictionaries.tr)).toEqual({ text: tr })
    expect(describeError(error, dictionaries.en)).toEqual({ text: en })
  })

  it('tells a wrong address apart from an order number the platform could not read', () => {
    const atSignIn = describeError(
      { code: 'wrong-address', platformError: 'URL hatalı', httpStatus: 404, retryable: false },
      dictionaries.tr,
    )
    expect(atSignIn.text).toContain('Platform adresi hatalı')
    expect(atSignIn.text).not.toContain('Sipariş')
    expect(atSignIn.detail).toBe('Platformun yanıtı: “URL hatalı” · HTTP 404')
  })

  it("quotes the platform's own words and the HTTP status for unknown refusals (D4)", () => {
    const described = describeError(
      {
        code: 'platform-refused',
        platformError: 'kurye tipi uygun değil',
        platformMessage: 'Courier is not restaurant-managed',
        httpStatus: 409,
        retryable: false,
      },
      dictionaries.tr,
    )
    expect(described.text).toBe('Platform isteği reddetti.')
    expect(described.detail).toBe(
      'Platformun yanıtı: “kurye tipi uygun değil — Courier is not restaurant-managed” · HTTP 409',
    )
  })

  it('gives the HTTP status alone when the platform sent no words', () => {
    expect(
      describeError({ code: 'server-error', httpStatus: 503, retryable: true }, dictionaries.en),
    ).toEqual({
      text: 'The platform has a problem; try again shortly.',
      detail: 'HTTP 503',
    })
  })
})
