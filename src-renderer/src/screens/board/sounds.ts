// Optional short sounds (docs/decisions.md D44): WebAudio beeps, no audio files. A kitchen is loud; a short,
// distinct tone tells a read scan, a failure and a hand-over apart without looking.
export type BeepKind = 'scan' | 'failure' | 'handover'

const TONES: Record<BeepKind, { frequency: number; ms: number; type: OscillatorType }> = {
  scan: { frequency: 1320, ms: 60, type: 'sine' },
  failure: { frequency: 220, ms: 220, type: 'square' },
  handover: { frequency: 880, ms: 140, type: 'triangle' },
}

let context: AudioContext | undefined

/** Plays one short tone; silent where the page has no audio (tests, a locked-down browser). */
export function beep(kind: BeepKind): void {
  try {
    context ??= new AudioContext()
    const tone = TONES[kind]
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = tone.type
    oscillator.frequency.value = tone.frequency
    gain.gain.value = 0.08
    oscillator.connect(gain).connect(context.destination)
    oscillator.start()
    oscillator.stop(context.currentTime + tone.ms / 1000)
  } catch {
    // No sound is no failure: the words on screen say the same.
  }
}

/** The alarm's two tones, alternating: lower and harsher than the short sounds, so it is told apart in a kitchen. */
const ALARM_TONES = [988, 740, 988, 740, 988, 740] as const
const ALARM_TONE_S = 0.17
const ALARM_GAP_S = 0.05

/**
 * The alarm for an order waiting for a hand (docs/decisions.md D70): one burst of six alternating tones, about
 * 1.3 s. The core says when to ring again; the volume is the system's (the gain is fixed).
 */
export function playAlarm(): void {
  try {
    context ??= new AudioContext()
    // A page that has had a press may resume a context the browser suspended.
    if (context.state === 'suspended') void context.resume()
    const start = context.currentTime
    ALARM_TONES.forEach((frequency, index) => {
      if (!context) return
      const oscillator = context.createOscillator()
      const gain = context.createGain()
      oscillator.type = 'square'
      oscillator.frequency.value = frequency
      gain.gain.value = 0.25
      oscillator.connect(gain).connect(context.destination)
      const at = start + index * (ALARM_TONE_S + ALARM_GAP_S)
      oscillator.start(at)
      oscillator.stop(at + ALARM_TONE_S)
    })
  } catch {
    // No sound is no failure: the card and the banner say the same.
  }
}
