import { gs1AiName } from './gs1-ai-names.js';
import { centuryYear, daysInMonth, gs1CheckDigit } from './gs1-linters.js';
import { aiLengthForPrefix, aiRule } from './gs1-rules.js';
import { aiLabel, checkAiCombination, checkAiValue, type Gs1FieldInput } from './gs1-validate.js';

/** FNC1 arrives as ASCII GS (group separator) from every scanner that transmits GS1 data. */
export const GS = '\x1d';

export interface Gs1Field {
  ai: string;
  /** The AI in plain words, e.g. "Expiry date". */
  name: string;
  value: string;
}

/** How the GS1 data was carried: AI element string, printed (AI) text, Digital Link URI, or EAN/UPC. */
export type Gs1Source = 'element-string' | 'human-readable' | 'digital-link' | 'ean-upc';

export interface Gs1Data {
  source: Gs1Source;
  aim?: string;
  fields: Gs1Field[];
  /** The GS1 identification key the read is about (a Digital Link primary key AI: 01, 00, 414, 8004…). */
  key?: Gs1Field;
  gtin?: string;
  sscc?: string;
  lot?: string;
  serial?: string;
  /** ISO date `YYYY-MM-DD` from (17), else from (7003); day 00 means the month's last day, as GS1 defines. */
  expiry?: string;
  /** `HH:MM` from (7003) expiry date and time. */
  expiryTime?: string;
  /** Requisites this read does not carry itself, in words (GS1 checks them over all of an item's labels). */
  unmet: string[];
  /** For a Digital Link: everything before the primary key, e.g. `https://id.gs1.org`. */
  linkStem?: string;
  /** For an EAN/UPC read with a 2- or 5-digit add-on (AIM `]E3`). */
  addOn?: string;
}

export type Gs1Result = { ok: true; data: Gs1Data } | { ok: false; reason: string };

export interface Gs1Options {
  /** Current year, for two-digit years (GS1: within −49…+50 years of now). Defaults to the clock's. */
  year?: number;
}

const currentYear = (o?: Gs1Options): number => o?.year ?? new Date().getUTCFullYear();

/** GS1 mod-10 check digit over all digits but the last: GTIN-8/12/13/14, SSCC, GLN and the other keys. */
export function gs1CheckDigitValid(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/** YYMMDD → YYYY-MM-DD, century by GS1's rule; day 00 is the last day of the month. Null if impossible. */
export function gs1Date(yymmdd: string, year = new Date().getUTCFullYear()): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(yymmdd);
  if (!m) return null;
  const y = centuryYear(Number(m[1]), year);
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  const last = daysInMonth(y, month);
  const day = Number(m[3]) === 0 ? last : Number(m[3]);
  if (day > last) return null;
  return `${y}-${m[2]}-${String(day).padStart(2, '0')}`;
}

/** Builds the result from fields whose values passed their checks: cross-field rules, then the summary. */
export function finishGs1(
  inputs: readonly Gs1FieldInput[],
  source: Gs1Source,
  options?: Gs1Options & { aim?: string },
): Gs1Result {
  if (inputs.length === 0) return { ok: false, reason: 'no GS1 data' };
  const combination = checkAiCombination(inputs);
  if (combination.error) return { ok: false, reason: combination.error };
  const fields = inputs.map((f) => ({ ai: f.ai, name: gs1AiName(f.ai), value: f.value }));
  const data: Gs1Data = { source, fields, unmet: combination.unmet };
  if (options?.aim) data.aim = options.aim;
  const year = currentYear(options);
  for (const f of fields) {
    if (!data.key && aiRule(f.ai)?.dlQualifiers) data.key = f;
    if (f.ai === '01') data.gtin = f.value;
    else if (f.ai === '00') data.sscc = f.value;
    else if (f.ai === '10') data.lot = f.value;
    else if (f.ai === '21') data.serial = f.value;
    else if (f.ai === '17') data.expiry = gs1Date(f.value, year) ?? f.value;
    else if (f.ai === '7003') {
      data.expiry ??= gs1Date(f.value.slice(0, 6), year) ?? f.value;
      data.expiryTime = `${f.value.slice(6, 8)}:${f.value.slice(8, 10)}`;
    }
  }
  return { ok: true, data };
}

/**
 * Parses a GS1 element string as scanners send it: AIs run together, an AI with a predefined
 * length needs no separator, every other value ends at GS (FNC1) or at the end. A leading GS
 * (FNC1 in first position, as some scanners forward it) and empty separators are skipped.
 */
export function parseGs1ElementString(raw: string, aim?: string, options?: Gs1Options): Gs1Result {
  const ctx = { year: currentYear(options) };
  const fields: Gs1FieldInput[] = [];
  let pos = 0;
  while (pos < raw.length) {
    if (raw[pos] === GS) {
      pos++;
      continue;
    }
    const len = aiLengthForPrefix(raw.slice(pos, pos + 2));
    const ai = raw.slice(pos, pos + (len ?? 2));
    if (len === undefined || !/^\d+$/.test(ai)) {
      return { ok: false, reason: `no GS1 application identifier at "${raw.slice(pos, pos + 8)}"` };
    }
    const rule = aiRule(ai);
    if (!rule) return { ok: false, reason: `(${ai}) is not a GS1 application identifier` };
    pos += len;
    const gs = raw.indexOf(GS, pos);
    let end = gs === -1 ? raw.length : gs;
    if (rule.predefined) end = Math.min(end, pos + rule.maxLength);
    const value = raw.slice(pos, end);
    const problem = checkAiValue(ai, value, ctx, rule);
    if (problem) {
      const missingSeparator = !rule.predefined && value.length > rule.maxLength;
      const reason = missingSeparator ? `${problem} (or the FNC1 separator after it is missing)` : problem;
      return { ok: false, reason };
    }
    fields.push({ ai, value });
    pos = end;
  }
  return finishGs1(fields, 'element-string', { ...options, ...(aim ? { aim } : {}) });
}

const HUMAN_READABLE = /^(\(\d{2,4}\)[^()]*)+$/;

/** Parses the human-readable form printed under GS1 barcodes: `(01)09501101530003(17)250101(10)AB12`. */
export function parseGs1HumanReadable(text: string, options?: Gs1Options): Gs1Result {
  const trimmed = text.trim();
  if (!HUMAN_READABLE.test(trimmed)) return { ok: false, reason: 'not in (AI)value form' };
  const ctx = { year: currentYear(options) };
  const fields: Gs1FieldInput[] = [];
  for (const m of trimmed.matchAll(/\((\d{2,4})\)([^()]*)/g)) {
    const ai = m[1]!;
    // Printed and typed forms often space the pairs out; GS1 values never hold a space.
    const value = m[2]!.trim();
    const problem = checkAiValue(ai, value, ctx);
    if (problem) return { ok: false, reason: problem };
    fields.push({ ai, value });
  }
  return finishGs1(fields, 'human-readable', options);
}

/** Looks like the printed (AI) form, so a failure to parse it is a refusal rather than an ID. */
export function looksLikeGs1HumanReadable(text: string): boolean {
  return /^\(\d{2,4}\)/.test(text.trim());
}

/** The canonical human-readable form, used as the normalized value of a GS1 scan. */
export function formatGs1(fields: readonly Gs1FieldInput[]): string {
  return fields.map((f) => `(${f.ai})${f.value}`).join('');
}

export { aiLabel };
