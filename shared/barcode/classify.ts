import { formatPosition, isInLayout, parsePosition, type Layout } from '../layout/positions.js';
import { stripAim, type AimInfo } from './aim.js';
import { classifyGs1, normalizedGs1 } from './classify-gs1.js';
import { parseCommandWord, parseLayoutWord, type ScanCommand } from './commands.js';
import type { Gs1Data } from './gs1.js';
import { barcodePatternSettings, ID_KINDS, type BarcodePatternSettings, type PatternKind } from './patterns.js';
import { sanitizeScan } from './sanitize.js';
import { swappedCase } from './letter-case.js';
import { plainForm } from './lookalikes.js';
import { LAYOUT_PAIRS, retyped } from './layout-mismatch.js';
import { LAYOUT_SAID, type KeyboardLayoutName } from './scanner-settings.js';
import { CHECK_CHARACTER_FIX, code39CheckCharacter, code39Data, sendsCode39Check } from './code39.js';
import { aroundSaid } from './framing.js';

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

/** Codabar's data (digits and - $ : / . +) between its start and stop characters (A–D, or T N * E). */
const CODABAR_FRAMED = /^([A-DTNE*])([0-9\-$:/.+]+)([A-DTNE*])$/i;

/**
 * A Codabar read (AIM `]F`) sent with its start and stop characters, as scanners set to send them do
 * (A123456B): they are never data, so they are taken off. Without an AIM they may be a code's own
 * letters, and only the words say so (codabarSeen).
 */
function withoutCodabarStartStop(text: string, aim: AimInfo | null): string {
  if (aim?.symbology !== 'codabar') return text;
  return CODABAR_FRAMED.exec(text)?.[2] ?? text;
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
  const clean = sanitizeScan(raw, settings.maxLength);
  if (!clean.ok) return { ...refuse(raw, clean.reason, `rejected: ${clean.reason}`), normalized: '' };

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
  const tried = (text: string) => classifyWith(settings, compiled, text, context, false);
  const keysReadBy = context.keysReadBy ?? 'computer';
  const found = !explain
    ? null
    : (said(aim ? null : capsLockSeen(clean.text, tried, keysReadBy)) ??
      said(lookalikesSeen(clean.text, tried)) ??
      layoutMismatchIn(clean.text, tried, keysReadBy) ??
      said(checkCharacterSeen(value, aim, tried)) ??
      said(codabarSeen(value, aim, tried)) ??
      framedIn(value, aim, tried));
  return withSymbology({
    kind: 'unknown',
    value: idText,
    normalized: idText,
    why: found ? `${why}; ${found.words}` : why,
    ...(found ? { cause: found.words } : {}),
    ...(found?.frame ? { frame: found.frame } : {}),
    ...(found?.layouts ? { layouts: found.layouts } : {}),
    ...(found?.refused ? { rejected: true, reason: found.words } : {}),
  });
}

/** A likely cause found for a read nothing took: its words, and what a screen can offer to fix. */
interface Cause {
  words: string;
  frame?: NonNullable<Classification['frame']>;
  layouts?: NonNullable<Classification['layouts']>;
  /** Never to be recorded as read, not even asked about (a command behind a prefix). */
  refused?: true;
}
const said = (words: string | null): Cause | null => (words === null ? null : { words });

/**
 * A read nothing took that, typed by a keyboard scanner programmed for another keyboard layout than the
 * one reading its keys, is one we know; or null. On a computer the scanner's setting is what to change:
 * the computer's layout is the user's own. For a scanner Benchlink reads itself, the layout set for it
 * in Settings → Scanners is what is wrong, and changing it needs no barcode.
 */
function layoutMismatchIn(
  read: string,
  classify: (text: string) => Classification,
  keysReadBy: 'computer' | 'settings',
): Cause | null {
  for (const [reading, scanner] of LAYOUT_PAIRS) {
    const meant = retyped(read, reading, scanner);
    if (meant === null) continue;
    const asMeant = classify(meant);
    if (asMeant.kind === 'unknown' || asMeant.rejected === true) continue;
    const [typed, readWith] = [LAYOUT_SAID[scanner], LAYOUT_SAID[reading]];
    const words =
      keysReadBy === 'settings'
        ? `typed for a ${typed} keyboard and read as ${readWith} (Settings → Scanners), this is ${readAs(asMeant)}: ` +
          `set this scanner's layout there to ${typed} and scan again`
        : `typed for a ${typed} keyboard on a ${readWith} one, this is ${readAs(asMeant)}: ` +
          `set the scanner's keyboard to ${readWith} (a barcode in its manual) and scan again`;
    return { words, layouts: { typedFor: scanner, readWith: reading } };
  }
  return null;
}

/**
 * Words for a read nothing took that is an ID of ours followed by its Code 39 check character; or null.
 * A scanner that does not check the label's check character sends it as data (TB000011X), and every
 * such read was refused "no pattern matched". Only an ID kind is said so: a position and one more
 * character (A1B) is likelier a typo than a check character.
 */
function checkCharacterSeen(
  value: string,
  aim: AimInfo | null,
  classify: (text: string) => Classification,
): string | null {
  if ((aim && aim.symbology !== 'code39') || sendsCode39Check(aim) || value.length < 3) return null;
  const data = value.slice(0, -1);
  if (code39CheckCharacter(data) !== value.slice(-1)) return null;
  const asData = classify(`${aim?.aim ?? ''}${data}`);
  if (!ID_KINDS.has(asData.kind) || asData.rejected === true) return null;
  return `ends in its Code 39 check character (${value.slice(-1)}), this is ${readAs(asData)}: ${CHECK_CHARACTER_FIX}`;
}

