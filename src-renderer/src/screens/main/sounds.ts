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
