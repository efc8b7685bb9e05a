import type { WedgeKey } from '../../../../../renderer/lib/scan/wedge-detector.js';
import { randInt } from '../../../../helpers/seeded-random.js';

/**
 * Keystroke timing profiles. Human: 80–250 ms between keys with occasional long pauses, and
 * fast bigrams (30–50 ms) — now and then a fast trigram — as trained typists produce on common
 * letter pairs; Enter comes after a visible pause. Scanners: USB wedges 2–15 ms per key;
 * Bluetooth 20–60 ms with ±8 ms jitter (radio batching), occasionally a late key.
 * Capitals are preceded by a Shift keydown, as browsers report.
 */
export type Rand = () => number;

function withShift(out: WedgeKey[], ch: string, at: number): void {
  if (ch !== ch.toLowerCase()) out.push({ key: 'Shift', at: Math.max(0, at - 1) });
  out.push({ key: ch, at });
}

/** `fastRun`: how many fast gaps came just before; a run of fast keys is at most a trigram. */
export function humanGap(rand: Rand, fastRun: number): number {
  const r = rand();
  if (fastRun === 0 && r < 0.15) return 30 + rand() * 20; // fast bigram
  if (fastRun === 1 && r < 0.3) return 35 + rand() * 20; // the third key of a fast trigram
  if (r > 0.97) return 250 + rand() * 600; // thinking
  return 80 + rand() * 170;
}

/** A line typed by hand, ending with Enter (or Tab). */
export function humanLine(
  rand: Rand,
  text: string,
  start: number,
  terminator = 'Enter',
): { keys: WedgeKey[]; end: number } {
  const keys: WedgeKey[] = [];
  let at = start;
  let fastRun = 0;
  for (const ch of text) {
    withShift(keys, ch, at);
    const g = humanGap(rand, fastRun);
    fastRun = g < 60 ? fastRun + 1 : 0;
    at += g;
  }
  at += 60 + rand() * 300; // reaching for Enter
  keys.push({ key: terminator, at });
  return { keys, end: at };
}

export function scannerBurst(
  rand: Rand,
  text: string,
  start: number,
  kind: 'usb' | 'bluetooth',
  terminator: string | null = 'Enter',
): { keys: WedgeKey[]; end: number } {
  const keys: WedgeKey[] = [];
  let at = start;
  const gap = () => (kind === 'usb' ? 2 + rand() * 13 : Math.max(12, 20 + rand() * 40 + (rand() - 0.5) * 16));
  for (const ch of text) {
    withShift(keys, ch, at);
    at += gap();
  }
  if (terminator) keys.push({ key: terminator, at });
  return { keys, end: at };
}

const WORDS = [
  'sample',
  'plate',
  'buffer',
  'the',
  'and',
  'PBS',
  'Tris',
  'lot',
  'incubate',
  'spin',
  'C5',
  'A1',
  'PLT0042',
  'TB77',
  'ok',
  'check',
  'thaw',
  'ice',
  'with',
  'ng/ul',
  '37C',
];

export function humanText(rand: Rand): string {
  const n = randInt(rand, 1, 6);
  return Array.from({ length: n }, () => WORDS[randInt(rand, 0, WORDS.length - 1)]).join(' ');
}

export function barcode(rand: Rand): string {
  const kind = randInt(rand, 0, 4);
  const digits = (n: number) => Array.from({ length: n }, () => randInt(rand, 0, 9)).join('');
  if (kind === 0) return `PLT${digits(6)}`;
  if (kind === 1) return `TB${digits(8)}`;
  if (kind === 2) return `S-${digits(randInt(rand, 2, 7))}`;
  if (kind === 3) return `BOX${digits(4)}`;
  return `01${digits(14)}17${digits(6)}10LOT${digits(3)}`;
}
