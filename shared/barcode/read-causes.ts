import { stripAim, type AimInfo } from './aim.js';
import type { Classification } from './classify.js';
import { CHECK_CHARACTER_FIX, code39CheckCharacter, sendsCode39Check } from './code39.js';
import { CODABAR_FRAMED } from './codabar.js';
import { aroundSaid } from './framing.js';
import { LAYOUT_PAIRS, retyped } from './layout-mismatch.js';
import { swappedCase } from './letter-case.js';
import { plainForm } from './lookalikes.js';
import { ID_KINDS } from './patterns.js';
import { framingSettable, LAYOUT_SAID } from './scanner-settings.js';

/**
 * Why a read no rule took may be a code we know after all, for the words a refusal or a "Misread?"
 * question says: Caps Lock, characters drawn like a code's own, a scanner set to another keyboard layout,
 * a check character, Codabar's start and stop characters, a prefix or suffix. Each is tried by
 * classifying the read as that cause would have made it (`classify`, which looks for no cause itself);
 * the first that gives a code we know is the cause. `text` is the read as it came (its AIM id in front),
 * `value` what is left once the AIM id, start/stop and check characters are off.
 */
export function likelyCause(
  read: { text: string; value: string; aim: AimInfo | null },
  classify: (text: string) => Classification,
  keysReadBy: 'computer' | 'settings',
  /** A plate or box is open: a read may be one of its positions written otherwise. */
  layoutOpen = false,
): Cause | null {
  const { text, value, aim } = read;
  // A value as its scanner sent it, AIM id and all, so the AIM id's rules (a Code 39 check character) still hold.
  const asSent = (v: string) => classify(`${aim?.aim ?? ''}${v}`);
  return (
    said(aim ? null : capsLockSeen(text, classify, keysReadBy)) ??
    said(lookalikesSeen(text, classify)) ??
    layoutMismatchIn(text, classify, keysReadBy) ??
    said(checkCharacterSeen(value, aim, asSent)) ??
    said(codabarSeen(value, aim, classify)) ??
    // After the check character: Code 39's for TB777204 is the letter O, not a zero typed as one.
    said(lettersForDigitsSeen(value, asSent)) ??
    (layoutOpen ? positionWrittenOtherwise(value, classify) : null) ??
    codesRunTogether(value, asSent) ??
    framedIn(value, asSent)
  );
}

/** A likely cause found for a read nothing took: its words, and what a screen can offer to fix. */
export interface Cause {
  words: string;
  frame?: NonNullable<Classification['frame']>;
  layouts?: NonNullable<Classification['layouts']>;
  /** Never to be recorded as read, not even asked about (a command behind a prefix). */
  refused?: true;
  /** A position of the open plate's kind that lies outside it, as written without its separator (A13). */
  outsidePosition?: string;
}
const said = (words: string | null): Cause | null => (words === null ? null : { words });

/** A read as a cause would have made it is a code we know: some rule took it, and nothing refused it. */
const isKnown = (c: Classification): boolean => c.kind !== 'unknown' && c.rejected !== true;
/** The same, of one of `kinds`. */
const isOf = (kinds: ReadonlySet<string>, c: Classification): boolean => kinds.has(c.kind) && c.rejected !== true;

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
    if (!isKnown(asMeant)) continue;
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
  /** Classifies a value with the read's AIM id in front. */
  classify: (text: string) => Classification,
): string | null {
  if ((aim && aim.symbology !== 'code39') || sendsCode39Check(aim) || value.length < 3) return null;
  const data = value.slice(0, -1);
  if (code39CheckCharacter(data) !== value.slice(-1)) return null;
  const asData = classify(data);
  if (!isOf(ID_KINDS, asData)) return null;
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
  if (!isOf(ID_KINDS, id)) return null;
  return (
    `this is ${readAs(id)} between Codabar's start and stop characters (${m[1]}…${m[3]}): set the scanner ` +
    'not to send them (a barcode in its manual) and scan again'
  );
}

/** The most codes looked for in one read. */
const MAX_RUN_TOGETHER = 4;
/** What a scanner may send between two codes in place of Enter: its suffix set to a space, Tab, comma… */
const BETWEEN_CODES = /[\s,;|]+/;
/** Where a code of letters then digits (TB000012, S-0012) starts right after another one's digits. */
const LETTER_AFTER_DIGIT = /(?<=\d)(?=\p{L})/gu;

