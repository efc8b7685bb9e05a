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

/** What TonePlayer needs from the page; tests hand it a fake context and manual timers. */
export interface TonePlatform {
  newContext(): AudioContext;
  /** Milliseconds on the page's clock: the audio clock stands still while the context waits. */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const PAGE: TonePlatform = {
  newContext: () => new AudioContext(),
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Silence after the last note before the context is suspended. A running context wakes two audio
 * threads every 10 ms to render silence, each wake-up competing with the scan path on a 2-core
 * bench PC; resuming costs ~2 ms (README, Performance), so a tone after a pause is not late.
 * A few seconds keeps a steady run of scans from suspending and resuming between every tube.
 */
const IDLE_MS = 3000;

/**
 * How late a tone may still sound. Waking from the idle suspend takes a few ms; a context the
 * browser holds until the first click or key in the window can wait minutes, and the tones of the
 * scans made meanwhile would then all sound at once: a burst that answers no scan and can be taken
 * for an error. A tone later than this is left out (the flash and the last-scan line said it).
 */
const STALE_MS = 300;

export class TonePlayer {
  #ctx: AudioContext | null = null;
  /** Context time the last scheduled note stops: suspending before then would cut it off. */
  #endsAt = 0;
  #idleTimer: unknown = null;
  /** This player asked for a suspend; the context may still say "running" until it takes effect. */
  #resting = false;
  enabled = true;

  constructor(private readonly platform: TonePlatform = PAGE) {}

  /**
   * Opens the audio context ahead of the first scan, at an idle moment: making one takes ~100 ms
   * (the audio device opens), and inside play() that delayed the first scan's flash by as much.
   */
  warm(): void {
    if (!this.enabled) return;
    try {
      this.#ctx ??= this.platform.newContext();
      // A session may go a while before its first scan: no reason to render silence meanwhile.
      this.#armIdle(this.#ctx);
    } catch {
      // No audio: play() will say nothing, as before.
    }
  }

  /** Fire-and-forget: never waits for the audio device, so the scan path is not held up. */
  play(tone: Tone): void {
    if (!this.enabled) return;
    try {
      const ctx = (this.#ctx ??= this.platform.newContext());
      this.#clearIdle();
      if (ctx.state === 'running' && !this.#resting) {
        this.#schedule(ctx, tone);
        return;
      }
      // Suspended by the idle timer, or by the browser until a user gesture (a scan after one may
      // start it). Its clock is stopped, so the notes are placed once it runs again: placed on a
      // frozen clock they could start before a pending suspend took effect and be cut in two.
      this.#resting = false;
      const asked = this.platform.now();
      ctx.resume().then(
        () => {
          if (this.platform.now() - asked <= STALE_MS) this.#schedule(ctx, tone);
          // Too late to mean anything: nothing sounds, and the context, running now, sleeps again.
          else this.#armIdle(ctx);
        },
        () => undefined,
      );
    } catch {
      // No audio device (or autoplay refused): the flash and the last-scan line still say it.
    }
  }

  #schedule(ctx: AudioContext, tone: Tone): void {
    try {
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
        this.#endsAt = Math.max(this.#endsAt, t + n.ms / 1000);
        t += n.ms / 1000 + 0.03;
      }
      this.#armIdle(ctx);
    } catch {
      // As in play(): the screen has already said it.
    }
  }

  /** (Re)starts the wait: IDLE_MS after the last scheduled note has stopped. */
  #armIdle(ctx: AudioContext): void {
    this.#clearIdle();
    const left = Math.max(0, this.#endsAt - ctx.currentTime) * 1000;
    this.#idleTimer = this.platform.setTimeout(() => this.#rest(ctx), left + IDLE_MS);
  }

  #clearIdle(): void {
    if (this.#idleTimer !== null) this.platform.clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  #rest(ctx: AudioContext): void {
    this.#idleTimer = null;
    if (ctx.state !== 'running') return;
    // The audio clock can fall behind the page's timers (a busy or stalled device): a note still
    // to sound keeps the context running until it has, and the full wait starts again after it.
    if (ctx.currentTime < this.#endsAt) {
      this.#armIdle(ctx);
      return;
    }
    this.#resting = true;
    ctx.suspend().catch(() => undefined);
  }
}
