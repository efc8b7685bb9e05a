import { MAX_SCAN_LENGTH, type KeyboardLayoutName } from '../../shared/barcode/scanner-settings.js';
import { incompleteScan, previewText, type IncompleteScan } from './dropped-read.js';
import {
  controlCharacter,
  KEY_BACKSPACE,
  KEY_CAPS_LOCK,
  KEY_ENTER,
  KEY_ERROR_ROLLOVER,
  KEY_KP_ENTER,
  KEY_TAB,
  keypadDigit,
  LAYOUTS,
  type KeyCharacters,
} from '../../shared/barcode/keyboard-layouts.js';

/**
 * Turns 8-byte keyboard boot reports (modifiers, reserved, six key slots) into scans.
 * A report lists every key currently down, so a key is "typed" only in the report where it
 * first appears: a key held across reports is not repeated, and several new keys in one report
 * (rollover) are typed in slot order. Releases need no handling beyond forgetting the key.
 */
export interface KeyboardDecoderOptions {
  layout: KeyboardLayoutName;
  terminators: ReadonlyArray<'enter' | 'tab'>;
  /** Told when keys are dropped (a read past MAX_READ_CHARS), so the bench can say why. */
  onDropped?: (message: string) => void;
}

/** As for HID POS reads: more than any barcode holds is a stuck key or a flood, not a read. */
export const MAX_READ_CHARS = MAX_SCAN_LENGTH;
/** Alt+0255 is the longest Alt code; more digits are not a character. */
const MAX_ALT_DIGITS = 4;

export interface KeyboardScan {
  text: string;
  startedAt: number;
  at: number;
  terminator: 'enter' | 'tab' | 'idle';
}

const MOD_LCTRL = 0x01;
const MOD_LSHIFT = 0x02;
const MOD_LALT = 0x04;
const MOD_RCTRL = 0x10;
const MOD_RSHIFT = 0x20;
const MOD_RALT = 0x40;

export class KeyboardReportDecoder {
  private down = new Set<number>();
  private text = '';
  private startedAt = 0;
  private lastAt = 0;
  private capsLock = false;
  private dead: string | null = null;
  private altCode = '';
  private prevModifiers = 0;
  /** After a read ran past MAX_READ_CHARS: keys are skipped until its terminator or silence. */
  private discarding = false;

  constructor(private readonly options: KeyboardDecoderOptions) {}

  get hasPending(): boolean {
    return this.text.length > 0 || this.dead !== null || this.altCode.length > 0 || this.discarding;
  }

  get lastKeyAt(): number {
    return this.lastAt;
  }

  push(report: Uint8Array, at: number): KeyboardScan[] {
    // Composite devices prefix the boot report with a report ID: 9 bytes instead of 8.
    const r = report.length === 9 ? report.subarray(1) : report;
    if (r.length < 8) return [];
    const slots = Array.from(r.subarray(2, 8));
    // All slots ErrorRollOver: too many keys down, the report says nothing about which.
    if (slots.includes(KEY_ERROR_ROLLOVER)) return [];
    const modifiers = r[0]!;
    const out: KeyboardScan[] = [];

    // Alt released after Alt+keypad digits: the digits were a character code.
    if (this.prevModifiers & MOD_LALT && !(modifiers & MOD_LALT) && this.altCode) {
      this.append(String.fromCharCode(Number(this.altCode) & 0xff), at);
      this.altCode = '';
    }
    this.prevModifiers = modifiers;

    const current = new Set<number>();
    for (const code of slots) {
      if (code === 0) continue;
      current.add(code);
      if (this.down.has(code)) continue; // still held from the previous report: not a new keystroke
      const scan = this.press(code, modifiers, at);
      if (scan) out.push(scan);
    }
    this.down = current;
    return out;
  }

  /** Ends a read that had no terminator once the scanner has gone quiet. */
  idle(at: number, idleMs: number): KeyboardScan[] {
    if (!this.hasPending || at - this.lastAt < idleMs) return [];
    this.discarding = false;
    if (this.dead) this.append(this.dead, this.lastAt);
    this.dead = null;
    this.altCode = '';
    const scan = this.take(at, 'idle');
    return scan ? [scan] : [];
  }

  /** The device is closing: a read under way is lost, and said so (one already dropped as too long was said). */
  abandon(why: string): IncompleteScan | null {
    const partial = this.text + (this.dead ?? '');
    const lost = partial.length > 0 || this.altCode.length > 0;
    this.reset();
    return lost ? incompleteScan(previewText(partial), why) : null;
  }

