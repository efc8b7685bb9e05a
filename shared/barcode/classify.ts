import { formatPosition, isInLayout, parsePosition, type Layout } from '../layout/positions.js';
import { stripAim } from './aim.js';
import { parseCommandWord, type ScanCommand } from './commands.js';
import { formatGs1, GS, parseGs1ElementString, parseGs1HumanReadable, type Gs1Data } from './gs1.js';
import { barcodePatternSettings, type BarcodePatternSettings, type PatternKind } from './patterns.js';
import { sanitizeScan } from './sanitize.js';

export type ScanKind = PatternKind | 'position' | 'command' | 'gs1' | 'unknown';

export interface Classification {
  kind: ScanKind;
  /** The scan as read, terminator and AIM prefix removed. */
  value: string;
  /** What downstream code should store or compare: upper-cased IDs, `A1` for `a01`, `(01)…` for GS1. */
  normalized: string;
  /** Which rule decided, in words a user can read in the "test your scanner" panel. */
  why: string;
  /** True when the read is garbage (empty, too long, control characters); `why` says which. */
  rejected?: boolean;
  symbology?: string;
  gs1?: Gs1Data;
  command?: ScanCommand;
}

export interface ClassifyContext {
  /** When set, a position outside it is not a position (a typo or another plate's layout). */
  layout?: Layout;
}

interface CompiledRule {
  kind: PatternKind;
  re: RegExp;
  describe: string;
}

export type Classifier = (raw: string, context?: ClassifyContext) => Classification;

/** Compiles the lab's pattern settings once; the returned function is pure and cheap per scan. */
export function createClassifier(input: Partial<BarcodePatternSettings> = {}): Classifier {
  const settings = barcodePatternSettings.parse(input);
  const rules: CompiledRule[] = settings.rules.map((r) => ({
    kind: r.kind,
    re: new RegExp(r.pattern, r.flags),
    describe: `${r.label ?? r.kind} pattern /${r.pattern}/${r.flags}`,
  }));
  return (raw, context = {}) => classifyWith(settings, rules, raw, context);
}

function classifyWith(
  settings: BarcodePatternSettings,
  rules: readonly CompiledRule[],
  raw: string,
  context: ClassifyContext,
): Classification {
  const clean = sanitizeScan(raw, settings.maxLength);
  if (!clean.ok) return { kind: 'unknown', value: raw, normalized: '', why: `rejected: ${clean.reason}`, rejected: true };

  const { aim, rest } = stripAim(clean.text);
  const withSymbology = (c: Classification): Classification => (aim ? { ...c, symbology: aim.symbology } : c);
  const value = rest;
  if (value.length === 0) return { kind: 'unknown', value, normalized: '', why: 'rejected: empty scan after the AIM identifier', rejected: true };

  if (value.startsWith(settings.commandPrefix)) {
    const command = parseCommandWord(value.slice(settings.commandPrefix.length));
    if (!command) return withSymbology({ kind: 'unknown', value, normalized: value, why: `unknown command barcode "${value}"` });
    return withSymbology({ kind: 'command', value, normalized: command, command, why: `command barcode (prefix "${settings.commandPrefix}")` });
  }

  const gs1 = classifyGs1(value, aim?.gs1 ? aim.aim : undefined, settings.gs1WithoutAim);
  if (gs1) return withSymbology(gs1);

  // GS1 data that failed to parse must not fall through to an ID pattern: say why it failed.
  if (aim?.gs1 || value.startsWith(GS)) {
    const parsed = parseGs1ElementString(value, aim?.aim);
    const reason = parsed.ok ? 'unexpected' : parsed.reason;
    return withSymbology({ kind: 'unknown', value, normalized: value, why: `GS1 data did not parse: ${reason}` });
  }

  for (const rule of rules) {
    if (rule.re.test(value)) {
      const normalized = settings.upperCase ? value.toUpperCase() : value;
      return withSymbology({ kind: rule.kind, value, normalized, why: `matched ${rule.describe}` });
    }
  }

  if (settings.positions) {
    const p = parsePosition(value);
    if (p) {
      const normalized = formatPosition(p);
      if (context.layout && !isInLayout(p, context.layout)) {
        return withSymbology({
          kind: 'unknown',
          value,
          normalized,
          why: `looks like position ${normalized} but lies outside the ${context.layout.rows}×${context.layout.columns} layout`,
        });
      }
      return withSymbology({ kind: 'position', value, normalized, why: 'well position (row letter + column number)' });
    }
  }

  return withSymbology({ kind: 'unknown', value, normalized: value, why: 'no pattern matched' });
}

function classifyGs1(value: string, aim: string | undefined, withoutAim: boolean): Classification | null {
  if (aim || value.startsWith(GS)) {
    const parsed = parseGs1ElementString(value, aim);
    if (!parsed.ok) return null;
    const why = aim ? `GS1 element string (AIM ${aim})` : 'GS1 element string (leading FNC1)';
    return { kind: 'gs1', value, normalized: formatGs1(parsed.data.fields), why, gs1: parsed.data };
  }
  if (value.startsWith('(')) {
    const parsed = parseGs1HumanReadable(value);
    if (parsed.ok) return { kind: 'gs1', value, normalized: formatGs1(parsed.data.fields), why: 'GS1 human-readable (AI)value form', gs1: parsed.data };
    return null;
  }
  // Keyboard wedges usually drop the AIM prefix; a GTIN with a valid check digit is strong evidence.
  if (withoutAim && /^01\d{14}/.test(value)) {
    const parsed = parseGs1ElementString(value);
    if (parsed.ok) {
      return { kind: 'gs1', value, normalized: formatGs1(parsed.data.fields), why: 'GS1 without AIM: starts with (01) and a GTIN with a valid check digit', gs1: parsed.data };
    }
  }
  return null;
}

const defaultClassifier = createClassifier();

/** Classifies with the default pattern set; use createClassifier for the lab's own settings. */
export function classifyScan(raw: string, context?: ClassifyContext): Classification {
  return defaultClassifier(raw, context);
}
