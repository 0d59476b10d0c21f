// The POS intake's texts (Settings' "POS bağlantısı" card and where each order came from), Turkish first.
// Kept in their own file so the intake's words do not crowd the shared dictionaries.
import type { Language, OrderDetails } from '../../../src-shared/domain.ts'
import type { DropFolderRefusal } from '../../../src-shared/intake-info.ts'
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
  detailName: {
    shippingMethod: 'teslimat şekli',
    paymentMethod: 'ödeme',
    courierType: 'kurye',
    label: 'etiket',
    amountKurus: 'tutar',
    branch: 'şube',
  } satisfies Record<keyof OrderDetails, string>,
  // A link, the command line or the folder offered to change what the order already said (D71).
  refusedChange: (source: string, fields: string) =>
    `${source} değiştirmek istedi: ${fields} (değiştirilmedi)`,
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
  dropFolderHint:
    'POS’un her sipariş için bir dosya yazdığı klasörün tam yolu; yalnızca POS için açılmış bir klasör olsun. Boş bırakılırsa kapalı. Alınan ve reddedilen dosyalar uygulamanın veri klasöründe 30 gün saklanır.',
  saveFolder: 'Klasörü kaydet',
  folderWatching: 'Klasör izleniyor.',
  folderFailed: 'Klasör izlenemiyor: yolu ve izinleri kontrol edin.',
  folderRefused: {
    'data-folder':
      'Bu klasör izlenmiyor: uygulamanın kendi veri klasörü (ya da onun içinde veya üstünde). POS için ayrı bir klasör seçin.',
    'system-folder':
      'Bu klasör izlenmiyor: sürücü kökü, ev klasörü, Masaüstü, Belgeler, İndirilenler ya da geçici klasör gibi bir sistem klasörü. Oraya başka programlar ve web sayfaları da dosya bırakabilir. POS için ayrı bir klasör oluşturun.',
    shared:
      'Bu klasör izlenmiyor: bu bilgisayardaki başka hesaplar da yazabiliyor ve yazdıkları her dosya panoya sipariş olarak eklenir. İzinleri yalnızca bu hesap ve POS yazabilecek şekilde daraltın ya da bilerek onaylayın.',
    'not-a-folder': 'Bu klasör izlenmiyor: yol bir klasör değil.',
  } satisfies Record<DropFolderRefusal, string>,
  confirmShared: 'Başka hesapların yazabildiğini biliyorum; yine de bu klasörü kullan',
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
  detailName: {
    shippingMethod: 'shipping method',
    paymentMethod: 'payment',
    courierType: 'courier',
    label: 'label',
    amountKurus: 'amount',
    branch: 'branch',
  },
  refusedChange: (source, fields) => `${source} tried to change: ${fields} (kept as it was)`,
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
  dropFolderHint:
    'The full path of the folder the POS writes one file per order into; make it a folder for the POS alone. Empty means off. Taken and refused files are kept in the app’s data folder for 30 days.',
  saveFolder: 'Save folder',
  folderWatching: 'Watching the folder.',
  folderFailed: 'Cannot watch the folder: check the path and its permissions.',
  folderRefused: {
    'data-folder':
      'This folder is not watched: it is the app’s own data folder (or inside or above it). Choose a separate folder for the POS.',
    'system-folder':
      'This folder is not watched: it is a system folder such as a drive root, the home folder, Desktop, Documents, Downloads or the temporary folder. Other programs and web pages can leave files there too. Make a separate folder for the POS.',
    shared:
      'This folder is not watched: other accounts on this computer can write to it, and every file they write would be added to the board as an order. Narrow its permissions to this account and the POS, or confirm knowingly.',
    'not-a-folder': 'This folder is not watched: the path is not a folder.',
  },
  confirmShared: 'I know other accounts can write to it; use this folder anyway',
}

export const intakeTexts: Record<Language, IntakeTexts> = { tr, en }

export function useIntakeTexts(): IntakeTexts {
  return intakeTexts[useMessages().language]
}
