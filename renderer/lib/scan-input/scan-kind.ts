import { createClassifier, type Classification } from '../../../shared/barcode/classify.js';
import { rulesWithLab } from '../../../shared/barcode/lab-shapes.js';
import { ID_KINDS, type PatternRule } from '../../../shared/barcode/patterns.js';
import { notAnIdReason } from '../../../shared/barcode/gs1-describe.js';
import { localDay } from '../format/day.js';
import { formatPosition, type Layout } from '../../../shared/layout/positions.js';
import { isUuid } from '../../../shared/api/primitives.js';
import type { ScanSourceKind } from './scan-hub.svelte.js';
import { DEFAULT_COMMAND_PREFIX, parseCommandWord, parseLayoutWord } from '../../../shared/barcode/commands.js';

/**
 * The lab's own shapes (Settings → Barcode shapes), then the built-in ones (TB…, S-…, PLT…, BOX…, LOC-…).
 * A code of no shape is kind `unknown`, looked up as read (main's lookup finds its row in any letter case).
 */
let classifier = createClassifier();
let labShapesInUse: readonly PatternRule[] = [];

/**
 * The lab's saved shapes, handed over by the shell at start and on every settings change, so every
 * screen reads a code the same way: without them a lab's plate P000123 was a code nobody knew, and Well
 * fill placed it in the next well as a sample. Compiled here once per change, never per scan.
 */
export function useLabShapes(shapes: readonly PatternRule[]): void {
  if (JSON.stringify(shapes) === JSON.stringify(labShapesInUse)) return;
  classifier = createClassifier({ rules: rulesWithLab(shapes) });
  labShapesInUse = shapes;
}

/** Text no barcode of ours looks like: control characters, spaces inside, punctuation soup. */
const PLAUSIBLE = /^[A-Za-z0-9][A-Za-z0-9_\-.:/()#]*$/;

/**
 * `garbage`: never record this read. It covers everything the shared classifier refuses (GS1 data,
 * EAN/UPC or a Digital Link that fails GS1's checks, any other web address), unknown text no barcode
 * of ours looks like, and a command sheet's barcode read without its `#` (`lostCommand`). `refusal` is
 * then the reason to show.
 */
export type ScanClass = Classification & { garbage: boolean; refusal?: string; lostCommand?: true };

/** The command prefix as a read that lost its leading punctuation (`#`) spells it: `CMD:`. */
const BARE_PREFIX = DEFAULT_COMMAND_PREFIX.replace(/^[^A-Za-z0-9]+/, '').toUpperCase();

/**
 * A command sheet's barcode read without its `#` (a scanner that drops the first character, a worn
 * label): `CMD:UNDO`, `cmd:skip`, `CMD:LAYOUT:qPCR NTC`. The shared classifier takes it for an unknown
 * code, so a screen looked it up as a tube: queued into the box or plate unasked with the labsheet
 * unread (an Undo that put a tube named CMD:UNDO in the next position), asked about as a tube online.
 * A code that only starts so (`CMD:FOO`) names no command, and stays a code.
 */
function lostCommandPrefix(c: Classification): boolean {
  if (c.kind !== 'unknown' || c.value.slice(0, BARE_PREFIX.length).toUpperCase() !== BARE_PREFIX) return false;
  const word = c.value.slice(BARE_PREFIX.length);
  return parseCommandWord(word) !== null || parseLayoutWord(word) !== null;
}

/**
 * The shared classifier plus the bench's own "garbage" rule, so every workflow refuses the same scans.
 * An ID a rule matched is looked up and recorded as the classifier normalised it: a keyboard scanner
 * with Caps Lock on types tb000011, which was looked up as typed, found in no row, and recorded (after
 * "Use it anyway?", or offline without asking) as a sample nobody has. What was read stays `scan.text`.
 */
export function classify(text: string, where: { layout?: Layout | null; source?: ScanSourceKind } = {}): ScanClass {
  const read = classifier(text, {
    ...(where.layout ? { layout: where.layout } : {}),
    ...(where.source === 'hid-keys' ? { keysReadBy: 'settings' as const } : {}),
    ...(where.source === 'hid' ? { asKeys: false } : {}),
  });
  const c = ID_KINDS.has(read.kind) && read.normalized ? { ...read, value: read.normalized } : uuidLowered(read);
  // Before the garbage rule: a layout's name may hold a space, and its read is still a lost `#`.
  if (!c.rejected && lostCommandPrefix(c))
    return { ...c, garbage: true, lostCommand: true, refusal: "a command sheet's barcode read without its #" };
  const garbage = c.rejected === true || (c.kind === 'unknown' && !PLAUSIBLE.test(c.value));
  return garbage ? { ...c, garbage, refusal: c.reason ?? c.cause ?? c.why } : { ...c, garbage };
}

/**
 * A uuid is one in any case, and the service writes them in lower case: one read in upper case (a label
 * printed so, Caps Lock) was no box on Assign location, and "Open as a location" queued its tubes to a
 * location with no positions. Lower-cased, it is the service's own spelling wherever it goes.
 */
function uuidLowered(c: Classification): Classification {
  return c.kind === 'unknown' && isUuid(c.value) ? { ...c, value: c.value.toLowerCase() } : c;
}

/**
 * The line a bench screen shows for a garbage read, so every screen refuses it in the same words: a
 * command read without its `#` says what it is and that nothing was done (scanned again, it may read whole),
 * and a read with a likely cause (Caps Lock, another keyboard layout…) says that cause and what to do.
 * The verdict comes first: a GS1 read's reason can be longer than the last-scan line holds, and the end of
 * what does not fit is cut.
 */
export function garbageSaid(c: ScanClass): string {
  if (c.lostCommand)
    return `${c.value} looks like a command sheet read without its #: nothing recorded, nothing done. Scan it again`;
  if (c.cause) return `Nothing recorded: ${c.cause}`;
  return `Nothing recorded: not a barcode we know (${c.refusal ?? c.why})`;
}

/**
 * Why this scan cannot be recorded as the ID the screen expects ("a tube ID"), or null when it
 * can: garbage and refused reads give their reason, a GS1 product or shipping code says what it is.
 */
export function idRefusal(c: ScanClass, idName: string): string | null {
  if (c.garbage) return c.refusal ?? c.why;
  return notAnIdReason(c, idName, localDay());
}

/**
 * Why a read shaped like a position but outside the open plate or box (Q1 on a 384-well plate, J1 in
 * a 9 × 9 box) is not recorded, or null for any other read. Taken as an ID it became an "unknown
 * sample" question on Well fill and, on Assign location, a tube move the service refused later; it is
 * nearly always a position mistyped or read off another plate. `where` names the plate or box (its
 * hrid: the words must fit the last-scan line).
 */
export function outsideLayoutRefusal(c: ScanClass, layout: Layout, where: string): string | null {
  if (!c.outsideLayout) return null;
  const range = `A1–${formatPosition({ row: layout.rows - 1, column: layout.columns - 1 })}`;
  return `${c.normalized} is outside ${where} (${range}): nothing recorded. Scan ${range} or a tube`;
}