  reset(): void {
    this.down.clear();
    this.discarding = false;
    this.text = '';
    this.dead = null;
    this.altCode = '';
    this.prevModifiers = 0;
  }

  private press(code: number, modifiers: number, at: number): KeyboardScan | null {
    const shift = (modifiers & (MOD_LSHIFT | MOD_RSHIFT)) !== 0;
    const ctrl = (modifiers & (MOD_LCTRL | MOD_RCTRL)) !== 0;
    const alt = (modifiers & MOD_LALT) !== 0;
    // Scanners emulating a Windows keyboard send AltGr as Ctrl+Alt (as the wedge reads it too).
    const altGr = (modifiers & MOD_RALT) !== 0 || (ctrl && alt);

    if (code === KEY_ENTER || code === KEY_KP_ENTER) return this.terminate('enter', at);
    if (code === KEY_TAB) return this.terminate('tab', at);
    if (code === KEY_CAPS_LOCK) {
      this.capsLock = !this.capsLock;
      return null;
    }
    if (code === KEY_BACKSPACE) {
      this.text = this.text.slice(0, -1);
      return null;
    }
    if (alt && !ctrl) {
      const digit = keypadDigit(code);
      if (digit !== null) {
        if (!this.altCode) this.flushDead(at); // the accent was typed before the coded character
        if (!this.text && !this.altCode) this.startedAt = at;
        if (this.altCode.length < MAX_ALT_DIGITS) this.altCode += digit;
        this.lastAt = at;
        return null;
      }
    }
    if (ctrl && !altGr) {
      const control = controlCharacter(code);
      if (control) {
        this.flushDead(at); // a control character does not compose: the accent comes first, alone
        this.append(control, at);
      }
      return null;
    }
    const key = LAYOUTS[this.options.layout].get(code);
    if (!key) return null; // function keys, arrows: not part of barcode data
    this.typeKey(key, shift, altGr, at);
    return null;
  }

  private typeKey(key: KeyCharacters, shift: boolean, altGr: boolean, at: number): void {
    let ch: string;
    if (altGr) {
      if (!key.altGr) return;
      ch = key.altGr;
    } else {
      ch = shift ? key.shift : key.base;
      // A letter is a key whose Shift gives its capital, wherever the layout puts it: AZERTY's M sits on
      // the US ";" key and its "," on the US M, and QWERTZ's umlauts take Caps Lock too.
      const isLetter = key.base !== key.shift && key.base.toUpperCase() === key.shift;
      if (this.capsLock && isLetter) ch = shift ? key.base : key.shift;
    }
    const isDead = !altGr && (shift ? key.deadShift : key.dead);
    if (this.dead !== null) {
      // Dead key + space yields the accent itself; anything else: we do not compose, keep both.
      const accent = this.dead;
      this.dead = null;
      this.append(ch === ' ' ? accent : accent + ch, at);
      return;
    }
    if (isDead) {
      if (!this.text) this.startedAt = at;
      this.dead = ch;
      this.lastAt = at;
      return;
    }
    this.append(ch, at);
  }

  private flushDead(at: number): void {
    if (this.dead === null) return;
    const accent = this.dead;
    this.dead = null;
    this.append(accent, at);
  }

  private append(ch: string, at: number): void {
    this.lastAt = at;
    if (this.discarding) return;
    if (this.text.length + ch.length > MAX_READ_CHARS) {
      const head = this.text.slice(0, 40);
      this.text = '';
      this.discarding = true;
      this.options.onDropped?.(
        `A read longer than ${MAX_READ_CHARS} characters ("${head}…") was dropped: no barcode is that long. ` +
          'Check the scanner (a key stuck down, or a wrong terminator setting).',
      );
      return;
    }
    if (!this.text) this.startedAt = at;
    this.text += ch;
  }

  private terminate(which: 'enter' | 'tab', at: number): KeyboardScan | null {
    if (!this.options.terminators.includes(which)) return null;
    if (this.discarding) {
      this.discarding = false;
      this.lastAt = at;
      return null;
    }
    if (this.dead) this.append(this.dead, at);
    this.dead = null;
    return this.take(at, which);
  }

  private take(at: number, terminator: KeyboardScan['terminator']): KeyboardScan | null {
    const text = this.text;
    this.text = '';
    this.lastAt = at;
    if (!text) return null; // a bare Enter is not a scan
    return { text, startedAt: this.startedAt, at, terminator };
  }
}
