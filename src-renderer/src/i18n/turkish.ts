// Turkish grammar the texts need where a name is put into a sentence.

const BACK_VOWELS = 'aıou'
const VOWELS = 'aeıioöuü'

/**
 * A name in the dative case, with the apostrophe Turkish writes after a proper name: Ahmet’e, Ayşe’ye, Burak’a,
 * Ali’ye, Oğuz’a. The suffix follows the name's last vowel (vowel harmony), and takes a buffer `y` after a
 * vowel. A name with no Turkish vowel (an abbreviation) gets `’e`, which reads right for most of them.
 */
export function turkishDative(name: string): string {
  const lower = name.trim().toLocaleLowerCase('tr')
  const last = lower.match(/[aeıioöuü]/gu)?.at(-1)
  const suffix = last !== undefined && BACK_VOWELS.includes(last) ? 'a' : 'e'
  const endsInVowel = VOWELS.includes(lower.at(-1) ?? '')
  return `${name.trim()}’${endsInVowel ? 'y' : ''}${suffix}`
}
