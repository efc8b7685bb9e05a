/**
 * The GS1 application identifiers we name and validate. `fixed` is the data length when the
 * AI has a predefined length (no FNC1 separator follows it); otherwise `max` bounds a
 * variable-length field that ends at GS or at the end of the data.
 */
export interface AiSpec {
  name: string;
  fixed?: number;
  max?: number;
  numeric?: boolean;
  date?: boolean;
}

export const KNOWN_AIS: Readonly<Record<string, AiSpec>> = {
  '00': { name: 'SSCC', fixed: 18, numeric: true },
  '01': { name: 'GTIN', fixed: 14, numeric: true },
  '02': { name: 'CONTENT', fixed: 14, numeric: true },
  '10': { name: 'BATCH/LOT', max: 20 },
  '11': { name: 'PROD DATE', fixed: 6, numeric: true, date: true },
  '12': { name: 'DUE DATE', fixed: 6, numeric: true, date: true },
  '13': { name: 'PACK DATE', fixed: 6, numeric: true, date: true },
  '15': { name: 'BEST BEFORE', fixed: 6, numeric: true, date: true },
  '16': { name: 'SELL BY', fixed: 6, numeric: true, date: true },
  '17': { name: 'USE BY', fixed: 6, numeric: true, date: true },
  '20': { name: 'VARIANT', fixed: 2, numeric: true },
  '21': { name: 'SERIAL', max: 20 },
  '22': { name: 'CPV', max: 20 },
  '240': { name: 'ADDITIONAL ID', max: 30 },
  '241': { name: 'CUST. PART No.', max: 30 },
  '250': { name: 'SECONDARY SERIAL', max: 30 },
  '30': { name: 'VAR. COUNT', max: 8, numeric: true },
  '37': { name: 'COUNT', max: 8, numeric: true },
  '400': { name: 'ORDER NUMBER', max: 30 },
  '410': { name: 'SHIP TO LOC', fixed: 13, numeric: true },
  '414': { name: 'LOC No.', fixed: 13, numeric: true },
  '7003': { name: 'EXPIRY TIME', fixed: 10, numeric: true },
  '90': { name: 'INTERNAL', max: 30 },
};

/**
 * Length of the AI itself, from its first two digits (GS1 General Specifications, the AI
 * prefix table). Lets us step over AIs we do not name instead of failing the whole read.
 */
export function aiLength(firstTwo: string): number | null {
  const n = Number(firstTwo);
  if (!/^\d\d$/.test(firstTwo)) return null;
  if (n <= 22 || n === 30 || n === 37 || n >= 90) return 2;
  if ((n >= 23 && n <= 25) || (n >= 40 && n <= 42)) return 3;
  if ((n >= 31 && n <= 36) || n === 39 || (n >= 70 && n <= 72) || (n >= 80 && n <= 82)) return 4;
  return null;
}

/**
 * GS1's table of AI prefixes with a predefined data length: these never need a separator.
 * Used for AIs missing from KNOWN_AIS (e.g. 3103 net weight: 4-digit AI + 6 digits).
 */
const PREDEFINED: Record<string, number> = {
  '00': 18, '01': 14, '02': 14, '03': 14, '04': 16, '11': 6, '12': 6, '13': 6, '14': 6,
  '15': 6, '16': 6, '17': 6, '18': 6, '19': 6, '20': 2, '31': 6, '32': 6, '33': 6, '34': 6,
  '35': 6, '36': 6, '41': 13,
};

export function specFor(ai: string): AiSpec {
  const known = KNOWN_AIS[ai];
  if (known) return known;
  const fixed = PREDEFINED[ai.slice(0, 2)];
  if (/^3[1-6]\d\d$/.test(ai)) return { name: `MEASURE ${ai}`, fixed: 6, numeric: true };
  if (/^9[1-9]$/.test(ai)) return { name: 'INTERNAL', max: 90 };
  return fixed ? { name: `AI ${ai}`, fixed } : { name: `AI ${ai}`, max: 90 };
}
