/**
 * AIM symbology identifiers (ISO/IEC 15424): a scanner configured to transmit them prefixes
 * every read with `]` + code character + modifier. They tell us which symbology was read and,
 * for the GS1 variants, that the data is a GS1 element string with FNC1 already translated to
 * GS (0x1d). Keyboard-wedge scanners usually omit them; HID POS scanners send them in the report.
 */
export interface AimInfo {
  /** The three characters, e.g. `]C1`. */
  aim: string;
  /** A stable lower-case name, e.g. `gs1-128`, `code128`, `gs1-datamatrix`. */
  symbology: string;
  /** True when the modifier says the payload is a GS1 element string. */
  gs1: boolean;
}

/** Code character → symbology family; the modifier refines a few of them below. */
const FAMILY: Record<string, string> = {
  A: 'code39',
  C: 'code128',
  d: 'datamatrix',
  E: 'ean-upc',
  e: 'gs1-databar',
  F: 'codabar',
  G: 'code93',
  I: 'itf',
  J: 'dotcode',
  L: 'pdf417',
  M: 'msi',
  Q: 'qr',
  z: 'aztec',
  U: 'maxicode',
  X: 'other',
};

/** Modifiers that mark GS1 data, per code character (from the AIM/GS1 symbology identifier tables). */
const GS1_MODIFIERS: Record<string, string> = { C: '1', d: '2', Q: '3', e: '0', z: '1', J: '1' };

const GS1_NAMES: Record<string, string> = {
  C: 'gs1-128',
  d: 'gs1-datamatrix',
  Q: 'gs1-qr',
  e: 'gs1-databar',
  z: 'gs1-aztec',
  J: 'gs1-dotcode',
};

/**
 * EAN/UPC modifiers (ISO/IEC 15420): 0 the 13-digit packet of EAN-13, UPC-A or UPC-E; 1 and 2 a
 * 2- or 5-digit add-on read alone; 3 the 13 digits followed by the add-on's; 4 EAN-8.
 */
const EAN_NAMES: Record<string, string> = {
  '0': 'ean-13',
  '1': 'ean-addon-2',
  '2': 'ean-addon-5',
  '3': 'ean-13-addon',
  '4': 'ean-8',
};

/**
 * Reads the AIM identifier at the start of `text` (`]C1...`). Returns null when there is none
 * or when the code character is not one we know (so `]` in ordinary data is left alone).
 */
export function symbologyFromAim(prefix: string): AimInfo | null {
  if (prefix.length < 3 || prefix[0] !== ']') return null;
  const code = prefix[1]!;
  const modifier = prefix[2]!;
  const family = FAMILY[code];
  if (!family || !/^[0-9A-Za-z]$/.test(modifier)) return null;
  const aim = prefix.slice(0, 3);
  if (GS1_MODIFIERS[code] === modifier) return { aim, symbology: GS1_NAMES[code]!, gs1: true };
  if (code === 'E') return { aim, symbology: EAN_NAMES[modifier] ?? 'ean-upc', gs1: false };
  return { aim, symbology: family, gs1: false };
}

/** Splits a leading AIM identifier off `text`; `aim` is null when there is none. */
export function stripAim(text: string): { aim: AimInfo | null; rest: string } {
  const aim = symbologyFromAim(text);
  return aim ? { aim, rest: text.slice(3) } : { aim: null, rest: text };
}

/**
 * A read with its AIM identifier in front, where the classifier reads it, for a path that gets the two
 * apart (HID POS reports). Left as it is only when it starts with that very identifier (a scanner that
 * also puts it in the data): data that merely starts with `]` and a code letter (`]A0123`) kept its
 * AIM off, and the classifier took its first three characters for one and dropped them.
 */
export function withAim(aim: string | undefined, text: string): string {
  return aim && !text.startsWith(aim) ? `${aim}${text}` : text;
}

/**
 * A code a keyboard scanner typed into a text field (a notebook page, a labflow or a test id), trimmed and
 * without the AIM id a scanner set to send one types in front: ]C0LF-0001 named no labflow. A field's text
 * is no read the classifier sees, so its AIM id is taken off where the text is used.
 */
export function typedCode(text: string): string {
  return stripAim(text.trim()).rest;
}
