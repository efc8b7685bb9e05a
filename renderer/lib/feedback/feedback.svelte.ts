import { TonePlayer, type Tone } from '../tones/tones.js';
import type { OutboxChanged, OutboxEntryState } from '../../../shared/ipc/channels/outbox.js';

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
  /** The outbox entries the scan saved (about): what becomes of them later is said on this line. */
  entries?: readonly number[];
}

/**
 * What the line says of its scan's entry that did not go as saved, after the answer: the line kept its
 * green "S-0017 → D1" while the change was held, refused or discarded, and nothing on the screen said the
 * tube was not placed.
 */
const LATER: Partial<Record<OutboxEntryState, string>> = {
  failed: 'then not sent as it stands: it needs you in the Outbox',
  uncertain: 'then unsure whether it arrived: see the Outbox',
  discarded: 'then discarded in the Outbox: not recorded',
  cancelled: 'then cancelled: not recorded',
};

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

  /** The entries the last scan saved, answered just now: what becomes of them is said on its line. */
  about(entries: readonly number[]): void {
    if (this.last && entries.length > 0) this.last = { ...this.last, entries };
  }

  /** Follows the outbox's news of entries (entriesChanged), as the app does; answers the way to stop. */
  followOutbox(outbox: { onChange(l: (changes: OutboxChanged['changes']) => void): () => void }): () => void {
    return outbox.onChange((changes) => this.entriesChanged(changes));
  }

  /**
   * News of outbox entries: when one the line's scan saved failed, was held, or was discarded or cancelled,
   * the line says so in amber, without a tone (the bench may be on its next tube; the line is what they
   * look back at). Sent, or a newer scan on the line: nothing to say.
   */
  entriesChanged(changes: readonly { id: number; state: OutboxEntryState }[]): void {
    const last = this.last;
    if (!last?.entries) return;
    const news = changes.find((c) => last.entries!.includes(c.id) && LATER[c.state] !== undefined);
    if (news) this.last = { ...last, kind: 'warn', note: LATER[news.state]! };
    // Sent after all (Send anyway, Retry): said so, where the line had said it was not.
    else if (last.kind === 'warn' && changes.some((c) => last.entries!.includes(c.id) && c.state === 'done'))
      this.last = { ...last, kind: 'good', note: 'then sent' };
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
