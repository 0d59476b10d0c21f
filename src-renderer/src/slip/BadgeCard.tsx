import type { Language } from '../../../src-shared/domain.ts'
import { dictionaries } from '../i18n/index.ts'
import { badgeQrText } from '../screens/board/batch-rules.ts'
import type { PaperWidth } from './CourierSlip.tsx'
import { SlipQr } from './SlipQr.tsx'
import './courier-day-slips.css'

export interface BadgeCardProps {
  name: string
  /** The badge code (checked, upper case): the QR says `pos-companion-courier:<BADGE>`, the scan path reads it. */
  badge: string
  language: Language
  paperWidth: PaperWidth
}

/**
 * The courier's badge on the receipt roll (issue 21): the name in large type and the QR a scanner types into the
 * order field to pick the courier; the code under it for typing by hand. Styles: slip.css and badge-card.css.
 */
export function BadgeCard({ name, badge, language, paperWidth }: BadgeCardProps) {
  const t = dictionaries[language].badgeCard
  return (
    <article className={`slip slip-${paperWidth}mm badge-card`} lang={language} data-paper-mm={paperWidth}>
      <p className="slip-title">{t.title}</p>
      <p className="badge-card-name">{name}</p>
      <SlipQr text={badgeQrText(badge)} label={t.qrLabel(badge)} />
      <p className="badge-card-code">{badge}</p>
      <p className="slip-hint">{t.hint}</p>
    </article>
  )
}
