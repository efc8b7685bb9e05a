import type { Symbology } from './template.js';

/**
 * How each symbology is asked of bwip-js. A plain object so shared code never imports bwip-js:
 * main passes it to `toBuffer`, the renderer to `toSVG`, both to `raw` for measuring.
 */
export interface BwipRequest {
  bcid: 'code128' | 'datamatrix' | 'qrcode';
  text: string;
  /** Keep Latin-1 bytes as they are instead of letting bwip-js re-encode them as UTF-8. */
  binarytext?: boolean;
  /** Lets "^ECI000026" mark UTF-8 for QR; "^" in the data is then written "^^". */
  parsefnc?: boolean;
}

/** Modules across and down (1D symbols have no module height; their bars stretch to the box). */
export interface SymbolSize {
  widthModules: number;
  heightModules: number | null;
}

/** `raw` from bwip-js (either build): the encoder's own answer to how big the symbol is. */
export type MeasureSymbol = (request: BwipRequest) => SymbolSize;

/** Blank modules each side the standards ask for (DataMatrix asks 1; 2 reads more robustly on curved tubes). */
export const QUIET_ZONE_MODULES: Readonly<Record<Symbology, number>> = {
  code128: 10,
  datamatrix: 2,
  qrcode: 4,
};

export const SYMBOLOGY_NAMES: Readonly<Record<Symbology, string>> = {
  code128: 'Code 128',
  datamatrix: 'DataMatrix',
  qrcode: 'QR',
};

function isAscii(value: string): boolean {
  return /^[\x20-\x7e]*$/.test(value);
}

/** `value` must already fit the symbology's character set (charset.ts). */
export function bwipRequestFor(symbology: Symbology, value: string): BwipRequest {
  if (symbology === 'code128') return { bcid: 'code128', text: value };
  if (symbology === 'datamatrix') {
    // Latin-1 without ECI is DataMatrix's default; decoders read it back without guessing.
    return isAscii(value) ? { bcid: 'datamatrix', text: value } : { bcid: 'datamatrix', text: value, binarytext: true };
  }
  if (isAscii(value)) return { bcid: 'qrcode', text: value };
  // Non-ASCII QR: UTF-8 bytes announced by ECI 26, so readers do not guess Latin-1 or Shift-JIS.
  const utf8 = String.fromCharCode(...new TextEncoder().encode(value));
  return { bcid: 'qrcode', text: `^ECI000026${utf8.replaceAll('^', '^^')}`, parsefnc: true, binarytext: true };
}

/** The shape of bwip-js `raw()` output that we read. */
export type BwipRaw = ReadonlyArray<{ sbs?: readonly number[]; pixx?: number; pixy?: number }>;

export function symbolSizeFromRaw(raw: BwipRaw): SymbolSize {
  const first = raw[0];
  if (first === undefined) throw new Error('bwip-js returned no symbol');
  if (first.sbs !== undefined) return { widthModules: first.sbs.reduce((a, b) => a + b, 0), heightModules: null };
  if (first.pixx !== undefined && first.pixy !== undefined)
    return { widthModules: first.pixx, heightModules: first.pixy };
  throw new Error('bwip-js returned a symbol of unknown shape');
}
