import { expect } from 'vitest';
import type { Benches } from './benches-on-main.js';

/** PL-0003 (96 wells, empty in the demo): the plate Well fill has open. */
export const PLATE = 'PLT000003';
/** BX-0001 (empty in the demo): where the tube is moved to. */
export const BOX = 'BOX000001';

/**
 * S-0001 in A1 and S-0002 in A2 of the plate (put there by another bench: moved there on Assign location,
 * or filled on Well fill, as `placed` says; the listing reads the same), Well fill open on it; then
 * S-0001 (its tube TB000001) moved to the box on Assign location while the service is out of reach: the
 * move waits in the Outbox, and Well fill reads the plate again from main's saved copy, whose wells still
 * list the tube in A1 (main sends the move with it: `movedAway`). Demo data: TB000n is the row S-000n.
 */
export async function movedToBoxOffline(b: Benches, placed: 'assigned' | 'filled' = 'assigned'): Promise<void> {
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  const put = placed === 'assigned' ? b.otherAssigns.bind(b) : b.otherPuts.bind(b);
  await put(PLATE, 'A1', 'S-0001');
  await put(PLATE, 'A2', 'S-0002');
  await b.scan(PLATE); // read while the service answers, so it opens offline
  expect([b.s.wells['A1']?.sample, b.s.wells['A2']?.sample]).toEqual(['S-0001', 'S-0002']);
  expect(b.s.cursor).toBe('A3');

  const away = b.assignScreen();
  await away.scan(BOX);
  await b.queueHeldOffline();
  await away.scan(BOX);
  await away.scan('TB000001');
  expect(b.said()).toMatch(/TB000001 → .* A1$/);
  // Back on Well fill: the plate read again, from the saved copy.
  await b.s.refresh();
  expect(b.s.plate?.fromCache).toBe(true);
  expect(b.s.plate?.wells.find((w) => w.position === 'A1')?.sample?.id).toBe('S-0001');
  expect(b.s.plate?.movedAway).toHaveLength(1);
}
