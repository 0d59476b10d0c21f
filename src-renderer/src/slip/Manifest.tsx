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
 * package's short code and label (the address), its amount and whether it is collected at the door ("TAHSİL") or
 * already paid ("ödenmiş"); a bag the platform refused marked "GÖNDERİLEMEDİ" and in no total; what is not known
 * "?" and "kontrol edin"; the total to collect in large type, a line to sign, and a QR code of the whole
 * (`ZIMMET;…`). Printed by the app's one slip printer (SlipPrinter), laid out by slip.css like the courier slip.
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
      <p className="manifest-count">{t.manifestPackages(manifest.packages)}</p>
      <ol className="manifest-lines">
        {manifest.lines.map((line) => {
          const className = line.refused
            ? 'manifest-line refused'
            : line.tender === 'cash'
              ? 'manifest-line collect'
              : 'manifest-line'
          const what = line.refused ? (
            <strong>{t.manifestRefused}</strong>
          ) : line.tender === 'cash' ? (
            <strong>{t.manifestCollect}</strong>
          ) : line.tender === 'unknown' ? (
            <strong>{t.manifestCheck}</strong>
          ) : line.tender === 'door-other' ? (
            t.manifestDoorOther
          ) : (
            t.manifestPaid
          )
          const amount = line.amountKurus === undefined ? t.manifestAmountUnknown : money(line.amountKurus)
          return (
            <li key={line.paymentKey} className={className}>
              <span className="manifest-code">{line.code}</span>
              {line.account !== undefined && <span className="manifest-account">{line.account}</span>}
              <span className="manifest-amount">{line.refused ? <s>{amount}</s> : amount}</span>
              {line.label !== undefined && <span className="manifest-label">{line.label}</span>}
              <span className="manifest-method">
                {line.method ?? t.manifestMethodUnknown}
                {' · '}
                {what}
              </span>
            </li>
          )
        })}
      </ol>
      <p className="manifest-total">
        <span>{t.manifestTotal}</span>{' '}
        <strong className="manifest-total-amount">
          {money(manifest.totalKurus)}
          {manifest.unknownCount > 0 && ' + ?'}
        </strong>
      </p>
      {manifest.unknownCount > 0 && (
        <p className="manifest-unknown">{t.manifestTotalUnknown(manifest.unknownCount)}</p>
      )}
      {manifest.refused > 0 && <p className="manifest-unknown">{t.manifestRefusedNote(manifest.refused)}</p>}
      <p className="manifest-signature">{t.manifestSignature}</p>
      <SlipQr text={qrText} label={t.manifestQrLabel(qrText)} />
    </article>
  )
}
