/**
 * Which row the keyboard goes to once an action on entry `acted` was taken and the list read again (the
 * button pressed went with it: a retried entry has no Retry, a discarded one no row): its own row while it
 * is still listed, else the nearest row after it that still is, else the nearest before it. Null when the
 * list is empty: the screen's answer to the action takes the focus then.
 */
export function rowToFocus(before: readonly number[], acted: number, after: readonly number[]): number | null {
  const listed = new Set(after);
  if (listed.has(acted)) return acted;
  const at = before.indexOf(acted);
  if (at >= 0) {
    const next = before.slice(at + 1).find((id) => listed.has(id));
    if (next !== undefined) return next;
    const previous = before
      .slice(0, at)
      .reverse()
      .find((id) => listed.has(id));
    if (previous !== undefined) return previous;
  }
  return after[0] ?? null;
}
