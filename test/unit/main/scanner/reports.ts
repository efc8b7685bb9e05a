import { LAYOUTS } from '../../../../shared/barcode/keyboard-layouts.js';
import type { KeyboardLayoutName } from '../../../../shared/barcode/scanner-settings.js';

/** Builds HID POS input reports (Honeywell/Access-IS layout) for a read, split at 56 data bytes. */
export function posReports(text: string | Uint8Array, aim = ']C0', chunk = 56, codeId = 0x6a): Uint8Array[] {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const out: Uint8Array[] = [];
  for (let i = 0; i === 0 || i < bytes.length; i += chunk) {
    const part = bytes.subarray(i, i + chunk);
    const r = new Uint8Array(64);
    r[0] = 0x02;
    r[1] = part.length;
    for (let k = 0; k < aim.length && k < 3; k++) r[2 + k] = aim.charCodeAt(k);
    r.set(part, 5);
    r[61] = codeId;
    r[63] = i + chunk < bytes.length ? 1 : 0;
    out.push(r);
  }
  return out;
}

interface KeyStroke {
  code: number;
  mod: number;
}

const SHIFT = 0x02;
const ALTGR = 0x40;

/** Reverse of a layout table: which key (and modifier) types each character. */
export function strokesFor(text: string, layout: KeyboardLayoutName): KeyStroke[] {
  const table = LAYOUTS[layout];
  return [...text].map((ch) => {
    for (const [code, k] of table) {
      if (k.dead || k.deadShift) continue;
      if (code >= 0x54 && code <= 0x63) continue; // prefer main keys, like real scanners
      if (k.base === ch) return { code, mod: 0 };
      if (k.shift === ch) return { code, mod: SHIFT };
      if (k.altGr === ch) return { code, mod: ALTGR };
    }
    throw new Error(`no key for ${JSON.stringify(ch)} in ${layout}`);
  });
}

function report(mod: number, codes: number[]): Uint8Array {
  const r = new Uint8Array(8);
  r[0] = mod;
  codes.slice(0, 6).forEach((c, i) => (r[2 + i] = c));
  return r;
}

export type KeyMode = 'press-release' | 'rollover' | 'pairs';
export const ENTER = 0x28;
export const TAB = 0x2b;

/**
 * Keyboard boot reports as a scanner sends them. `press-release` is one key then all-up;
 * `rollover` keeps the previous key down while the next is pressed (it appears in two
 * consecutive reports and must be typed once); `pairs` puts two new keys in one report.
 */
export function keyboardReports(
  text: string,
  layout: KeyboardLayoutName,
  mode: KeyMode,
  terminator: number | null = ENTER,
): Uint8Array[] {
  const strokes = strokesFor(text, layout);
  const out: Uint8Array[] = [];
  if (mode === 'press-release') {
    for (const s of strokes) out.push(report(s.mod, [s.code]), report(0, []));
  } else if (mode === 'rollover') {
    let prev: KeyStroke | null = null;
    let down: number[] = [];
    for (const s of strokes) {
      // A key still down cannot be pressed again, and a modifier change applies to the whole report: release first.
      if (prev && (down.includes(s.code) || prev.mod !== s.mod)) {
        out.push(report(prev.mod, []));
        prev = null;
      }
      down = prev ? [prev.code, s.code] : [s.code];
      out.push(report(s.mod, down));
      prev = s;
    }
    out.push(report(0, []));
  } else {
    for (let i = 0; i < strokes.length; i++) {
      const a = strokes[i]!;
      const b = strokes[i + 1];
      if (b && b.mod === a.mod && b.code !== a.code) {
        out.push(report(a.mod, [a.code, b.code]), report(0, []));
        i++;
      } else out.push(report(a.mod, [a.code]), report(0, []));
    }
  }
  if (terminator !== null) out.push(report(0, [terminator]), report(0, []));
  return out;
}

export { report as keyReport };

/**
 * Keys pressed one at a time, each released before the next: a key code alone, or [modifiers, code]
 * (0x01 Ctrl, 0x02 Shift, 0x04 Alt, 0x40 AltGr), then Enter pressed (not released) to end the read.
 */
export function keyPresses(...keys: Array<number | readonly [number, number]>): Uint8Array[] {
  return [
    ...keys.flatMap((k) => {
      const [mod, code] = typeof k === 'number' ? [0, k] : k;
      return [report(mod, [code]), report(0, [])];
    }),
    report(0, [ENTER]),
  ];
}
