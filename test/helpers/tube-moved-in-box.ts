import { expect } from 'vitest';
import type { AssignState } from '../../renderer/workflows/assign-location/assign-state.svelte.js';
import type { benchesOnMain } from './benches-on-main.js';

/** The demo's BX-0001 (9 × 9), and the tube the box tests move about in it (demo data: TB000n is S-000n). */
export const BOX = 'BOX000001';

/** A rack scanner's file, as Assign location imports it. */
export const rackCsv = (...lines: string[]): string => ['Position,Barcode', ...lines].join('\n');

/** TB000160 put in A1 from this computer and sent; Assign location open on the box again. */
export async function tubeInA1(open: typeof benchesOnMain, profile: 'spec' | 'extended') {
  const b = await open(profile);
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  const { s } = await b.assignScreenOnFilledBox(BOX, ['TB000160']);
  return { b, s };
}

/** A rack file that has TB000160 at `position`: a move within the box, from where the box has it. */
export async function moveBy(s: AssignState, position: string, from: string): Promise<void> {
  expect(await s.rack.importText(rackCsv(`${position},TB000160`))).toEqual({
    text: `1 tube saved from the rack file; 1 tube moved within the box (TB000160 ${from} → ${position})`,
    ok: true,
  });
}
