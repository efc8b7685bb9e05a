import { formatPosition, parsePosition } from '../../../../shared/layout/positions.js';
import type { SampleLine } from '../sample-assign.svelte.js';

/** A line that cannot be read as "ID" or "ID position": its number (1-based, as typed) and why. */
export interface UnreadLine {
  line: number;
  text: string;
  why: string;
}

/**
 * The samples of the "one per line" box: "S-0001", or "S-0001 A1" with a position (used when the location
 * is a manifest). The last word is a position only when it reads as one (shared/layout/positions.ts):
 * "Sample 12" is the ID "Sample 12", not the ID "Sample" at 12. A line with a position-like word before its
 * end ("S-0001 A1 spare") is not guessed at: it is said, to be written again.
 */
export function readSampleLines(text: string): { lines: SampleLine[]; unread: UnreadLine[] } {
  const lines: SampleLine[] = [];
  const unread: UnreadLine[] = [];
  text.split('\n').forEach((raw, k) => {
    const line = raw.trim();
    if (line === '') return;
    const words = line.split(/\s+/);
    const last = words.length > 1 ? parsePosition(words.at(-1)!) : null;
    // Past the first word (an ID may look like a position: "A1") and before the last.
    const inner = words.slice(1, last ? -1 : undefined).filter((w) => parsePosition(w) !== null);
    if (inner.length > 0) {
      unread.push({
        line: k + 1,
        text: line,
        why: `"${inner[0]}" looks like a position but is not at the end: write "ID position", one sample per line`,
      });
      return;
    }
    if (!last) return void lines.push({ id: line });
    lines.push({ id: line.slice(0, line.length - words.at(-1)!.length).trim(), position: formatPosition(last) });
  });
  return { lines, unread };
}