/**
 * A read nothing took that is two to four IDs of ours one after another: a keyboard scanner whose Enter
 * after each code was lost or set to something else (a space, a Tab), or one sending the codes it stored
 * all at once. Or null. Never one code, so refused: asked about, "Use it anyway" recorded
 * TB000011TB000012 as one tube in one well, and neither tube was where the bench thought.
 */
export function codesRunTogether(value: string, classify: (text: string) => Classification): Cause | null {
  const ids = (parts: readonly string[]): Classification[] | null => {
    if (parts.length < 2 || parts.length > MAX_RUN_TOGETHER) return null;
    const found = parts.map((part) => classify(part));
    return found.every((c) => isOf(ID_KINDS, c)) ? found : null;
  };
  const found = BETWEEN_CODES.test(value)
    ? ids(value.split(BETWEEN_CODES).filter((part) => part !== ''))
    : splitsOf(value).reduce<Classification[] | null>((hit, parts) => hit ?? ids(parts), null);
  if (found === null) return null;
  const codes = found.map(readAs);
  const same = codes.every((code) => code === codes[0]);
  const what = same ? `${codes[0]} ${found.length === 2 ? 'twice' : `${found.length} times`}` : codes.join(' and ');
  return {
    words:
      `this is ${what}, in one read: scan ${same ? 'it again' : 'each code'} on its own. If it happens ` +
      'again, set the scanner to send Enter after each code (its suffix)',
    refused: true,
  };
}

/**
 * Ways `value` may be codes one after another: at each place a letter follows a digit (one split, or all
 * of them), and in equal parts (a lab's codes of digits only, or a code read twice). A few splits each
 * checked, not every place in the read.
 */
