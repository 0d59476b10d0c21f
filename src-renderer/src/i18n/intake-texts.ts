// The POS intake's texts (Settings' "POS bağlantısı" card and where each order came from), Turkish first.
// Kept in their own file so the intake's words do not crowd the shared dictionaries.
import type { Language } from '../../../src-shared/domain.ts'
import type { OrderSource } from '../../../src-shared/intake-view.ts'
import { useMessages } from './use-messages.tsx'

const tr = {
  source: {
    'pos-api': 'POS',
    link: 'Bağlantı',
    'command-line': 'Komut satırı',
    'drop-folder': 'Klasör',
    typed: 'Elle / okuyucu',
  } satisfies Record<OrderSource, string>,
  sourceLabel: (source: string, time: string) => `Geldiği yer: ${source}, ${time}`,
  arrived: (code: string, source: string) => `Yeni sipariş ${code} panoya eklendi (${source}).`,
  arrivedMany: (count: number) => `${count} yeni sipariş panoya eklendi.`,
  title: 'POS bağlantısı',
  intro: 'POS, siparişleri bu bilgisayardaki yerel adrese gönderebilir; anahtar her istekte gerekir.',
  address: 'Adres',
  notServing: 'Çalışmıyor',
  portInUse: (port: number) => `${port} numaralı port başka bir programda. Başka bir port seçin.`,
  failed: 'POS bağlantısı başlatılamadı. Ayrıntılar kayıtta.',
  key: 'Anahtar',
  showKey: 'Anahtarı göster',
  hideKey: 'Anahtarı gizle',
  copyKey: 'Anahtarı kopyala',
  copied: 'Anahtar kopyalandı.',
  rotateKey: 'Yeni anahtar oluştur',
  rotateConfirm: 'Eski anahtar hemen geçersiz olur; POS’a yenisini girmeniz gerekir. Devam edilsin mi?',
  rotated: 'Yeni anahtar oluşturuldu. POS’a yenisini girin.',
  port: 'Port',
  portHint: '1024–65535 arası. Varsayılan 47810.',
  savePort: 'Portu kaydet',
  handover: 'POS “Kuryeye Verildi” isteyebilsin',
  handoverHint: 'Kapalıyken POS yalnızca sipariş ekleyebilir.',
  dropFolder: 'Sipariş klasörü (isteğe bağlı)',
  dropFolderHint: 'POS’un her sipariş için bir dosya yazdığı klasörün tam yolu. Boş bırakılırsa kapalı.',
  saveFolder: 'Klasörü kaydet',
  folderWatching: 'Klasör izleniyor.',
  folderFailed: 'Klasör izlenemiyor: yolu ve izinleri kontrol edin.',
}

type IntakeTexts = typeof tr

const en: IntakeTexts = {
  source: {
    'pos-api': 'POS',
    link: 'Link',
    'command-line': 'Command line',
    'drop-folder': 'Folder',
    typed: 'Typed / scanner',
  },
  sourceLabel: (source, time) => `Came from: ${source}, ${time}`,
  arrived: (code, source) => `New order ${code} added to the board (${source}).`,
  arrivedMany: (count) => `${count} new orders added to the board.`,
  title: 'POS connection',
  intro: 'The POS can send orders to a local address on this computer; every request needs the key.',
  address: 'Address',
  notServing: 'Not running',
  portInUse: (port) => `Port ${port} is in use by another program. Choose another port.`,
  failed: 'The POS connection could not start. The log has the details.',
  key: 'Key',
  showKey: 'Show key',
  hideKey: 'Hide key',
  copyKey: 'Copy key',
  copied: 'Key copied.',
  rotateKey: 'Make a new key',
  rotateConfirm: 'The old key stops working at once; you must enter the new one in the POS. Continue?',
  rotated: 'New key made. Enter it in the POS.',
  port: 'Port',
  portHint: '1024–65535. Default 47810.',
  savePort: 'Save port',
  handover: 'Let the POS ask for “Kuryeye Verildi”',
  handoverHint: 'When off, the POS can only add orders.',
  dropFolder: 'Order folder (optional)',
  dropFolderHint: 'The full path of the folder the POS writes one file per order into. Empty means off.',
  saveFolder: 'Save folder',
  folderWatching: 'Watching the folder.',
  folderFailed: 'Cannot watch the folder: check the path and its permissions.',
}

export const intakeTexts: Record<Language, IntakeTexts> = { tr, en }

export function useIntakeTexts(): IntakeTexts {
  return intakeTexts[useMessages().language]
}
