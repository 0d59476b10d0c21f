// The alarm's words on the board and the card (docs/decisions.md D70), Turkish first; the notifications' words are
// src-shared/attention-texts.ts, which both shells share.
import type { AttentionReason } from '../../../src-shared/attention.ts'
import { useMessages } from '../i18n/use-messages.tsx'

const tr = {
  reason: {
    failed: 'Teslim başarısız: bakın',
    unconfirmed: 'Teyit edilemedi: panelden kontrol edin',
    'retrying-too-long': '2 dakikadır gönderilemiyor: ağı kontrol edin',
    'waiting-too-long': 'Bekleme süresi doldu: kurye aldıysa “Kuryeye Verildi”ye basın',
  } satisfies Record<AttentionReason, string>,
  silence: 'Sessize al',
  silenceOrder: (code: string) => `Sessize al: ${code}`,
  silenced: 'Sessize alındı',
  ready: 'Hazır',
  readyAt: (time: string) => `Hazır · ${time}`,
  markReady: (code: string) => `Hazır: ${code}`,
  alarmTitle: 'Sipariş sizi bekliyor',
  ringing: (code: string, reason: string) => `${code}: ${reason}`,
  paused: 'Gönderim duraklatıldı: alarm çalmıyor. Tepsideki simgeden “Sürdür”e basın.',
  crossedWhileClosed: (count: number) =>
    `Uygulama kapalıyken ${String(count)} siparişin bekleme süresi doldu; kartlarında işaretli.`,
  sessionLost: 'Oturum yenilenemedi: bekleyen teslimler gönderilemiyor. Yeniden giriş yapın.',
  intakePortTaken:
    'POS bağlantı noktası başka bir programda: POS siparişleri ulaşamıyor (Ayarlar → POS bağlantısı).',
  settingsTitle: 'Bekleyen siparişler',
  waitingLimit: 'Kuryeye verilmemiş sipariş ne kadar bekleyince uyarılsın?',
  waitingLimitHint:
    'Yalnızca restoran kuryesiyle teslim edilecek siparişler için. Kurye aldıysa “Kuryeye Verildi”ye basın: müşteri ancak o zaman haberdar olur.',
  readyLimit: 'POS veya siz “Hazır” dedikten sonra ne kadar bekleyince?',
  readyLimitHint: 'Hazır işaretli siparişte bu süre, hazır olduğu andan sayılır.',
  off: 'Kapalı',
  readyOff: 'Hazır süreyi değiştirmesin',
  minutes: (minutes: number) => `${String(minutes)} dakika`,
  alarmSound: 'Uyarı sesi',
  alarmSoundHint:
    'Süresi dolan, başarısız olan veya uzun süre teyit edilemeyen sipariş için, biri ilgilenene ya da “Sessize al”a basana kadar 20 saniyede bir çalar. Ses düzeyi sistemin ses düzeyidir.',
}

export type AlarmTexts = typeof tr

const en: AlarmTexts = {
  reason: {
    failed: 'Hand-over failed: take a look',
    unconfirmed: 'Not confirmed: check the platform panel',
    'retrying-too-long': 'Not sent for 2 minutes: check the network',
    'waiting-too-long': 'Waited too long: if the courier took it, press “Handed to courier”',
  },
  silence: 'Silence',
  silenceOrder: (code: string) => `Silence: ${code}`,
  silenced: 'Silenced',
  ready: 'Ready',
  readyAt: (time: string) => `Ready · ${time}`,
  markReady: (code: string) => `Ready: ${code}`,
  alarmTitle: 'An order needs you',
  ringing: (code: string, reason: string) => `${code}: ${reason}`,
  paused: 'Sending is paused: the alarm does not ring. Press “Resume” on the tray icon.',
  crossedWhileClosed: (count: number) =>
    `${String(count)} order${count === 1 ? '' : 's'} waited too long while the app was closed; marked on their cards.`,
  sessionLost: 'The session could not be renewed: waiting hand-overs cannot be sent. Sign in again.',
  intakePortTaken:
    'Another program holds the POS port: POS orders cannot arrive (Settings → POS connection).',
  settingsTitle: 'Waiting orders',
  waitingLimit: 'Warn when an order has not been handed to the courier after',
  waitingLimitHint:
    'Only for orders the restaurant’s courier delivers. If the courier took it, press “Handed to courier”: only then is the customer told.',
  readyLimit: 'After the POS or you said “Ready”, warn after',
  readyLimitHint: 'For an order marked ready, this time counts from when it was ready.',
  off: 'Off',
  readyOff: 'Ready changes nothing',
  minutes: (minutes: number) => `${String(minutes)} minute${minutes === 1 ? '' : 's'}`,
  alarmSound: 'Alarm sound',
  alarmSoundHint:
    'For an order past its time, a failed hand-over or one unconfirmed for long: rings every 20 seconds until someone acts or presses “Silence”. The volume is the system’s.',
}

export function useAlarmTexts(): AlarmTexts {
  return useMessages().language === 'en' ? en : tr
}
