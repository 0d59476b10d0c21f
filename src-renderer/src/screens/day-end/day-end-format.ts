// How the courier's day reads on the screen, in the return dialog and on the day-end slip: one home for each.
import type { BranchLine } from '../../../../src-shared/couriers.ts'
import type { Language } from '../../../../src-shared/domain.ts'
import { formatKurus, type ParsedKurus, parseKurus } from '../../../../src-shared/money.ts'
import type { Messages } from '../../i18n/index.ts'

/** "kasa tam" / "açık var: -12,50 ₺" / "fazla: +12,50 ₺": handed in minus to collect, in kuruş. */
function balanceText(differenceKurus: number, t: Messages, language: Language): string {
  const texts = t.courierReturn
  if (differenceKurus === 0) return texts.even
  const amount = formatKurus(differenceKurus, language)
  return differenceKurus < 0 ? texts.short(amount) : texts.over(amount)
}

/**
 * A courier's or the total's balance as the core settled it (issue 28): still carrying bags is "out", never
 * "açık var"; a bag whose cash cannot be known is "? kontrol edin", never "kasa tam"; else the difference.
 */
export function lineBalance(
  line: {
    balance: string
    differenceKurus: number
    bags?: readonly { carried: boolean; refused: boolean }[]
  },
  t: Messages,
  language: Language,
): { text: string; className: string } {
  if (line.balance === 'out') {
    const carried = (line.bags ?? []).filter((bag) => bag.carried && !bag.refused).length
    return { text: t.courierCash.out(carried), className: 'balance balance-out' }
  }
  if (line.balance === 'unknown') return { text: t.courierCash.unknown, className: 'balance balance-unknown' }
  return {
    text: balanceText(line.differenceKurus, t, language),
    className: `balance balance-${balanceClass(line.differenceKurus)}`,
  }
}

/** The class a balance is drawn with: even, short (a shortfall), over. */
function balanceClass(differenceKurus: number): 'even' | 'short' | 'over' {
  return differenceKurus === 0 ? 'even' : differenceKurus < 0 ? 'short' : 'over'
}

/** `2026-11-25` as staff read a date: 25.11.2026 (Turkish), 25/11/2026 (English). */
export function dayText(day: string, language: Language): string {
  const [year, month, date] = day.split('-')
  return language === 'tr' ? `${date}.${month}.${year}` : `${date}/${month}/${year}`
}

type MoneyProblem = Extract<ParsedKurus, { ok: false }>['problem']

/** What staff typed for an amount: kuruş, or the line that says what to fix. */
export function readAmount(
  text: string,
  t: Messages,
): { ok: true; kurus: number } | { ok: false; problem: MoneyProblem; message: string } {
  const parsed = parseKurus(text)
  if (parsed.ok) return parsed
  const money = t.courierReturn.money
  if (parsed.problem === 'ambiguous') {
    // One separator and three digits after it (parseKurus): the line quotes what was typed, not an example.
    const [whole = '', fraction = ''] = text.replace(/[^0-9.,]/g, '').split(/[.,]/)
    return { ok: false, problem: parsed.problem, message: money.ambiguous(text.trim(), whole, fraction) }
  }
  return { ok: false, problem: parsed.problem, message: money[parsed.problem] }
}

/** A branch line's name: its name when the session lists it, its id otherwise, "Şubesiz" for none. */
export function branchText(line: BranchLine, t: Messages): string {
  if (line.branch === null) return t.dayEnd.noBranch
  return line.branchName ?? line.branch
}

/** The split by branch is worth showing only when some order carries a branch. */
export function showsBranches(lines: readonly BranchLine[]): boolean {
  return lines.some((line) => line.branch !== null)
}
