import { aiLength, specFor } from './gs1-ais.js';

/** FNC1 arrives as ASCII GS (group separator) from every scanner that transmits GS1 data. */
export const GS = '\x1d';

export interface Gs1Field {
  ai: string;
  name: string;
  value: string;
}

export interface Gs1Data {
  aim?: string;
  fields: Gs1Field[];
  gtin?: string;
  lot?: string;
  /** ISO date `YYYY-MM-DD` (day 00 means the last day of the month, as GS1 defines). */
  expiry?: string;
  serial?: string;
}

export type Gs1Result = { ok: true; data: Gs1Data } | { ok: false; reason: string };

/** GS1 mod-10 check digit over all digits but the last. Used for GTIN-8/12/13/14 and SSCC. */
export function gs1CheckDigitValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    // Weights alternate 3,1,3... counted from the rightmost body digit.
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** YYMMDD → YYYY-MM-DD. Assumes 20YY: reagent dates before 2000 or after 2099 are not a concern. */
export function gs1Date(yymmdd: string): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(yymmdd);
  if (!m) return null;
  const year = 2000 + Number(m[1]);
  const month = Number(m[2]);
  let day = Number(m[3]);
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = last;
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function checkField(ai: string, value: string): string | null {
  const spec = specFor(ai);
  if (value.length === 0) return `AI (${ai}) has no data`;
  if (spec.numeric && !/^\d+$/.test(value)) return `AI (${ai}) ${spec.name} must be numeric, got "${value}"`;
  if (spec.max !== undefined && value.length > spec.max) return `AI (${ai}) ${spec.name} is longer than ${spec.max}`;
  if ((ai === '01' || ai === '02' || ai === '00') && !gs1CheckDigitValid(value)) {
    return `AI (${ai}) ${spec.name} ${value} has a wrong check digit`;
  }
  if (spec.date && gs1Date(value) === null) return `AI (${ai}) ${spec.name} "${value}" is not a YYMMDD date`;
  return null;
}

function summarise(fields: Gs1Field[], aim: string | undefined): Gs1Data {
  const data: Gs1Data = { fields };
  if (aim) data.aim = aim;
  for (const f of fields) {
    if (f.ai === '01') data.gtin = f.value;
    else if (f.ai === '10') data.lot = f.value;
    else if (f.ai === '17') data.expiry = gs1Date(f.value) ?? f.value;
    else if (f.ai === '21') data.serial = f.value;
  }
  return data;
}

/**
 * Parses a GS1 element string as scanners send it: AIs run together, variable-length fields
 * end at GS (FNC1) or at the end, fixed-length ones need no separator. A leading GS (FNC1 in
 * first position, as some scanners forward it) is skipped.
 */
export function parseGs1ElementString(raw: string, aim?: string): Gs1Result {
  let s = raw.startsWith(GS) ? raw.slice(1) : raw;
  const fields: Gs1Field[] = [];
  while (s.length > 0) {
    if (s.startsWith(GS)) {
      s = s.slice(1);
      continue;
    }
    const len = aiLength(s.slice(0, 2));
    if (len === null || s.length < len || !/^\d+$/.test(s.slice(0, len))) {
      return { ok: false, reason: `no GS1 application identifier at "${s.slice(0, 8)}"` };
    }
    const ai = s.slice(0, len);
    const spec = specFor(ai);
    s = s.slice(len);
    let value: string;
    if (spec.fixed !== undefined) {
      value = s.slice(0, spec.fixed);
      if (value.length < spec.fixed || value.includes(GS)) {
        return { ok: false, reason: `AI (${ai}) ${spec.name} needs ${spec.fixed} characters` };
      }
      s = s.slice(spec.fixed);
    } else {
      const end = s.indexOf(GS);
      value = end === -1 ? s : s.slice(0, end);
      s = end === -1 ? '' : s.slice(end + 1);
    }
    const problem = checkField(ai, value);
    if (problem) return { ok: false, reason: problem };
    fields.push({ ai, name: spec.name, value });
  }
  if (fields.length === 0) return { ok: false, reason: 'empty GS1 data' };
  return { ok: true, data: summarise(fields, aim) };
}

const HUMAN_READABLE = /^(\(\d{2,4}\)[^()]*)+$/;

/** Parses the human-readable form printed under GS1 barcodes: `(01)09501101530003(17)250101(10)AB12`. */
export function parseGs1HumanReadable(text: string): Gs1Result {
  const trimmed = text.trim();
  if (!HUMAN_READABLE.test(trimmed)) return { ok: false, reason: 'not in (AI)value form' };
  const fields: Gs1Field[] = [];
  for (const m of trimmed.matchAll(/\((\d{2,4})\)([^()]*)/g)) {
    const ai = m[1]!;
    const value = m[2]!.trim();
    if (aiLength(ai.slice(0, 2)) !== ai.length) return { ok: false, reason: `(${ai}) is not a GS1 application identifier` };
    const spec = specFor(ai);
    if (spec.fixed !== undefined && value.length !== spec.fixed) {
      return { ok: false, reason: `AI (${ai}) ${spec.name} needs ${spec.fixed} characters` };
    }
    const problem = checkField(ai, value);
    if (problem) return { ok: false, reason: problem };
    fields.push({ ai, name: spec.name, value });
  }
  return { ok: true, data: summarise(fields, undefined) };
}

/** The canonical human-readable form, used as the normalized value of a GS1 scan. */
export function formatGs1(fields: readonly Gs1Field[]): string {
  return fields.map((f) => `(${f.ai})${f.value}`).join('');
}
