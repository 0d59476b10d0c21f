import type { Language } from '../../../src-shared/domain.ts'
import { formatKurus } from '../../../src-shared/money.ts'
import { dictionaries, formatRecordTime } from '../i18n/index.ts'
import type { PaperWidth } from './CourierSlip.tsx'
import { manifestQrText, type Manifest as ManifestData } from './manifest.ts'
import { SlipQr } from './SlipQr.tsx'

export interface ManifestProps {
  manifest: ManifestData
  language: Language
  paperWidth: PaperWidth
}

/**
 * The courier's manifest ("zimmet fişi", issue 21) on a receipt roll: who took the packages and when, each
 * package's short code, amount and whether it is collected at the door, the total to collect in large type, a
 * line to sign, and a QR code of the whole (`ZIMMET;…`). Printed by the app's one slip printer (SlipPrinter),
 * laid out by slip.css like the courier slip, so page-size.ts sizes its paper the same way.
 */
export function Manifest({ manifest, language, paperWidth }: ManifestProps) {
  const t = dictionaries[language].couriers
  const money = (kurus: number) => formatKurus(kurus, language)
  const qrText = manifestQrText(manifest)
  return (
    <article className={`slip slip-manifest slip-${paperWidth}mm`} lang={language} data-paper-mm={paperWidth}>
      <p className="slip-title">{t.manifestTitle}</p>
      <p className="manifest-courier">
        <span className="slip-fact-name">{t.manifestCourier}:</span>{' '}
        <strong className="manifest-courier-name">{manifest.courier.name}</strong>
      </p>
      <p className="slip-time">
        {t.manifestTime}: {formatRecordTime(manifest.at, language)}
      </p>
      <p className="manifest-count">{t.manifestPackages(manifest.lines.length)}</p>
      <ol className="manifest-lines">
        {manifest.lines.map((line) => (
          <li key={line.paymentKey} className={line.collect ? 'manifest-line collect' : 'manifest-line'}>
            <span className="manifest-code">{line.code}</span>
            <span className="manifest-amount">
              {line.amountKurus === undefined ? t.manifestAmountUnknown : money(line.amountKurus)}
            </span>
            <span className="manifest-method">
              {line.method ?? t.manifestMethodUnknown}
              {' · '}
              {line.collect ? <strong>{t.manifestCollect}</strong> : t.manifestPaid}
            </span>
          </li>
        ))}
      </ol>
      <p className="manifest-total">
        <span>{t.manifestTotal}</span>{' '}
        <strong className="manifest-total-amount">{money(manifest.totalKurus)}</strong>
      </p>
      {manifest.amountUnknown > 0 && (
        <p className="manifest-unknown">{t.manifestTotalUnknown(manifest.amountUnknown)}</p>
      )}
      <p className="manifest-signature">{t.manifestSignature}</p>
      <SlipQr text={qrText} label={t.manifestQrLabel(qrText)} />
    </article>
  )
}
