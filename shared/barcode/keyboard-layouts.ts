import type { KeyboardLayoutName } from './scanner-settings.js';

/**
 * USB HID keyboard usage IDs (HID Usage Tables, page 0x07) to characters, per keyboard layout.
 * A scanner in keyboard mode "types" the barcode as key presses for the layout it is
 * programmed for; we must read them with the same layout or `Z`/`Y` and symbols come out wrong.
 */
export interface KeyCharacters {
  base: string;
  shift: string;
  /** AltGr (right Alt) character, where the layout has one. */
  altGr?: string;
  /** A dead key: it combines with the next key; followed by space it yields itself. */
  dead?: boolean;
  deadShift?: boolean;
}

export type KeyTable = ReadonlyMap<number, KeyCharacters>;

export const KEY_ENTER = 0x28;
export const KEY_ESCAPE = 0x29;
export const KEY_BACKSPACE = 0x2a;
export const KEY_TAB = 0x2b;
export const KEY_CAPS_LOCK = 0x39;
export const KEY_KP_ENTER = 0x58;
export const KEY_ERROR_ROLLOVER = 0x01;

function build(entries: Array<[number, string, string, string?]>): Map<number, KeyCharacters> {
  const m = new Map<number, KeyCharacters>();
  for (const [code, base, shift, altGr] of entries) m.set(code, altGr ? { base, shift, altGr } : { base, shift });
  return m;
}

function letters(order: string): Array<[number, string, string]> {
  return [...order].map((ch, i) => [0x04 + i, ch, ch.toUpperCase()]);
}

/** Keypad keys send digits whatever the layout (NumLock assumed on, as scanners expect). */
const KEYPAD: Array<[number, string, string]> = [
  [0x54, '/', '/'],
  [0x55, '*', '*'],
  [0x56, '-', '-'],
  [0x57, '+', '+'],
  [0x59, '1', '1'],
  [0x5a, '2', '2'],
  [0x5b, '3', '3'],
  [0x5c, '4', '4'],
  [0x5d, '5', '5'],
  [0x5e, '6', '6'],
  [0x5f, '7', '7'],
  [0x60, '8', '8'],
  [0x61, '9', '9'],
  [0x62, '0', '0'],
  [0x63, '.', '.'],
];

const US = build([
  ...letters('abcdefghijklmnopqrstuvwxyz'),
  [0x1e, '1', '!'],
  [0x1f, '2', '@'],
  [0x20, '3', '#'],
  [0x21, '4', '$'],
  [0x22, '5', '%'],
  [0x23, '6', '^'],
  [0x24, '7', '&'],
  [0x25, '8', '*'],
  [0x26, '9', '('],
  [0x27, '0', ')'],
  [0x2c, ' ', ' '],
  [0x2d, '-', '_'],
  [0x2e, '=', '+'],
  [0x2f, '[', '{'],
  [0x30, ']', '}'],
  [0x31, '\\', '|'],
  [0x32, '\\', '|'],
  [0x33, ';', ':'],
  [0x34, "'", '"'],
  [0x35, '`', '~'],
  [0x36, ',', '<'],
  [0x37, '.', '>'],
  [0x38, '/', '?'],
  [0x64, '\\', '|'],
  ...KEYPAD,
]);

// German QWERTZ: Y and Z swap, umlauts on the US punctuation keys, symbols on AltGr.
const DE_LETTERS = letters('abcdefghijklmnopqrstuvwxzy').map(([c, b, s]): [number, string, string, string?] => {
  const altGr: Record<string, string> = { q: '@', e: '€', m: 'µ' };
  return [c, b, s, altGr[b]];
});
const DE = build([
  ...DE_LETTERS,
  [0x1e, '1', '!'],
  [0x1f, '2', '"', '²'],
  [0x20, '3', '§', '³'],
  [0x21, '4', '$'],
  [0x22, '5', '%'],
  [0x23, '6', '&'],
  [0x24, '7', '/', '{'],
  [0x25, '8', '(', '['],
  [0x26, '9', ')', ']'],
  [0x27, '0', '=', '}'],
  [0x2c, ' ', ' '],
  [0x2d, 'ß', '?', '\\'],
  [0x2f, 'ü', 'Ü'],
  [0x30, '+', '*', '~'],
  [0x31, '#', "'"],
  [0x32, '#', "'"],
  [0x33, 'ö', 'Ö'],
  [0x34, 'ä', 'Ä'],
  [0x36, ',', ';'],
  [0x37, '.', ':'],
  [0x38, '-', '_'],
  [0x64, '<', '>', '|'],
  ...KEYPAD,
]);
DE.set(0x2e, { base: '´', shift: '`', dead: true, deadShift: true });
DE.set(0x35, { base: '^', shift: '°', dead: true });

// French AZERTY (Windows): A/Q and Z/W swap, M on the US ";" key, the digits on Shift under accents and
// punctuation, symbols on AltGr. AltGr's ~ and ` are dead keys on Windows; kept plain here (a barcode
// with either is rare, and an uncomposed accent is kept with the next character anyway).
const FR = build([
  ...letters('qbcdefghijkl,noparstuvzxyw').map(([c, b, s]): [number, string, string, string?] =>
    b === ',' ? [c, ',', '?'] : [c, b, s, b === 'e' ? '€' : undefined],
  ),
  [0x1e, '&', '1'],
  [0x1f, 'é', '2', '~'],
  [0x20, '"', '3', '#'],
  [0x21, "'", '4', '{'],
  [0x22, '(', '5', '['],
  [0x23, '-', '6', '|'],
  [0x24, 'è', '7', '`'],
  [0x25, '_', '8', '\\'],
  [0x26, 'ç', '9', '^'],
  [0x27, 'à', '0', '@'],
  [0x2c, ' ', ' '],
  [0x2d, ')', '°', ']'],
  [0x2e, '=', '+', '}'],
  [0x30, '$', '£', '¤'],
  [0x31, '*', 'µ'],
  [0x32, '*', 'µ'],
  [0x33, 'm', 'M'],
  [0x34, 'ù', '%'],
  [0x36, ';', '.'],
  [0x37, ':', '/'],
  [0x38, '!', '§'],
  [0x64, '<', '>'],
  ...KEYPAD,
]);
// The ² key types nothing with Shift on Windows.
FR.set(0x35, { base: '²', shift: '' });
FR.set(0x2f, { base: '^', shift: '¨', dead: true, deadShift: true });

export const LAYOUTS: Readonly<Record<KeyboardLayoutName, KeyTable>> = { us: US, de: DE, fr: FR };

/**
 * Control characters by Ctrl+key, read on the US key positions as scanners emit them (Ctrl+] = GS,
 * Ctrl+^ = RS: the ISO 15434 separators). Ctrl+@ (NUL) is left out: the scan sanitizer refuses it
 * and no barcode a lab meets carries it.
 */
export function controlCharacter(code: number): string | null {
  if (code >= 0x04 && code <= 0x1d) return String.fromCharCode(code - 0x04 + 1); // Ctrl+A..Z
  if (code === 0x2f) return '\x1b';
  if (code === 0x31 || code === 0x32) return '\x1c';
  if (code === 0x30) return '\x1d';
  if (code === 0x23) return '\x1e'; // Ctrl+6 / Ctrl+^
  if (code === 0x2d) return '\x1f'; // Ctrl+- / Ctrl+_
  return null;
}

/** Keypad digit value for Alt+keypad character codes (how Windows-style scanners send GS: Alt+029). */
export function keypadDigit(code: number): string | null {
  if (code >= 0x59 && code <= 0x61) return String(code - 0x58);
  if (code === 0x62) return '0';
  return null;
}
