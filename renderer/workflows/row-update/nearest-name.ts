/**
 * The column a mistyped field most likely meant ("status" → Status, "Volme uL" → Volume uL), or the value a
 * mistyped batch value did ("Depleted" → depleted): the same name in another case first, else the fewest
 * letters changed. Null when there are none to choose from, or none is closer than changing half the name.
 */
export function nearestName(field: string, headers: readonly string[]): string | null {
  const wanted = field.trim().toLowerCase();
  const sameCase = headers.find((h) => h.trim().toLowerCase() === wanted);
  if (sameCase !== undefined) return sameCase;
  let best: string | null = null;
  let bestDistance = Math.ceil(wanted.length / 2) + 1;
  for (const h of headers) {
    const d = editDistance(wanted, h.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [h, d];
  }
  return best;
}

/** Letters inserted, removed or changed to turn `a` into `b` (Levenshtein). */
function editDistance(a: string, b: string): number {
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const now = [i];
    for (let j = 1; j <= b.length; j++)
      now[j] = Math.min(before[j]! + 1, now[j - 1]! + 1, before[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    before = now;
  }
  return before[b.length]!;
}
