import { formatPosition, isInLayout, parsePosition, type Layout } from '../layout/positions.js';
import { stripAim } from './aim.js';
import { classifyGs1, normalizedGs1 } from './classify-gs1.js';
import { parseCommandWord, parseLayoutWord, type ScanCommand } from './commands.js';
import type { Gs1Data } from './gs1.js';
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
  /**
   * True when the read must be refused and never recorded: garbage (empty, too long, control
   * characters), GS1 data or an EAN/UPC that fails GS1's checks, a web address that is not a
   * valid GS1 Digital Link. `reason` says why, in words to show on screen.
   */
  rejected?: boolean;
  reason?: string;
  symbology?: string;
  /** For kind `gs1`: the parsed fields; `gs1.source` says whether it came as a Digital Link, EAN/UPC… */
  gs1?: Gs1Data;
  command?: ScanCommand;
  /** For a layout command barcode: the layout's name (kind `command`, no `command` word). */
  layout?: string;
  /**
   * Shaped like a position (`normalized` is it) but outside the context's layout: kind `unknown`, as
   * it is no position there, yet a screen expecting a position says so rather than taking it as an ID.
   */
  outsideLayout?: boolean;
}

export interface ClassifyContext {
  /** When set, a position outside it is not a position (a typo or another plate's layout). */
  layout?: Layout;
}

export interface ClassifierPlatform {
  /** The clock, for GS1's two-digit years (a year within −49…+50 of now). */
  now?: () => number;
}

interface CompiledRule {
  kind: PatternKind;
  re: RegExp;
  describe: string;
}

export type Classifier = (raw: string, context?: ClassifyContext) => Classification;

/** Compiles the lab's pattern settings once; the returned function is pure and cheap per scan. */
export function createClassifier(
  input: Partial<BarcodePatternSettings> = {},
  platform: ClassifierPlatform = {},
): Classifier {
  const settings = barcodePatternSettings.parse(input);
  const rules: CompiledRule[] = settings.rules.map((r) => ({
    kind: r.kind,
    re: new RegExp(r.pattern, r.flags),
    describe: `${r.label ?? r.kind} pattern /${r.pattern}/${r.flags}`,
  }));
  const now = platform.now ?? Date.now;
  // A scanner typing with Caps Lock on sends `#cmd:undo`: the prefix is matched without case.
  const prefix = settings.commandPrefix.toUpperCase();
  return (raw, context = {}) =>
    classifyWith(settings, { rules, prefix, year: new Date(now()).getUTCFullYear() }, raw, context);
}

function refuse(value: string, reason: string, why = reason): Classification {
  return { kind: 'unknown', value, normalized: value, why, rejected: true, reason };
}

function classifyWith(
  settings: BarcodePatternSettings,
  compiled: { rules: readonly CompiledRule[]; prefix: string; year: number },
  raw: string,
  context: ClassifyContext,
): Classification {
  const clean = sanitizeScan(raw, settings.maxLength);
  if (!clean.ok) return { ...refuse(raw, clean.reason, `rejected: ${clean.reason}`), normalized: '' };

  const { aim, rest: value } = stripAim(clean.text);
  const withSymbology = (c: Classification): Classification => (aim ? { ...c, symbology: aim.symbology } : c);
  if (value.length === 0) {
    const reason = 'empty scan after the AIM identifier';
    return withSymbology({ ...refuse(value, reason, `rejected: ${reason}`), normalized: '' });
  }

  if (value.slice(0, compiled.prefix.length).toUpperCase() === compiled.prefix) {
    const word = value.slice(compiled.prefix.length);
    const layout = parseLayoutWord(word);
    if (layout !== null)
      return withSymbology({ kind: 'command', value, normalized: value, layout, why: `layout command barcode` });
    const command = parseCommandWord(word);
    if (!command) {
      return withSymbology({ kind: 'unknown', value, normalized: value, why: `unknown command barcode "${value}"` });
    }
    const why = `command barcode (prefix "${settings.commandPrefix}")`;
    return withSymbology({ kind: 'command', value, normalized: command, command, why });
  }

  const gs1 = classifyGs1(value, aim, settings.gs1WithoutAim, compiled.year);
  if (gs1?.kind === 'gs1') {
    return withSymbology({ kind: 'gs1', value, normalized: normalizedGs1(gs1.data), why: gs1.why, gs1: gs1.data });
  }
  if (gs1?.kind === 'refused') return withSymbology(refuse(value, gs1.reason));
  const idText = gs1?.kind === 'own-number' ? gs1.value : value;

  for (const rule of compiled.rules) {
    if (rule.re.test(idText)) {
      const normalized = settings.upperCase ? idText.toUpperCase() : idText;
      return withSymbology({ kind: rule.kind, value: idText, normalized, why: `matched ${rule.describe}` });
    }
  }
  if (gs1?.kind === 'doubtful') return withSymbology(refuse(value, gs1.reason));

  if (settings.positions) {
    const p = parsePosition(idText);
    if (p) {
      const normalized = formatPosition(p);
      if (context.layout && !isInLayout(p, context.layout)) {
        const { rows, columns } = context.layout;
        const why = `looks like position ${normalized} but lies outside the ${rows}×${columns} layout`;
        return withSymbology({ kind: 'unknown', value: idText, normalized, why, outsideLayout: true });
      }
      const why = 'well position (row letter + column number)';
      return withSymbology({ kind: 'position', value: idText, normalized, why });
    }
  }

  const why =
    gs1?.kind === 'own-number'
      ? 'EAN/UPC in a restricted (company-internal) number range; no pattern matched'
      : 'no pattern matched';
  return withSymbology({ kind: 'unknown', value: idText, normalized: idText, why });
}

const defaultClassifier = createClassifier();

/** Classifies with the default pattern set; use createClassifier for the lab's own settings. */
export function classifyScan(raw: string, context?: ClassifyContext): Classification {
  return defaultClassifier(raw, context);
}
