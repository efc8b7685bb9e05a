import type { ScanInputSettings } from './scanner-settings.js';

export type ScanFraming = Pick<ScanInputSettings, 'prefix' | 'suffix'>;

/**
 * A read without the characters its scanner is programmed to put around each code (Settings → Scanners).
 * Only where they are: a code typed by hand has none, and is taken as typed.
 */
export function unframe(text: string, { prefix, suffix }: ScanFraming): string {
  let t = text;
  if (prefix !== '' && t.length > prefix.length && t.startsWith(prefix)) t = t.slice(prefix.length);
  if (suffix !== '' && t.length > suffix.length && t.endsWith(suffix)) t = t.slice(0, -suffix.length);
  return t;
}

/** Whether the text typed so far ends with the scanner's suffix: the read is complete (no Enter may follow). */
export function endsWithSuffix(text: string, { suffix }: ScanFraming): boolean {
  return suffix !== '' && text.length > suffix.length && text.endsWith(suffix);
}

/** Characters found around a code, in words: `"j" in front`, `"~" in front and "*" after it`. */
export function aroundSaid({ before, after }: { before: string; after: string }): string {
  return [before ? `"${before}" in front` : null, after ? `"${after}" after it` : null]
    .filter((s) => s !== null)
    .join(' and ');
}
