import { TonePlayer, type Tone } from '../tones/tones.js';

export type FlashKind = 'good' | 'bad' | 'warn' | 'info' | 'expired';

export interface LastScan {
  text: string;
  /** What happened, in words: "S-0012 → C5", "Duplicate: S-0012 is already in A3". */
  outcome: string;
  kind: FlashKind;
  /** Wall time main emitted the scan (HID / test scans), for scan-to-screen measurement. */
  mainAt: number | null;
  seq: number;
}

const TONE_FLASH: Record<Tone, FlashKind> = {
  success: 'good',
  info: 'info',
  error: 'bad',
  duplicate: 'bad',
  occupied: 'warn',
  'wrong-plate': 'bad',
  unknown: 'warn',
  expired: 'expired',
  'double-read': 'info',
  'control-well': 'warn',
};

/** The acknowledgement of every scan: a tone, a big flash and the last-scan line (aria-live). */
export class Feedback {
  last = $state<LastScan | null>(null);
  flash = $state<{ kind: FlashKind; seq: number } | null>(null);
  readonly tones = new TonePlayer();
  #seq = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * The screen changed: a question in the headline ("Use it anyway?") belongs to the screen that
   * asked it and cannot be answered from another, so it goes.
   */
  leaveScreen(): void {
    if (this.last?.outcome.trimEnd().endsWith('?')) this.last = null;
  }

  report(text: string, outcome: string, tone: Tone, mainAt: number | null = null): void {
    const kind = TONE_FLASH[tone];
    this.#seq++;
    this.last = { text, outcome, kind, mainAt, seq: this.#seq };
    this.flash = { kind, seq: this.#seq };
    this.tones.play(tone);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => (this.flash = null), kind === 'good' ? 250 : 700);
  }
}
