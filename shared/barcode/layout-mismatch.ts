import { KEYBOARD_LAYOUTS, type KeyboardLayoutName } from './scanner-settings.js';
import { LAYOUTS, type KeyTable } from './keyboard-layouts.js';

/**
 * A keyboard scanner types a code as key presses for the layout it is programmed for, and the computer
 * reads those keys with its own: a scanner left at its US default on a German computer types S-0011 as
 * Sß0011 and #CMD:UNDO as §CMDÖUNDO (Y and Z swap too). Every such read was refused "no pattern matched".
 * This module gives what the same keys mean in the scanner's layout, only to say why: the read as it came
 * is never recorded as another code.
 */

/** Each character of a layout to the key (and Shift) that types it: the first key that does, so a keypad key never stands for its main-row twin. */
const keysOf = new Map<KeyboardLayoutName, ReadonlyMap<string, { code: number; shift: boolean }>>();
function keysTyping(layout: KeyboardLayoutName): ReadonlyMap<string, { code: number; shift: boolean }> {
  let keys = keysOf.get(layout);
  if (!keys) {
    const m = new Map<string, { code: number; shift: boolean }>();
    for (const [code, k] of LAYOUTS[layout]) {
      if (k.dead) continue;
      if (!m.has(k.base)) m.set(k.base, { code, shift: false });
      if (!m.has(k.shift)) m.set(k.shift, { code, shift: true });
    }
    keys = m;
    keysOf.set(layout, keys);
  }
  return keys;
}

/**
 * What a read the computer took with layout `computer` says in the scanner's layout `scanner`: each
 * character back to its key, and the key as `scanner` has it. Null when a character has no key of its
 * own in `computer` (AltGr, a dead key, another alphabet), the key types nothing in `scanner` (Shift
 * on AZERTY's ² key), or nothing changes.
 */
export function retyped(read: string, computer: KeyboardLayoutName, scanner: KeyboardLayoutName): string | null {
  const keys = keysTyping(computer);
  const table: KeyTable = LAYOUTS[scanner];
  let out = '';
  for (const ch of read) {
    const key = keys.get(ch);
    const meant = key && table.get(key.code);
    const typed = key && meant && !meant.dead ? (key.shift ? meant.shift : meant.base) : '';
    if (typed === '') return null;
    out += typed;
  }
  return out === read ? null : out;
}

/**
 * Every (computer, scanner) pair of different layouts, a scanner at its factory setting (US) first: some
 * reads come out the same either way round (Y and Z swap), and that is the likelier one.
 */
export const LAYOUT_PAIRS: ReadonlyArray<readonly [KeyboardLayoutName, KeyboardLayoutName]> = KEYBOARD_LAYOUTS.flatMap(
  (computer) => KEYBOARD_LAYOUTS.filter((s) => s !== computer).map((scanner) => [computer, scanner] as const),
).sort(([, a], [, b]) => Number(b === 'us') - Number(a === 'us'));
