import type { Language } from './domain.ts'

/**
 * What staff are told about an order that needs them, in both shells: the desktop app's OS notifications and web
 * mode's browser notifications say the same words (docs/decisions.md D50, D53).
 */

/** Retrying by itself for longer than this, an order needs someone. */
export const RETRYING_TOO_LONG_MS = 2 * 60_000

export type AttentionKind = 'failed' | 'unconfirmed' | 'retrying-too-long' | 'waiting-too-long'

export interface AttentionText {
  title: (code: string) => string
  body: string
}

export const ATTENTION_TEXTS: Record<Language, Record<AttentionKind, AttentionText>> = {
  tr: {
    failed: {
      title: (code) => `Sipariş ${code}: teslim başarısız`,
      body: 'Platform kabul etmedi. Ayrıntı için siparişi açın.',
    },
    unconfirmed: {
      title: (code) => `Sipariş ${code}: teyit edilemedi`,
      body: 'Büyük olasılıkla platforma ulaştı; platform panelinden kontrol edin.',
    },
    'retrying-too-long': {
      title: (code) => `Sipariş ${code}: 2 dakikadır gönderilemiyor`,
      body: 'Uygulama denemeye devam ediyor. Ağ bağlantısını kontrol edin.',
    },
    'waiting-too-long': {
      title: (code) => `Sipariş ${code}: bekleme süresi doldu`,
      body: 'Kurye aldıysa “Kuryeye Verildi”ye basın; müşteri ancak o zaman haberdar olur.',
    },
  },
  en: {
    failed: {
      title: (code) => `Order ${code}: hand-over failed`,
      body: 'The platform refused it. Open the order for details.',
    },
    unconfirmed: {
      title: (code) => `Order ${code}: not confirmed`,
      body: 'It probably reached the platform: check the platform panel.',
    },
    'retrying-too-long': {
      title: (code) => `Order ${code}: not sent for 2 minutes`,
      body: 'The app keeps trying. Check the network connection.',
    },
    'waiting-too-long': {
      title: (code) => `Order ${code}: waiting too long`,
      body: 'If the courier took it, press “Handed to courier”: only then is the customer told.',
    },
  },
}

/** What staff are told when the app itself needs them, not one order. */
export const ATTENTION_SYSTEM_TEXTS: Record<
  Language,
  Record<'session' | 'intake-port', { title: string; body: string }>
> = {
  tr: {
    session: {
      title: 'Oturum yenilenemedi',
      body: 'Bekleyen teslimler gönderilemiyor. Lütfen yeniden giriş yapın.',
    },
    'intake-port': {
      title: 'POS bağlantı noktası başka bir programda',
      body: 'POS siparişleri uygulamaya ulaşamıyor. Ayarlar → POS bağlantısı’ndan başka bir port seçin.',
    },
  },
  en: {
    session: {
      title: 'The session could not be renewed',
      body: 'Waiting hand-overs cannot be sent. Please sign in again.',
    },
    'intake-port': {
      title: 'Another program holds the POS port',
      body: 'The POS cannot reach the app. Choose another port in Settings → POS connection.',
    },
  },
}
