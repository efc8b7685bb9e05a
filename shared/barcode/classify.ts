import { formatPosition, isInLayout, parsePosition, type Layout } from '../layout/positions.js';
import { stripAim, type AimInfo } from './aim.js';
import { classifyGs1, normalizedGs1 } from './classify-gs1.js';
import { parseCommandWord, parseLayoutWord, type ScanCommand } from './commands.js';
import type { Gs1Data } from './gs1.js';
import { barcodePatternSettings, type BarcodePatternSettings, type PatternKind } from './patterns.js';
import { readEnds, sanitizeScan } from './sanitize.js';
import type { KeyboardLayoutName } from './scanner-settings.js';
import { code39Data, sendsCode39Check } from './code39.js';
import { withoutCodabarStartStop } from './codabar.js';
import { codesRunTogether, controlsAround, likelyCause } from './read-causes.js';

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
  /**
   * For a read nothing took: its likely cause (Caps Lock, characters drawn like a code's own, a scanner
   * set to another keyboard layout, a check character, a prefix or suffix), in words with what it would
   * read as and what to do. Only when the read, as that cause would have typed it, is a code we know.
   * Also at the end of `why`.
   */
  cause?: string;
  /** With that cause, when it is characters a scanner added around an ID: what they are, to be taken off every read. */
  frame?: { before: string; after: string };
  /** With that cause, when it is a keyboard layout: the one the scanner typed for, and the one that read its keys. */
  layouts?: { typedFor: KeyboardLayoutName; readWith: KeyboardLayoutName };
}

export interface ClassifyContext {
  /** When set, a position outside it is not a position (a typo or another plate's layout). */
  layout?: Layout;
  /**
   * Whose keyboard layout read a keyboard scanner's keys: the computer's (a wedge, the default), or the
   * one set for the scanner in Settings → Scanners (one Benchlink claims over HID). Only the words for
   * a layout mismatch or Caps Lock differ: they name the setting to change.
   */
  keysReadBy?: 'computer' | 'settings';
  /**
   * Whether the read came as key presses (a wedge, the scan field, a keyboard scanner claimed over HID),
   * where GS1's separator is typed as Ctrl+] and can be lost; false for HID POS, which sends the data's
   * own bytes. Unset: key presses.
   */
  asKeys?: boolean;
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

/**
 * Compiles pattern settings once; the returned function is pure and cheap per scan. The app passes the
 * lab's shapes before the built-in ones (renderer/lib/scan-input/scan-kind.ts, lab-shapes.ts rulesWithLab).
 */
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

/**
 * Code 39's start/stop character `*` as some scanners keep it (`*TB000001*`): no pattern took the read,
 * refused "no pattern matched". One surrounding pair is taken off a Code 39 read (AIM `]A`) and a read
 * without AIM; another symbology's `*…*` is left, since Code 128 and the 2D codes carry `*` as data.
 */
function withoutCode39StartStop(text: string, aim: AimInfo | null): string {
  if (aim && aim.symbology !== 'code39') return text;
  return text.length > 2 && text.startsWith('*') && text.endsWith('*') ? text.slice(1, -1) : text;
}

function refuse(value: string, reason: string, why = reason): Classification {
  return { kind: 'unknown', value, normalized: value, why, rejected: true, reason };
}

function classifyWith(
  settings: BarcodePatternSettings,
  compiled: { rules: readonly CompiledRule[]; prefix: string; year: number },
  raw: string,
  context: ClassifyContext,
  /** Whether an unknown read is tried as its likely cause would have typed it (false inside that try). */
  explain = true,
): Classification {
  const tried = (text: string) => classifyWith(settings, compiled, text, context, false);
  const clean = sanitizeScan(raw, settings.maxLength);
  if (!clean.ok) {
    // The read as its ends are taken off (a terminator, an STX…ETX frame) for both causes. A Tab or a line
    // break between two codes is a scanner's suffix, not a code's character.
    const ends = readEnds(raw);
    const around = explain ? (controlsAround(ends, tried) ?? codesRunTogether(ends, tried)) : null;
    const reason = around?.words ?? clean.reason;
    return {
      ...refuse(raw, reason, `rejected: ${reason}`),
      normalized: '',
      ...(around ? { cause: around.words } : {}),
      ...(around?.frame ? { frame: around.frame } : {}),
    };
  }

  const { aim, rest } = stripAim(clean.text);
  const unstarred = withoutCode39StartStop(rest, aim);
  const unframed = withoutCodabarStartStop(unstarred, aim);
  const checked = sendsCode39Check(aim) ? code39Data(unframed, aim?.aim === ']A5') : null;
  const value = checked?.data ?? unframed;
  const stripped = [
    unstarred !== rest ? 'Code 39 start/stop * removed' : null,
    unframed !== unstarred ? `Codabar start/stop ${unstarred.charAt(0)}…${unstarred.slice(-1)} removed` : null,
    checked ? `Code 39 check character ${checked.check === ' ' ? '(a space)' : checked.check} removed` : null,
  ].filter((s) => s !== null);
  const withSymbology = (c: Classification): Classification => {
    const said = stripped.length > 0 ? { ...c, why: `${c.why} (${stripped.join('; ')})` } : c;
    return aim ? { ...said, symbology: aim.symbology } : said;
  };
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

  const gs1 = classifyGs1(value, aim, settings.gs1WithoutAim, compiled.year, context.asKeys ?? true);
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
  const keysReadBy = context.keysReadBy ?? 'computer';
  const found = explain
    ? likelyCause({ text: clean.text, value, aim }, tried, keysReadBy, context.layout !== undefined)
    : null;
  return withSymbology({
    kind: 'unknown',
    value: idText,
    normalized: idText,
    why: found ? `${why}; ${found.words}` : why,
    ...(found ? { cause: found.words } : {}),
    ...(found?.frame ? { frame: found.frame } : {}),
    ...(found?.layouts ? { layouts: found.layouts } : {}),
    ...(found?.refused ? { rejected: true, reason: found.words } : {}),
    // Refused by the screens as a position outside the plate is (outsideLayoutRefusal names it).
    ...(found?.outsidePosition ? { normalized: found.outsidePosition, outsideLayout: true } : {}),
  });
}

const defaultClassifier = createClassifier();

/** Classifies with the built-in pattern set, the one the app uses; createClassifier takes others. */
export function classifyScan(raw: string, context?: ClassifyContext): Classification {
  return defaultClassifier(raw, context);
}
