import { GS1_CSET32, GS1_CSET39, GS1_CSET64, GS1_CSET82 } from './gs1-syntax.generated.js';

/**
 * The GS1 Barcode Syntax Tests ("linters") named in the syntax table, written to GS1's reference
 * semantics. Each returns null when the component is fine, else the problem in words a person at
 * the bench can act on. Linters that need lists we do not carry are skipped (UNCHECKED_LINTERS).
 */
export interface LintContext {
  /** The current year, for the GS1 rule that puts YY within −49…+50 years of today. */
  year: number;
}

type Linter = (v: string, ctx: LintContext) => string | null;

const CSETS = { X: new Set(GS1_CSET82), Y: new Set(GS1_CSET39), Z: new Set(GS1_CSET64) } as const;
const CSET_NAMES = { N: 'digits only', X: 'GS1 CSET 82', Y: 'GS1 CSET 39', Z: 'GS1 CSET 64' } as const;

function shown(ch: string): string {
  return ch === ' ' ? 'a space' : `"${ch}"`;
}

/** The component's character set: N digits, X CSET 82, Y CSET 39, Z CSET 64 (base64url, `=` padding). */
export function checkCset(cset: 'N' | 'X' | 'Y' | 'Z', v: string): string | null {
  if (cset === 'Z') {
    const body = v.replace(/=+$/, '');
    const pads = v.length - body.length;
    if (pads > 2 || (pads > 0 && v.length % 3 !== 0)) return 'has wrong "=" padding (GS1 CSET 64)';
    return firstOutside(body, CSETS.Z, CSET_NAMES.Z);
  }
  if (cset === 'N') {
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (c < 48 || c > 57) return `has ${shown(v[i]!)} at position ${i + 1} where only digits are allowed`;
    }
    return null;
  }
  return firstOutside(v, CSETS[cset], CSET_NAMES[cset]);
}

function firstOutside(v: string, allowed: ReadonlySet<string>, name: string): string | null {
  for (let i = 0; i < v.length; i++) {
    if (!allowed.has(v[i]!)) return `has ${shown(v[i]!)} at position ${i + 1}, which ${name} does not allow`;
  }
  return null;
}

/** GS1 mod-10 check digit over the digits before it (weights 3,1,3… from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, w = 3; i >= 0; i--, w = 4 - w) sum += (body.charCodeAt(i) - 48) * w;
  return (10 - (sum % 10)) % 10;
}

const csum: Linter = (v) => {
  const want = gs1CheckDigit(v.slice(0, -1));
  return Number(v.at(-1)) === want ? null : `has a wrong check digit (the last digit should be ${want})`;
};

const PRIMES = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103,
];

/** The check character pair of (8013) GMN and (8014) MUDI: weighted by primes, mod 1021, in CSET 32. */
const csumalpha: Linter = (v) => {
  if (v.length < 2 || v.length > PRIMES.length + 2) return 'is the wrong length for a check character pair';
  let sum = 0;
  for (let i = 0; i < v.length - 2; i++) sum += GS1_CSET82.indexOf(v[i]!) * PRIMES[v.length - 3 - i]!;
  sum %= 1021;
  const pair = GS1_CSET32[sum >> 5]! + GS1_CSET32[sum & 31]!;
  return v.slice(-2) === pair ? null : `has a wrong check character pair (should end in ${pair})`;
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS[month - 1]!;
}

/** GS1 General Specifications 7.12: a two-digit year lies within −49…+50 years of the current one. */
export function centuryYear(yy: number, currentYear: number): number {
  const diff = yy - (currentYear % 100);
  const century = Math.floor(currentYear / 100) * 100;
  if (diff >= 51) return century - 100 + yy;
  if (diff <= -50) return century + 100 + yy;
  return century + yy;
}

function checkDate(year: number, mm: number, dd: number, dayZero: boolean): string | null {
  if (mm < 1 || mm > 12) return `has month ${String(mm).padStart(2, '0')}, which does not exist`;
  if (dd === 0) return dayZero ? null : 'has day 00, which this date does not allow';
  const last = daysInMonth(year, mm);
  if (dd > last) return `is ${dd} ${MONTHS[mm - 1]} ${year}, which does not exist (${MONTHS[mm - 1]} has ${last} days)`;
  return null;
}

const yymmdOr0 =
  (dayZero: boolean): Linter =>
  (v, ctx) =>
    checkDate(centuryYear(Number(v.slice(0, 2)), ctx.year), Number(v.slice(2, 4)), Number(v.slice(4, 6)), dayZero);
