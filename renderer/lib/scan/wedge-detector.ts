import { controlCharacter } from './control-keys.js';
import {
  wedgeMaxGap,
  wedgeSettings,
  type WedgeSettings,
  type WedgeSettingsInput,
} from '../../../shared/barcode/scanner-settings.js';

/**
 * Tells a keyboard-wedge scanner burst from human typing, one keystroke at a time, with no
 * DOM: fed `{ key, at }` (KeyboardEvent.key and .timeStamp), it answers whether to hold the
 * key back (it may belong to a scan), let it through (typing), or consume it (a scan's
 * terminator). Held keys that turn out to be typing come back in `release`, in order, for the
 * caller to re-insert — so a scan leaves nothing in a focused field and typing loses nothing.
 *
 * Why timing works: scanners "type" every key 2–15 ms apart over USB, 20–60 ms over Bluetooth;
 * people rarely manage even two keys under 50 ms, and never minLength keys plus Enter.
 */
export interface WedgeKey {
  key: string;
  at: number;
  ctrl?: boolean;
  alt?: boolean;
  meta?: boolean;
  /** KeyboardEvent.repeat: auto-repeat of a held key arrives at scanner speed but is typing. */
  repeat?: boolean;
  /**
   * Given back as typing, this key would do nothing where it lands (no field has focus: the page
   * is still drawing its screen, or the screen has no scan field). Holding it longer costs the
   * person nothing, while judging it typing there loses it from the scan it begins.
   */
  inert?: boolean;
}

export interface WedgeScan {
  text: string;
  startedAt: number;
  at: number;
  durationMs: number;
  keys: number;
  terminator: 'Enter' | 'Tab' | 'suffix' | 'idle';
}

export type WedgeAction = 'hold' | 'pass' | 'consume';

export interface WedgeDecision {
  /** hold/consume: preventDefault the key; pass: let the browser handle it. */
  action: WedgeAction;
  /** Keys held earlier that are typing after all: insert them now, before this key. */
  release: string[];
  scan?: WedgeScan;
}

export interface WedgeTick {
  release: string[];
  scan?: WedgeScan;
}

const MODIFIER_KEYS = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'CapsLock',
  'NumLock',
  'Fn',
  'OS',
  'Hyper',
  'Super',
]);

/** Typing this recent before a burst makes its first keys suspect (see tryScan). */
const TYPING_CONTEXT_MS = 400;

/**
 * The gap allowed between keys that do nothing where they land (WedgeKey.inert). A page still
 * loading delivers a scanner's first keys 50–160 ms apart in Chromium right after load, and up to
 * 450 ms on a loaded machine (measured, keys injected as Playwright types them), far beyond any
 * profile's gap; nobody types into the void and picks up a scanner within this.
 */
export const INERT_GAP_MS = 500;

interface Held {
  ch: string;
  at: number;
  inert: boolean;
}

function isPrintable(key: string): boolean {
  return [...key].length === 1;
}

export class WedgeDetector {
  private settings: WedgeSettings;
  private maxGap: number;
  private held: Held[] = [];
  /**
   * After a scan ended by its suffix or a terminator, a trailing Enter/Tab from the scanner (the
   * second half of a CR+LF or Enter+Tab suffix) is swallowed until this time: passed on, it would
   * submit a form or move focus.
   */
  private swallowTerminatorUntil = -Infinity;
  /** When the person last typed (a key released or passed as typing), and the key before. */
  private lastTypingAt = -Infinity;
  private prevTypingAt = -Infinity;

  constructor(input: WedgeSettingsInput = {}) {
    this.settings = wedgeSettings.parse(input);
    this.maxGap = wedgeMaxGap(this.settings);
  }