function splitsOf(value: string): string[][] {
  const found = [...value.matchAll(LETTER_AFTER_DIGIT)].map((m) => m.index);
  // Many such places are no few codes (a4b5c6…): each would be classified twice, for nothing.
  const starts = found.length < 2 * MAX_RUN_TOGETHER ? found : [];
  const at = (cuts: readonly number[]) => {
    const bounds = [0, ...cuts, value.length];
    return bounds.slice(1).map((end, i) => value.slice(bounds[i], end));
  };
  const equal = [2, 3, 4]
    .filter((n) => value.length % n === 0)
    .map((n) => Array.from({ length: n - 1 }, (_, i) => ((i + 1) * value.length) / n));
  return [starts, ...starts.map((cut) => [cut]), ...equal].filter((cuts) => cuts.length > 0).map(at);
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
function framedIn(value: string, classify: (text: string) => Classification): Cause | null {
  for (let around = 1; around <= 2 * MAX_FRAME; around++) {
    for (let front = Math.min(around, MAX_FRAME); front >= Math.max(0, around - MAX_FRAME); front--) {
      const inner = value.slice(front, value.length - (around - front));
      const [before, after] = [value.slice(0, front), value.slice(front + inner.length)];
      if (inner.length < 5 || inner.length <= around || /[\p{L}\p{N}]/u.test(after)) continue;
      const id = classify(inner);
      if (!isOf(FRAMED_KINDS, id)) continue;
      const words = framedWords(id, before, after);
      // A command or GS1 data behind a prefix is no code of the lab's: never recorded, and said why.
      return { words, frame: { before, after }, ...(ID_KINDS.has(id.kind) ? {} : { refused: true as const }) };
    }
  }
  return null;
}

/**
 * What to do about a scanner's prefix or suffix: turn it off, or, where Settings → Scanners can hold it
 * (visible characters), enter it there. A control character cannot be entered: offering it sent the user
 * looking for a way to type EOT into a text field.
 */
function framedWords(id: Classification, before: string, after: string): string {
  const settable = framingSettable(before) && framingSettable(after);
  return (
    `this is ${readAs(id)} with ${aroundSaid({ before, after })}: turn the scanner's ` +
    `${before ? 'prefix (or Code ID)' : 'suffix'}${before && after ? ' and suffix' : ''} off, ` +
    `${settable ? `or enter ${before && after ? 'them' : 'it'} in Settings → Scanners, ` : ''}and scan again`
  );
}

/** Up to MAX_FRAME control characters before and after what is between them. */
const CONTROLS_AROUND = new RegExp(`^([\\x00-\\x1f\\x7f]{0,${MAX_FRAME}})([^]*?)([\\x00-\\x1f\\x7f]{0,${MAX_FRAME}})$`);

/**
 * A read refused for its control characters (sanitize.ts) that is an ID of ours (or a command, or GS1
 * data) with them only around it: a scanner set to frame each code with control characters other than
 * STX…ETX (taken off as a serial frame). The read stays refused; the words say what the characters are
 * and that the scanner's framing is what to turn off, where "control character U+0002 at position 1"
 * said neither.
 */
export function controlsAround(read: string, classify: (text: string) => Classification): Cause | null {
  const [, before = '', inner = '', after = ''] = CONTROLS_AROUND.exec(read) ?? [];
  if (before === '' && after === '') return null;
  const id = classify(inner);
  if (!isOf(FRAMED_KINDS, id)) return null;
  return { words: framedWords(id, before, after), frame: { before, after }, refused: true };
}

/** Letters typed for the digits they look like. */
const DIGIT_OF: Readonly<Record<string, string>> = { O: '0', o: '0', I: '1', l: '1' };
/** A run of digits and such letters, with at least one of each. */
const DIGIT_RUN = /[0-9OoIl]*[0-9][0-9OoIl]*/g;

/**
 * Words for a read nothing took whose digits were typed, in places, as the letters drawn like them (O for
 * 0, I or l for 1: a code typed from a label by hand), where with the digits it is an ID we know; or
 * null. Only inside a run of digits: the O of BOX000001 is a letter. Typed so, TB00O011 was an unknown
 * sample Well fill placed unasked offline.
 */
function lettersForDigitsSeen(value: string, classify: (text: string) => Classification): string | null {
  const swapped = new Set<string>();
  const digits = value.replace(DIGIT_RUN, (run) =>
    run.replace(/[OoIl]/g, (ch) => {
      swapped.add(ch);
      return DIGIT_OF[ch]!;
    }),
  );
  if (swapped.size === 0) return null;
  const id = classify(digits);
  if (!isOf(ID_KINDS, id)) return null;
  const letters = [...swapped].map((ch) => `the letter ${ch} in place of the digit ${DIGIT_OF[ch]}`).join(' and ');
  return `it has ${letters}; with digits this is ${readAs(id)}: type the code again or scan the label`;
}

/**
 * A well's row and column written with something between them (A-1, A 1, A:01), or column first (1A); a
 * column of two digits at most (one may be a leading 0): R-001 is a lab's reagent, not well R1.
 */
const ROW_THEN_COLUMN = /^([A-Za-z])[\s\-:._/]+(0?[1-9]\d?)$/;
const COLUMN_THEN_ROW = /^(0?[1-9]\d?)[\s\-:._/]*([A-Za-z])$/;

/**
 * A read nothing took that is a well position written otherwise than a position is scanned (A-1, 1A),
 * or null. Plausible as a lab's own code, "A-1" was looked up as a sample and offered "Use it anyway?",
 * where the user meant the well. One outside the open plate or box (A-13 on 8 × 12) is that position,
 * refused as A13 is: asked about, "Use it anyway" recorded A-13 in a well as a tube's ID.
 */
function positionWrittenOtherwise(value: string, classify: (text: string) => Classification): Cause | null {
  const rowFirst = ROW_THEN_COLUMN.exec(value);
  const columnFirst = rowFirst ? null : COLUMN_THEN_ROW.exec(value);
  const well = rowFirst ? `${rowFirst[1]}${rowFirst[2]}` : columnFirst ? `${columnFirst[2]}${columnFirst[1]}` : null;
  if (well === null) return null;
  const position = classify(well);
  const written = `written ${value}${columnFirst ? ' (column first)' : ''}, this is position ${position.normalized}`;
  if (position.kind === 'position') return { words: `${written}: scan or type it as ${position.normalized}` };
  if (position.outsideLayout) return { words: written, outsidePosition: position.normalized };
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
  if (!isKnown(asPlain)) return null;
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
  const known = isKnown(asSwapped);
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
