import type { AimInfo } from './aim.js';
import { parseEanUpc } from './ean-upc.js';
import {
  formatGs1,
  GS,
  looksLikeGs1HumanReadable,
  parseGs1ElementString,
  parseGs1HumanReadable,
  type Gs1Data,
  type Gs1Result,
} from './gs1.js';
import { gs1AiName } from './gs1-ai-names.js';
import { isWebAddress, parseDigitalLink } from './gs1-digital-link.js';
import { fnc1AsTextSaid, fnc1StandInsAsGs, singleStandIn, singleStandInSaid } from './fnc1-text.js';
import { runTogetherReason } from './gs1-run-together.js';

/**
 * The GS1 part of classification, tried before the ID patterns: what is GS1 (or a web
 * address, or EAN/UPC) is decided here, and a failure to parse is a refusal with its reason,
 * never an ID. Only a read that merely resembles GS1 without saying so (no AIM identifier, no
 * FNC1, no brackets) may still be taken by an ID pattern when it fails.
 */
export type Gs1Verdict =
  | { kind: 'gs1'; data: Gs1Data; why: string }
  | { kind: 'refused'; reason: string }
  /** A failed guess: refuse it unless an ID pattern claims the text. */
  | { kind: 'doubtful'; reason: string }
  /** EAN/UPC in a company's own number range: let the patterns decide, with this value. */
  | { kind: 'own-number'; value: string }
  | null;

const verdict = (r: Gs1Result, why: string, failure: (reason: string) => Gs1Verdict): Gs1Verdict =>
  r.ok ? { kind: 'gs1', data: r.data, why: noted(why, r.data) } : failure(r.reason);

function noted(why: string, data: Gs1Data): string {
  return data.unmet.length ? `${why}; not on this label: ${data.unmet.join('; ')}` : why;
}

const refused =
  (prefix: string) =>
  (reason: string): Gs1Verdict => ({ kind: 'refused', reason: `${prefix}: ${reason}` });

function eanVerdict(aim: AimInfo, value: string): Gs1Verdict {
  const r = parseEanUpc(aim.aim[2]!, value);
  if (!r.ok) return { kind: 'refused', reason: `EAN/UPC read refused: ${r.reason}` };
  if (r.restricted) return { kind: 'own-number', value: r.printed };
  const key = { ai: '01', name: gs1AiName('01'), value: r.gtin };
  const data: Gs1Data = { source: 'ean-upc', aim: aim.aim, fields: [key], key, gtin: r.gtin, unmet: [] };
  if (r.addOn) data.addOn = r.addOn;
  return { kind: 'gs1', data, why: `${r.format} ${r.printed} (AIM ${aim.aim}), check digit valid` };
}

/**
 * A GS1 read whose scanner typed FNC1 as text (fnc1-text.ts): read with GS in its place, and said so; a
 * read that does not parse so is refused with the scanner setting to change. Null when the read has no
 * stand-in, or is no GS1 element string with GS in their place (no GS1 AIM, not starting with a digit).
 */
function standInVerdict(value: string, aim: AimInfo | null, options: { year: number }): Gs1Verdict {
  const fixed = fnc1StandInsAsGs(value);
  if (!fixed || !(aim?.gs1 || /^[\d\x1d]/.test(fixed.text))) return null;
  const said = fnc1AsTextSaid(fixed.standIn);
  const why = aim?.gs1 ? `GS1 element string (AIM ${aim.aim})` : 'GS1 element string (FNC1 separators, no AIM)';
  const parsed = parseGs1ElementString(fixed.text, aim?.gs1 ? aim.aim : undefined, options);
  return verdict(parsed, `${why}; ${said}, so it was read as a separator`, (reason) => ({
    kind: 'refused',
    reason: `GS1 data did not parse: ${reason}; ${said}`,
  }));
}

/**
 * A GS1 element string's parse failure, with the character its scanner seems to send for FNC1 named
 * (`10LOT7^17271130`: "^" is no GS1 character, and with GS in its place the read parses), where the
 * failure alone sent the user looking at the label for a "^" it does not print.
 */
function withStandIn(reason: string, value: string, aim: string | undefined, options: { year: number }): string {
  const ch = singleStandIn(value, (withGs) => parseGs1ElementString(withGs, aim, options).ok);
  return ch === null ? reason : `${reason}; ${singleStandInSaid(ch)}`;
}

export function classifyGs1(
  value: string,
  aim: AimInfo | null,
  withoutAim: boolean,
  year: number,
  /** The read came as key presses (ClassifyContext.asKeys), where a separator can be lost. */
  asKeys = true,
): Gs1Verdict {
  const options = { year };
  if (aim?.aim[1] === 'E') return eanVerdict(aim, value);
  const standIn = standInVerdict(value, aim, options);
  if (standIn) return standIn;
  if (aim?.gs1 || value.startsWith(GS)) {
    const why = aim?.gs1 ? `GS1 element string (AIM ${aim.aim})` : 'GS1 element string (leading FNC1)';
    const parsed = parseGs1ElementString(value, aim?.gs1 ? aim.aim : undefined, options);
    // A keyboard scanner sends the AIM id and may still lose GS (Ctrl+]): lot "LOT-717261130" was recorded
    // from a pack whose lot is LOT-7, its expiry lost. HID POS sends the bytes: its reads are trusted.
    const runTogether = parsed.ok && aim?.gs1 && asKeys ? runTogetherReason(value, parsed.data, options, true) : null;
    if (runTogether) return { kind: 'refused', reason: `GS1 data without separators: ${runTogether}` };
    return verdict(parsed, why, (reason) =>
      refused('GS1 data did not parse')(withStandIn(reason, value, aim?.gs1 ? aim.aim : undefined, options)),
    );
  }
  if (isWebAddress(value)) {
    const r = parseDigitalLink(value, options);
    if (!r.ok && 'notDigitalLink' in r) return { kind: 'refused', reason: 'a web address, not an ID' };
    return verdict(r, 'GS1 Digital Link', (reason) => ({ kind: 'refused', reason }));
  }
  if (looksLikeGs1HumanReadable(value)) {
    const parsed = parseGs1HumanReadable(value, options);
    return verdict(parsed, 'GS1 human-readable (AI)value form', refused('GS1 text did not parse'));
  }
  // FNC1 separators inside the data mean a GS1 read whose AIM prefix the scanner did not send.
  if (value.includes(GS) && /^\d/.test(value)) {
    const parsed = parseGs1ElementString(value, undefined, options);
    return verdict(parsed, 'GS1 element string (FNC1 separators, no AIM)', refused('GS1 data did not parse'));
  }
  // Keyboard wedges usually drop the AIM prefix; (01) and 14 digits is how GS1 data starts.
  if (withoutAim && /^01\d{14}/.test(value)) {
    const why = 'GS1 without AIM: starts with (01) and a GTIN with a valid check digit';
    const parsed = parseGs1ElementString(value, undefined, options);
    const runTogether = parsed.ok ? runTogetherReason(value, parsed.data, options) : null;
    if (runTogether) return { kind: 'refused', reason: `GS1 data without separators: ${runTogether}` };
    return verdict(parsed, why, (reason) => ({
      kind: 'doubtful',
      reason: `looks like GS1 data but does not parse: ${withStandIn(reason, value, undefined, options)}`,
    }));
  }
  return null;
}

/** The normalized value of a GS1 read: its fields in the (AI)value form. */
export function normalizedGs1(data: Gs1Data): string {
  return formatGs1(data.fields);
}
