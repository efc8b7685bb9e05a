import { describe, expect, it, vi } from 'vitest';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { BOX, movedToBoxOffline, PLATE } from '../../../../helpers/moved-away-offline.js';

/**
 * A tube the service lists in A1 of a plate, moved from this computer to a box on Assign location while
 * the service is out of reach: the move waits in the Outbox, and the plate's wells (main's saved copy)
 * still list the tube in A1. Main sends the move with the plate (`movedAway`). Labels took the tube out
 * of A1; Well fill drew it there all the same: the fill cursor passed A1 over, and the tube scanned back
 * into the plate was a "Duplicate" of A1, though it is in the box. The real main in-process and its
 * embedded sandbox (`extended` lists wells), behind the proxy that takes the service away (demo data:
 * TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

describe('Well fill: a tube the plate lists, moved to another location from this computer', () => {
  it('is drawn out of its well, with its move waiting, as Labels draws it', async () => {
    const b = await openBenches('extended');
    await movedToBoxOffline(b);

    expect(b.s.wells['A1']).toMatchObject({ sample: null, sync: 'pending', movedOut: { tube: 'S-0001', to: null } });
    expect(b.s.wellOfSample('S-0001')).toBeNull();
    expect(b.s.filled).toBe(1);
    // A1 is free: the fill cursor does not pass it over.
    expect(b.s.firstTarget()).toBe('A1');
    expect(b.s.nextTarget('A1')).toBe('A1');

    // Labels draws the same plate the same way.
    const labels = new LabelSources(b.env.api);
    await labels.loadPlate({ barcode: PLATE });
    expect(labels.wells).toEqual(JSON.parse(JSON.stringify(b.s.wells)) as unknown);
  });

  it('scanned back into the plate, the tube is put in a well, not called a duplicate of A1', async () => {
    const b = await openBenches('extended');
    await movedToBoxOffline(b);
    b.s.fillFrom('A1');
    await b.scan('TB000001');
    expect(b.said()).toMatch(/^S-0001 → A1/);
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'pending' });
  });

  it('the move sent: the plate read again shows A1 as the service has it, empty', async () => {
    const b = await openBenches('extended');
    await movedToBoxOffline(b);
    b.proxy().setFaults([]);
    await b.sync();
    await vi.waitFor(async () =>
      expect((await b.entries()).find((e) => e.intent?.type === 'location-assign')?.state).toBe('done'),
    );
    expect(b.heldOnService(BOX, 'A1')).toBe('S-0001');
    // The move's news reads the plate again: A1 is no longer drawn as waiting for it.
    await vi.waitFor(() => expect(b.s.plate?.fromCache).toBe(false));
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: null, sync: null }));
    expect(b.s.plate?.movedAway).toEqual([]);
  });

  it('the move refused (the box well taken meanwhile): the tube is drawn back in A1', async () => {
    const b = await openBenches('extended');
    await movedToBoxOffline(b);
    b.proxy().setFaults([]);
    await b.otherPuts(BOX, 'A1', 'S-0099');
    await b.sync();
    await vi.waitFor(async () =>
      expect((await b.entries()).find((e) => e.intent?.type === 'location-assign')?.state).toBe('failed'),
    );
    expect(b.heldOnService(PLATE, 'A1')).toBe('S-0001');
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'synced' }));
    expect(b.s.wellOfSample('S-0001')).toBe('A1');
  });
});
