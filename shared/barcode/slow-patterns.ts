/**
 * Why a lab's barcode shape could take the regular-expression engine seconds or more on some read, or
 * null. A shape is tried on every scan, in the page and in main, on one thread each: a shape JavaScript's
 * backtracking engine takes exponential or high-polynomial time on froze the bench on one misread, and
 * main (which checks every shape against its example and the built-in codes on each save and at start)
 * for minutes, a save answering nothing and every ping waiting. The check reads the pattern's text only,
 * never running it, and refuses the forms that backtrack so:
 * - a repeated group that itself holds a repeat, `([0-9]+-?)+` or `(a*)*`;
 * - a repeated group that holds a choice, `(a|a)*` or `(.|.|.)*`, whose branches may read the same text;
 * - more than MAX_OPEN_REPEATS open-ended repeats (`*`, `+`, `{n,}`): `\d*\d*\d*\d*x` is polynomial of
 *   that degree on a long read;
 * - a back-reference (`\1`, `\k<name>`), which no linear reading can check.
 * `?` after a group bounds it (`PL\d+(-\d+)?`), and a repeated group of plain text is fine (`(AB)+`).
 */
export function slowPatternWhy(pattern: string): string | null {
  // Per open group: whether it holds a repeat, and a choice.
  const groups: { repeats: boolean; choice: boolean }[] = [];
  let open = 0;
  let inClass = false;
  /** The group that ended just before a repeat, whose content the repeat repeats. */
  let closed: { repeats: boolean; choice: boolean } | null = null;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      closed = null;
      const next = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')))
        return 'refers back to a part it read (as in \\1): a misread could then take seconds to check on every scan';
      i += 1;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') {
      inClass = true;
      closed = null;
    } else if (ch === '(') groups.push({ repeats: false, choice: false });
    else if (ch === '|') {
      const g = groups.at(-1);
      if (g) g.choice = true;
    } else if (ch === '*' || ch === '+' || ch === '{') {
      const bound = ch === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i)) : null;
      // A `{` that is not a repeat ({abc}) is a plain character.
      if (ch === '{' && !bound) continue;
      const openEnded = ch !== '{' || (bound![2] !== undefined && bound![3] === '');
      const upTo =
        bound === null ? Infinity : bound[2] === undefined ? Number(bound[1]) : openEnded ? Infinity : Number(bound[3]);
      const many = upTo > 1;
      // A repeat of a group: what the group holds decides.
      if (closed !== null && many) {
        if (closed.repeats)
          return 'repeats a part that repeats itself (as in (\\d+)+): a misread could then take seconds to check on every scan. Write it without the outer repeat, e.g. \\d+(-\\d+)?';
        if (closed.choice)
          return 'repeats a choice (as in (a|b)+): a misread could then take seconds to check on every scan. Write the choices as a set of characters, e.g. [ab]+';
      }
      if (openEnded) open += 1;
      if (many) {
        const g = groups.at(-1);
        if (g) g.repeats = true;
      }
      if (bound) i += bound[0].length - 1;
    }
    // The group just closed, for a repeat right after it; its repeats count for the group around it.
    if (ch === ')') {
      closed = groups.pop() ?? null;
      const outer = groups.at(-1);
      if (outer && closed?.repeats) outer.repeats = true;
    } else if (!(ch === '*' || ch === '+' || ch === '{' || ch === '?')) closed = null;
  }
  if (open > MAX_OPEN_REPEATS)
    return `has ${open} open-ended repeats (*, + or {n,}): a misread could then take seconds to check on every scan. A barcode's shape needs few: write exact counts where you can, e.g. \\d{6}`;
  return null;
}

/** Open-ended repeats one shape may hold: three adjacent ones cost about n³ steps on a read of n characters. */
export const MAX_OPEN_REPEATS = 3;
