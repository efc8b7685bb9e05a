import { classify, garbageSaid, type ScanClass } from './scan-kind.js';
import type { IncomingScan } from './scan-hub.svelte.js';

/** A read a screen that only looks codes up takes (its `c.value` is the code to look up), or why it takes none. */
export type LookedUpCode = { ok: true; c: ScanClass } | { ok: false; said: string };

/**
 * The code that Labels and the Data screen look up for a read: the code as the classifier reads it, as
 * every bench screen does. A HID POS scanner's AIM id (or a keyboard scanner set to send one), Code 39's
 * and Codabar's start and stop characters and a check character sent as data are taken off, and Caps
 * Lock's tb000011 is TB000011: looked up as read, ]C0TB000011 was "not in the labsheet Samples". A read
 * every screen refuses (control characters, two codes in one read) is refused here in the same words,
 * and a command barcode does nothing on a screen that records nothing.
 */
export function lookedUpCode(scan: Pick<IncomingScan, 'text' | 'source'>, screen: string): LookedUpCode {
  const c = classify(scan.text, { source: scan.source });
  if (c.garbage) return { ok: false, said: garbageSaid(c) };
  if (c.kind === 'command')
    return {
      ok: false,
      said: `${c.value} is a command barcode: nothing done. Command barcodes work on Well fill and Assign location, not on ${screen}`,
    };
  return { ok: true, c };
}
