import { TonePlayer } from '../../../../../renderer/lib/tones/tones.js';
import { FakeTime } from '../../../main/scanner/fakes.js';

export interface PlayedNote {
  freq: number;
  start: number;
  stop: number;
}

/**
 * Just enough of an AudioContext: a clock that runs on the fake time while "running" and stands
 * still while suspended (or stalled, like a busy device), suspend/resume that take effect a
 * microtask later in call order, and the notes scheduled on it. holdUntilGesture() makes it a context
 * the browser keeps suspended until the user first clicks or types in the window: resume() stays
 * pending until gesture().
 */
export class FakeAudioContext {
  state: 'running' | 'suspended' = 'running';
  readonly notes: PlayedNote[] = [];
  readonly destination = {};
  suspends = 0;
  /** The clock when the last suspend was asked for. */
  suspendedAt = NaN;
  #time: FakeTime;
  #clock = 0;
  #since: number | null;
  #queue: Promise<void> = Promise.resolve();
  #held = false;
  #waiting: (() => void)[] = [];

  constructor(time: FakeTime) {
    this.#time = time;
    this.#since = time.now();
  }
  get currentTime(): number {
    return this.#clock + (this.#since === null ? 0 : (this.#time.now() - this.#since) / 1000);
  }
  stall(on: boolean): void {
    if (on && this.#since !== null) {
      this.#clock = this.currentTime;
      this.#since = null;
    } else if (!on && this.#since === null) this.#since = this.#time.now();
  }
  suspend(): Promise<void> {
    this.suspends++;
    this.suspendedAt = this.currentTime;
    return (this.#queue = this.#queue.then(() => {
      this.stall(true);
      this.state = 'suspended';
    }));
  }
  holdUntilGesture(): void {
    this.#held = true;
    this.stall(true);
    this.state = 'suspended';
  }
  /** The first click or key: a context the page asked to resume starts, and its resume() settles. */
  gesture(): void {
    if (!this.#held) return;
    this.#held = false;
    if (this.#waiting.length === 0) return;
    this.stall(false);
    this.state = 'running';
    for (const settle of this.#waiting.splice(0)) settle();
  }
  resume(): Promise<void> {
    if (this.#held) return new Promise((settle) => this.#waiting.push(settle));
    return (this.#queue = this.#queue.then(() => {
      this.stall(false);
      this.state = 'running';
    }));
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: (to: unknown) => to,
    };
  }
  createOscillator() {
    const notes = this.notes;
    const note: PlayedNote = { freq: 0, start: NaN, stop: NaN };
    return {
      type: 'sine',
      frequency: {
        set value(f: number) {
          note.freq = f;
        },
      },
      connect: (to: unknown) => to,
      start: (t: number) => (note.start = t),
      stop: (t: number) => {
        note.stop = t;
        notes.push(note);
      },
    };
  }
}

export function setup() {
  const time = new FakeTime();
  const ctx = new FakeAudioContext(time);
  // The fake stands in for the page's AudioContext: only the members TonePlayer uses exist.
  const player = new TonePlayer({
    newContext: () => ctx as unknown as AudioContext,
    now: () => time.now(),
    setTimeout: (fn, ms) => time.setTimeout(fn, ms),
    clearTimeout: (id) => time.clearTimeout(id),
  });
  // Timers fire, then the suspend/resume they started settles (as the page's event loop would).
  const advance = async (ms: number) => {
    time.advance(ms);
    await flush();
  };
  return { time, ctx, player, advance };
}
export const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