/**
 * Words for a read with no AIM that is an ID of ours between Codabar's start and stop characters
 * (A123456B, for a lab whose codes are digits); or null. A scanner set to send them sends every code so.
 */
function codabarSeen(value: string, aim: AimInfo | null, classify: (text: string) => Classification): string | null {
  const m = aim ? null : CODABAR_FRAMED.exec(value);
  if (!m) return null;
  const id = classify(m[2]!);
  if (!ID_KINDS.has(id.kind) || id.rejected === true) return null;
  return (
    `this is ${readAs(id)} between Codabar's start and stop characters (${m[1]}…${m[3]}): set the scanner ` +
    'not to send them (a barcode in its manual) and scan again'
  );
}

/** The most characters taken for a scanner's prefix or suffix, each side: a Code ID is one, an AIM id three. */
const MAX_FRAME = 4;
/** What a scanner's prefix can hide: an ID, a command sheet's barcode (j#CMD:UNDO was an unknown sample), GS1 data. */
const FRAMED_KINDS: ReadonlySet<string> = new Set([...ID_KINDS, 'command', 'gs1']);

/**
 * A read nothing took that is an ID of ours (or a command, or GS1 data) with a few characters a scanner
 * adds around it, and what they are; or null. In front a prefix or the scanner's Code ID (Honeywell's
 * "j" before a Code 128 read), after it punctuation. Each was "no pattern matched" (or, plausible, an
 * unknown sample), and the fix is in Settings → Scanners. The fewest characters around are taken. A
 * letter or digit after an ID is no suffix here: an aliquot (TB000011-2, S-0011A) is a code of its own.
 */
function framedIn(value: string, aim: AimInfo | null, classify: (text: string) => Classification): Cause | null {
  for (let around = 1; around <= 2 * MAX_FRAME; around++) {
    for (let front = Math.min(around, MAX_FRAME); front >= Math.max(0, around - MAX_FRAME); front--) {
      const inner = value.slice(front, value.length - (around - front));
      const [before, after] = [value.slice(0, front), value.slice(front + inner.length)];
      if (inner.length < 5 || inner.length <= around || /[\p{L}\p{N}]/u.test(after)) continue;
      const id = classify(`${aim?.aim ?? ''}${inner}`);
      if (!FRAMED_KINDS.has(id.kind) || id.rejected === true) continue;
      const words =
        `this is ${readAs(id)} with ${aroundSaid({ before, after })}: turn the scanner's ` +
        `${before ? 'prefix (or Code ID)' : 'suffix'}${before && after ? ' and suffix' : ''} off, ` +
        `or enter ${before && after ? 'them' : 'it'} in Settings → Scanners, and scan again`;
      // A command or GS1 data behind a prefix is no code of the lab's: never recorded, and said why.
      return { words, frame: { before, after }, ...(ID_KINDS.has(id.kind) ? {} : { refused: true as const }) };
    }
  }
  return null;
}

/**
 * Words for a read nothing took that holds characters drawn like a code's own (lookalikes.ts) and, in
 * plain characters, is one we know; or null. Only the words change: the read is refused as it was.
 */
function lookalikesSeen(read: string, classify: (text: string) => Classification): string | null {
  const plain = plainForm(read);
  if (!plain) return null;
  const asPlain = classify(plain.text);
  if (asPlain.kind === 'unknown' || asPlain.rejected === true) return null;
  const what = `${plain.found.join('; ')}. In plain characters this is ${readAs(asPlain)}`;
  return plain.typedByInputMethod
    ? `${what}: turn the input method (IME) off and scan again`
    : `${what}: type the code or scan the label`;
}

/**
 * Words for a read nothing took that a keyboard scanner with Caps Lock on would type for one we know,
 * or null. Such a scanner swaps the case of every letter, its AIM identifier's too: `]C0BOX000001`
 * comes as `]c0box000001`, which has no AIM we know, and every scan was refused "no pattern matched"
 * with no hint of why. Only the words change: what is recorded, and whether, stays as read. A scanner
 * Benchlink reads itself is read with no Caps Lock but the scanner's own: one typing so is set to type
 * for a keyboard whose Caps Lock is on, and the computer's key changes nothing.
 */
function capsLockSeen(
  read: string,
  classify: (text: string) => Classification,
  keysReadBy: 'computer' | 'settings',
): string | null {
  const swapped = swappedCase(read);
  if (swapped === read) return null;
  const asSwapped = classify(swapped);
  const hasAim = stripAim(swapped).aim !== null;
  const known = asSwapped.kind !== 'unknown' && asSwapped.rejected !== true;
  if (!hasAim && !known) return null;
  const what = known ? readAs(asSwapped) : `${swapped}, with a scanner prefix (AIM) we know`;
  return keysReadBy === 'settings'
    ? `the scanner types as if Caps Lock were on: otherwise this reads as ${what}; set its Caps Lock mode off (a barcode in its manual) and scan again`
    : `Caps Lock seems to be on: with it off this reads as ${what}; turn Caps Lock off and scan again`;
}

/** What a read is, in words: "box barcode BOX000001". */
function readAs(c: Classification): string {
  if (c.kind === 'command') return `a command barcode (${c.value})`;
  if (c.kind === 'gs1') return `GS1 data ${c.normalized}`;
  if (c.kind === 'position') return `position ${c.normalized}`;
  return `${c.kind === 'sample-id' ? 'sample ID' : `${c.kind} barcode`} ${c.normalized}`;
}

const defaultClassifier = createClassifier();

/** Classifies with the built-in pattern set, the one the app uses; createClassifier takes others. */
export function classifyScan(raw: string, context?: ClassifyContext): Classification {
  return defaultClassifier(raw, context);
}
