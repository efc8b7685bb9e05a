import { TonePlayer, type Tone } from '../tones/tones.js';

export type FlashKind = 'good' | 'bad' | 'warn' | 'info' | 'expired';

export interface LastScan {
  text: string;
  /** What happened, in words: "S-0012 → C5", "Duplicate: S-0012 is already in A3". */
  outcome: string;
  kind: FlashKind;
  /** Said after the outcome without replacing it: a double read of the code this line answers. */
  note?: string;
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

  /**
   * Something about a read that does not change what happened to it (a double read). When the line
   * already answers that code, the answer stays, in its colour ("Scan a plate or box first" must not
   * turn into a blue "ignored"), and the words go beside it with their own tone. Otherwise (the first
   * read is still being answered, or the line is about something else) they are the line, until the
   * answer comes.
   */
  aside(text: string, words: string, tone: Tone, mainAt: number | null = null): void {
    const last = this.last;
    if (!last || last.text === '' || last.text !== text) return this.report(text, words, tone, mainAt);
    this.last = { ...last, note: words };
    this.tones.play(tone);
  }
}
