import { describe, expect, it } from 'vitest';
import { SampleAssigner } from '../../../../../renderer/workflows/data/sample-assign.svelte.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * Locations → "Assign samples here…" with many lines, on the real main in-process and its embedded
 * sandbox answering as the spec shows ('spec'), reached through a fault proxy (taken away to be offline).
 */
const openBenches = benchesPerTest();

const samples = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `S-${String(i + 1).padStart(4, '0')}` }));

function fridge(b: Benches) {
  const loc = b.sandbox().store.locations.byName('Fridge 4C')[0];
  if (!loc) throw new Error('the demo lab has no Fridge 4C');
  return loc.uuid;
}

const locationOnService = (b: Benches, id: string) => {
  const sheet = b.sandbox().store.labsheets.byName('Samples')!;
  return b.sandbox().store.rows.byIdValue(sheet.uuid, id)[0]?.locationUuid ?? null;
};

describe('Data › Locations: assigning samples', () => {
  it('40 samples: every one assigned and said so, no wait refused as a failure (main holds 32 per page)', async () => {
    const b = await openBenches('spec');
    const where = fridge(b);
    const assigner = new SampleAssigner(b.env.api, await b.env.service(), where);
    await assigner.assign('Samples', 'ID', samples(40));
    // The old code waited on all 40 at once: 8 were refused ("32 calls are already waiting…"), said as a failure.
    expect(assigner.error).toBeNull();
    expect(assigner.phase).toBe('done');
    expect(assigner.done).toBe(40);
    for (const { id } of samples(40)) expect(locationOnService(b, id)).toBe(where);
    const entries = await b.entries();
    expect(entries.filter((e) => e.type === 'location-assign' && e.state === 'done')).toHaveLength(40);
  });

  it('offline: said queued, with how many, not failed with "could not be reached"', async () => {
    const b = await openBenches('spec');
    const where = fridge(b);
    const assigner = new SampleAssigner(b.env.api, await b.env.service(), where);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await assigner.assign('Samples', 'ID', samples(3));
    // The old code said "The service could not be reached" and went back to idle, as if nothing was queued.
    expect(assigner.error).toBeNull();
    expect(assigner.phase).toBe('queued');
    expect(assigner.queued).toBe(3);
    expect(assigner.queuedSaid).toBe(
      'Queued in the outbox: 3 samples will be sent when the service answers (the Outbox screen shows them).',
    );
    const entries = await b.entries();
    expect(entries.filter((e) => e.type === 'location-assign' && e.state === 'pending')).toHaveLength(3);
    // Back online, they are sent: nothing was lost.
    b.proxy().setFaults([]);
    await b.sync();
    await b.sync();
    for (const { id } of samples(3)) expect(locationOnService(b, id)).toBe(where);
  });
});