  /**
   * New settings; returns the held keys given back. A read under way stays held while the detector
   * stays on: the page applies its settings as it loads, often mid-way through the first scan.
   */
  configure(input: WedgeSettingsInput): string[] {
    this.settings = wedgeSettings.parse(input);
    this.maxGap = wedgeMaxGap(this.settings);
    return this.settings.enabled ? [] : this.reset();
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  get profile(): 'usb' | 'bluetooth' {
    return this.settings.profile;
  }

  /** When the caller should call tick() if no key arrives first; null when nothing is held. */
  nextDeadline(): number | null {
    const last = this.held.at(-1);
    return last ? last.at + this.allowedGap() + 1 : null;
  }

  /** Whether every held key would do nothing given back where it was typed (see WedgeKey.inert). */
  heldInert(): boolean {
    return this.held.length > 0 && this.held.every((h) => h.inert);
  }

  /** Gives back everything held (focus moved, detector turned off). */
  reset(): string[] {
    const out = this.held.map((h) => h.ch);
    this.held = [];
    return out;
  }

  /** Gives held keys back as typing and remembers when typing last happened. */
  private releaseAll(): string[] {
    for (const h of this.held) this.noteTyping(h.at);
    return this.reset();
  }

  private noteTyping(at: number): void {
    if (at <= this.lastTypingAt) return;
    this.prevTypingAt = this.lastTypingAt;
    this.lastTypingAt = at;
  }

  key(k: WedgeKey): WedgeDecision {
    if (!this.settings.enabled) return { action: 'pass', release: this.reset() };
    if (MODIFIER_KEYS.has(k.key)) return { action: 'pass', release: [] }; // Shift between capitals belongs to the burst
    if (k.repeat) return this.passTyping(k.at); // scanners press every key afresh; only a held key repeats
    const last = this.held.at(-1);
    const gap = last ? k.at - last.at : 0;

    // Some scanners send GS (FNC1) as Ctrl+] and RS as Ctrl+^; inside a burst it is data, elsewhere a shortcut.
    const control = controlCharacter({ key: k.key, ctrl: k.ctrl === true, alt: k.alt === true, meta: k.meta === true });
    if (control && last && gap <= this.allowedGap()) {
      this.held.push({ ch: control, at: k.at, inert: k.inert === true });
      return { action: 'hold', release: [] };
    }
    const altGr = k.ctrl && k.alt; // Windows reports AltGr as Ctrl+Alt
    if (((k.ctrl || k.alt) && !altGr) || k.meta) return this.passTyping(k.at); // shortcuts

    if (isPrintable(k.key)) return this.character(k.key, k.at, gap, k.inert === true);
    if (this.isTerminator(k.key)) return this.terminator(k.key as 'Enter' | 'Tab', k.at, gap);
    return this.passTyping(k.at); // Backspace, arrows, Escape: the person is editing
  }

  private passTyping(at: number): WedgeDecision {
    const release = this.releaseAll();
    this.noteTyping(at);
    return { action: 'pass', release };
  }

  tick(now: number): WedgeTick {
    const last = this.held.at(-1);
    if (!last || now - last.at <= this.allowedGap()) return { release: [] };
    if (!this.settings.requireTerminator) {
      const scan = this.tryScan(now, 'idle');
      if (scan) return scan;
    }
    return { release: this.releaseAll() };
  }

  private character(ch: string, at: number, gap: number, inert: boolean): WedgeDecision {
    let release: string[] = [];
    if (this.held.length > 0 && gap > this.allowedGap()) {
      // The burst is over. Without a required terminator it may have been a scan; else it was typing.
      const idle = this.settings.requireTerminator ? null : this.tryScan(this.held.at(-1)!.at, 'idle');
      if (idle?.scan) {
        this.held.push({ ch, at, inert });
        return { action: 'hold', release: idle.release, scan: idle.scan };
      }
      release = this.releaseAll();
    }
    this.held.push({ ch, at, inert });
    const suffix = this.settings.suffix;
    if (suffix && this.heldText().endsWith(suffix) && this.heldText().length > suffix.length) {
      const done = this.tryScan(at, 'suffix');
      if (done) {
        this.swallowTerminatorUntil = at + this.maxGap;
        return { action: 'consume', release: [...release, ...done.release], scan: done.scan! };
      }
    }
    return { action: 'hold', release };
  }

  private terminator(key: 'Enter' | 'Tab', at: number, gap: number): WedgeDecision {
    if (this.held.length === 0) {
      if (at <= this.swallowTerminatorUntil) return { action: 'consume', release: [] };
      return { action: 'pass', release: [] };
    }
    if (gap <= this.allowedGap()) {
      const done = this.tryScan(at, key);
      if (done) {
        this.swallowTerminatorUntil = at + this.maxGap;
        return { action: 'consume', release: done.release, scan: done.scan! };
      }
    }
    const release = this.releaseAll();
    this.noteTyping(at);
    return { action: 'pass', release };
  }

  /**
   * The burst becomes a scan if it is long enough and fast on average. A first key typed by
   * hand just before the scanner fired shows as a gap far above the burst's rhythm: it is
   * given back as typing instead of being glued to the barcode. Not where typing does nothing
   * (inert keys): there a slow first gap is the page being busy, and giving the key back would
   * only cut it from the read.
   */
  private tryScan(at: number, terminator: WedgeScan['terminator']): WedgeTick | null {
    let keys = this.held;
    const release: string[] = [];
    const gaps = (ks: Held[]) => ks.slice(1).map((h, i) => h.at - ks[i]!.at);
    const givesBack = (ks: Held[]) => !ks[0]!.inert;
    while (keys.length > this.settings.minLength + 1 && givesBack(keys)) {
      const g = gaps(keys);
      const slowestRest = Math.max(...g.slice(1));
      if (g[0]! > 3 * slowestRest && g[0]! > 10) {
        release.push(keys[0]!.ch);
        keys = keys.slice(1);
      } else break;
    }
    // A burst that began right after typing may have swallowed the last typed keys: a person
    // needs far longer than this to pick up a scanner. Give back the keys before the first
    // gap too slow even for a jittery Bluetooth link (> 1.25 × maxGap), if the rest still
    // makes a read.
    if (keys[0]!.at - this.lastTypingAt < TYPING_CONTEXT_MS && givesBack(keys)) {
      const cut = gaps(keys).findIndex((g) => g > 1.25 * this.maxGap);
      if (cut >= 0 && cut < 3 && keys.length - (cut + 1) >= this.settings.minLength) {
        release.push(...keys.slice(0, cut + 1).map((h) => h.ch));
        keys = keys.slice(cut + 1);
      }
    }
    // Released keys at near-scanner speed right before this burst mean we are looking at the
    // tail of a read too slow for the profile (a Bluetooth scanner on the usb profile): taking
    // the tail as a scan would split the read, so all of it stays typing.
    const near = 2 * this.maxGap;
    if (
      release.length === 0 &&
      keys[0]!.at - this.lastTypingAt <= near &&
      this.lastTypingAt - this.prevTypingAt <= near
    )
      return null;
    let text = keys.map((h) => h.ch).join('');
    const { prefix, suffix } = this.settings;
    if (prefix && text.startsWith(prefix)) text = text.slice(prefix.length);
    if (suffix && terminator === 'suffix') text = text.slice(0, -suffix.length);
    const g = gaps(keys);
    const meanGap = g.length ? g.reduce((a, b) => a + b, 0) / g.length : 0;
    const prefixed =
      prefix !== '' &&
      keys
        .map((h) => h.ch)
        .join('')
        .startsWith(prefix);
    const meanLimit = prefixed ? 2 * this.maxGap : this.maxGap; // a prefix declares a scan; only absurd slowness refutes it
    if ((text.length < this.settings.minLength && !prefixed) || text.length === 0 || meanGap > meanLimit) return null;
    for (const h of this.held) if (h.at < keys[0]!.at) this.noteTyping(h.at); // the keys given back were typing
    this.held = [];
    const startedAt = keys[0]!.at;
    const scan: WedgeScan = {
      text,
      startedAt,
      at,
      durationMs: at - startedAt,
      keys: keys.length,
      terminator,
    };
    return { release, scan };
  }

  /**
   * Gap allowed before the next key. Up to maxGap always; beyond it (Bluetooth jitter, a busy
   * renderer) up to 2× maxGap as long as the burst's mean gap, this key included, stays at
   * scanner speed (≤ maxGap, plus a quarter gap of slack). A person's typing soon fails that
   * mean, so it is released after a short delay instead of being held; the final scan
   * decision (mean gap ≤ maxGap, minLength, terminator) stays strict. A burst that began with the
   * configured prefix is a scan by declaration and always gets 2× maxGap. Keys that would do
   * nothing given back (inert) get at least INERT_GAP_MS.
   */
  private allowedGap(): number {
    const n = this.held.length;
    if (n === 0) return this.maxGap;
    const timed = this.timedGap(n);
    return this.heldInert() ? Math.max(timed, INERT_GAP_MS) : timed;
  }

  private timedGap(n: number): number {
    const { prefix } = this.settings;
    if (prefix && this.heldText().startsWith(prefix)) return 2 * this.maxGap;
    const sum = this.held.at(-1)!.at - this.held[0]!.at;
    // n gaps once the next key arrives; a quarter gap of slack so one late key early in a read survives.
    const byMean = this.maxGap * (n + 0.25) - sum;
    return Math.max(this.maxGap, Math.min(2 * this.maxGap, byMean));
  }

  private heldText(): string {
    return this.held.map((h) => h.ch).join('');
  }

  private isTerminator(key: string): boolean {
    return (this.settings.terminators as readonly string[]).includes(key);
  }
}