const yyyymmdOr0 =
  (dayZero: boolean): Linter =>
  (v) =>
    checkDate(Number(v.slice(0, 4)), Number(v.slice(4, 6)), Number(v.slice(6, 8)), dayZero);

const upTo =
  (what: string, max: number): Linter =>
  (v) =>
    Number(v) > max ? `has ${what} ${v}, which does not exist` : null;
const hh = upTo('hour', 23);
const mi = upTo('minute', 59);
const ss = upTo('second', 59);
const hhmi: Linter = (v, ctx) => hh(v.slice(0, 2), ctx) ?? mi(v.slice(2, 4), ctx);

const oneOf =
  (allowed: string, what: string): Linter =>
  (v) =>
    v.length === 1 && allowed.includes(v) ? null : `must be ${what}`;

const pcenc: Linter = (v) => {
  for (let i = 0; i < v.length; i++) {
    if (v[i] === '%' && !/^[0-9A-Fa-f]{2}$/.test(v.slice(i + 1, i + 3))) {
      return 'has a "%" not followed by two hex digits';
    }
  }
  return null;
};

/** (8006)/(8026) piece of total: both halves non-zero and the piece not above the total. */
const pieceoftotal: Linter = (v) => {
  const half = v.length / 2;
  const piece = v.slice(0, half);
  const total = v.slice(half);
  if (/^0+$/.test(piece) || /^0+$/.test(total)) return 'has a piece or total of zero';
  return piece > total ? `says piece ${Number(piece)} of ${Number(total)}` : null;
};

/** (7258) birth sequence "position/total", e.g. 2/3. */
const posinseqslash: Linter = (v) => {
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(v);
  if (!m) return 'must be "position/total", e.g. 1/2';
  return Number(m[1]) > Number(m[2]) ? `says position ${m[1]} of ${m[2]}` : null;
};

const iban: Linter = (v) => {
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/.test(v)) return 'is not an IBAN';
  const moved = v.slice(4) + v.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = parseInt(ch, 36);
    rest = (rest * (n < 10 ? 10 : 100) + n) % 97;
  }
  return rest === 1 ? null : 'has a wrong IBAN check';
};

const LINTERS: Readonly<Record<string, Linter>> = {
  csum,
  csumalpha,
  yymmdd: yymmdOr0(false),
  yymmd0: yymmdOr0(true),
  yyyymmdd: yyyymmdOr0(false),
  yyyymmd0: yyyymmdOr0(true),
  hh,
  mi,
  ss,
  hhmi,
  pcenc,
  pieceoftotal,
  posinseqslash,
  iban,
  yesno: oneOf('01', '0 (no) or 1 (yes)'),
  iso5218: oneOf('0129', '0, 1, 2 or 9 (ISO 5218)'),
  winding: oneOf('019', '0, 1 or 9'),
  zero: (v) => (/^0+$/.test(v) ? null : 'must be 0'),
  nonzero: (v) => (/[1-9]/.test(v) ? null : 'must not be zero'),
  nozeroprefix: (v) => (v.startsWith('0') ? 'must not start with 0' : null),
  hasnondigit: (v) => (/\D/.test(v) ? null : 'must contain a character other than a digit'),
  hyphen: (v) => (/^-+$/.test(v) ? null : 'must be "-"'),
  importeridx: (v) => (/^[-0-9A-Za-z_]$/.test(v) ? null : 'must be one of 0-9, A-Z, a-z, "-" or "_"'),
  latitude: (v) => (Number(v) <= 1_800_000_000 ? null : 'is beyond 90 degrees of latitude'),
  longitude: (v) => (Number(v) <= 3_600_000_000 ? null : 'is beyond 180 degrees of longitude'),
  mediatype: (v) => ((Number(v) >= 1 && Number(v) <= 10) || Number(v) >= 80 ? null : 'is not an AIDC media type'),
};

/**
 * Linters we deliberately do not run: GS1 Company Prefix position checks need GS1's prefix list,
 * the ISO 3166 / 4217 / package-type lists change and never decide a bench read, and coupon
 * codes are retail. A test fails if the table names a linter in neither list.
 */
export const UNCHECKED_LINTERS: readonly string[] = [
  'gcppos1',
  'gcppos2',
  'iso3166',
  'iso3166999',
  'iso3166alpha2',
  'iso4217',
  'packagetype',
  'couponcode',
  'couponposoffer',
];

export const CHECKED_LINTERS: readonly string[] = Object.keys(LINTERS);

/** Runs one linter by its dictionary name; null when it passes or is one we do not run. */
export function lint(name: string, value: string, ctx: LintContext): string | null {
  const fn = LINTERS[name];
  return fn ? fn(value, ctx) : null;
}
