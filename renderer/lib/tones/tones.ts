/// <reference lib="dom" />
/**
 * Distinct sounds per outcome, made with Web Audio (no files to load). A success is one short
 * high beep; each guard has its own shape so a user hears *which* problem without looking.
 */
export type Tone =
  | 'success'
  | 'error'
  | 'duplicate'
  | 'occupied'
  | 'wrong-plate'
  | 'unknown'
  | 'info'
  | 'expired'
  | 'double-read'
  | 'control-well';

interface Note {
  freq: number;
  ms: number;
  type: OscillatorType;
}
const TONES: Record<Tone, Note[]> = {
  success: [{ freq: 1760, ms: 70, type: 'sine' }],
  info: [
    { freq: 1320, ms: 50, type: 'sine' },
    { freq: 1760, ms: 50, type: 'sine' },
  ],
  error: [{ freq: 220, ms: 350, type: 'square' }],
  duplicate: [
    { freq: 440, ms: 90, type: 'square' },
    { freq: 440, ms: 90, type: 'square' },
  ],
  occupied: [
    { freq: 660, ms: 120, type: 'triangle' },
    { freq: 330, ms: 200, type: 'triangle' },
  ],
  'wrong-plate': [
    { freq: 300, ms: 120, type: 'sawtooth' },
    { freq: 300, ms: 120, type: 'sawtooth' },
    { freq: 300, ms: 120, type: 'sawtooth' },
  ],
  unknown: [
    { freq: 520, ms: 150, type: 'triangle' },
    { freq: 780, ms: 150, type: 'triangle' },
  ],
  // Rising then held: "this well is reserved", a question, not a refusal.
  'control-well': [
    { freq: 587, ms: 90, type: 'triangle' },
    { freq: 880, ms: 220, type: 'triangle' },
  ],
  // A soft low tick: nothing went wrong, the scanner only read the same tube twice.
  'double-read': [{ freq: 330, ms: 45, type: 'sine' }],
  // Falling, unlike every other tone: the pack was read, but it is past its expiry date.
  expired: [
    { freq: 990, ms: 110, type: 'sine' },
    { freq: 740, ms: 110, type: 'sine' },
    { freq: 495, ms: 220, type: 'sine' },
  ],
};

export class TonePlayer {
  #ctx: AudioContext | null = null;
  enabled = true;

  /**
   * Opens the audio context ahead of the first scan, at an idle moment: making one takes ~100 ms
   * (the audio device opens), and inside play() that delayed the first scan's flash by as much.
   */
  warm(): void {
    if (!this.enabled) return;
    try {
      this.#ctx ??= new AudioContext();
    } catch {
      // No audio: play() will say nothing, as before.
    }
  }

  play(tone: Tone): void {
    if (!this.enabled) return;
    try {
      this.#ctx ??= new AudioContext();
      const ctx = this.#ctx;
      // Warmed before any user gesture, a browser keeps the context suspended; a scan after one
      // may start it (the same rule that applied when it was made on the first scan).
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      let t = ctx.currentTime;
      for (const n of TONES[tone]) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = n.type;
        osc.frequency.value = n.freq;
        gain.gain.setValueAtTime(0.15, t);
        gain.gain.exponentialRampToValueAtTime(0.001, t + n.ms / 1000);
        osc.connect(gain).connect(ctx.destination);
        osc.start(t);
        osc.stop(t + n.ms / 1000);
        t += n.ms / 1000 + 0.03;
      }
    } catch {
      // No audio device (or autoplay refused): the flash and the last-scan line still say it.
    }
  }
}
