/**
 * Field data for `^FH^FD…^FS`. Everything a printer could read as a command or an escape (`^`, `~`,
 * `_`), every byte outside printable ASCII, and `\` (which some fonts and ^FB treat as a control)
 * is written as `_XX`, so a value can never end the field early or start a command.
 */
export type ZplEncoding = 'cp1252' | 'utf8';

/** `^CI` for each encoding: 27 is code page 1252 (Latin-1 compatible), 28 is UTF-8. */
export const ZPL_CI: Readonly<Record<ZplEncoding, number>> = { cp1252: 27, utf8: 28 };

function bytesOf(text: string, encoding: ZplEncoding): number[] {
  if (encoding === 'utf8') return [...new TextEncoder().encode(text)];
  return [...text].map((ch) => {
    const cp = ch.codePointAt(0)!;
    // Callers pass only Latin-1 here (charset.ts); a larger code point is a bug, not user data.
    if (cp > 0xff) throw new Error(`ZPL field with cp1252 cannot hold ${ch}`);
    return cp;
  });
}

export function zplFieldData(text: string, encoding: ZplEncoding): string {
  let out = '';
  for (const byte of bytesOf(text, encoding)) {
    const safe = byte >= 0x20 && byte < 0x7f && byte !== 0x5e && byte !== 0x7e && byte !== 0x5f && byte !== 0x5c;
    out += safe ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
