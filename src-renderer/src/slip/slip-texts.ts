import type { Language } from '../../../src-shared/domain.ts'

/**
 * The courier slip's own texts, Turkish first. Kept beside the slip (not in tr.ts/en.ts) so the slip prints
 * in the app's language from a page that loads nothing else of the app.
 */
const tr = {
  slipTitle: 'Kurye fişi',
  orderCode: 'Sipariş kodu',
  branch: 'Şube',
  shipping: 'Teslimat şekli',
  payment: 'Ödeme',
  collectCash: 'Kurye nakit tahsil edecek',
  note: 'Not',
  handedOverAt: (time: string) => `Kuryeye verildi: ${time}`,
  printedAt: (time: string) => `Yazdırıldı: ${time}`,
  qrHint: 'Siparişi uygulamada bulmak için okutun',
  qrLabel: (paymentKey: string) => `Sipariş numarası QR kodu: ${paymentKey}`,
  printSlip: 'Fiş yazdır',
  saveAsPdf: 'PDF olarak kaydet',
  printFailed: 'Fiş yazdırılamadı. Yazıcıyı ve Ayarlar’daki seçimi kontrol edin.',
}

export type SlipTexts = typeof tr

const en: SlipTexts = {
  slipTitle: 'Courier slip',
  orderCode: 'Order code',
  branch: 'Branch',
  shipping: 'Shipping',
  payment: 'Payment',
  collectCash: 'The courier collects cash',
  note: 'Note',
  handedOverAt: (time: string) => `Handed to the courier: ${time}`,
  printedAt: (time: string) => `Printed: ${time}`,
  qrHint: 'Scan to find the order in the app',
  qrLabel: (paymentKey: string) => `QR code of the order number: ${paymentKey}`,
  printSlip: 'Print slip',
  saveAsPdf: 'Save as PDF',
  printFailed: 'The slip could not be printed. Check the printer and the choice in Settings.',
}

export const slipTexts: Record<Language, SlipTexts> = { tr, en }
