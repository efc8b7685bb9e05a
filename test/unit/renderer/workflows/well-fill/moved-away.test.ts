import { describe, expect, it, vi } from 'vitest';
import { describeWell } from '../../../../../renderer/lib/plate-map/well-words.js';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { movedToBoxOffline, PLATE } from '../../../../helpers/moved-away-offline.js';

/**
 * A tube the service lists in A1 of a plate, moved from this computer to a box on Assign location while
 * the service is out of reach: the move waits in the Outbox, and the plate's wells (main's saved copy)
 * still list the tube in A1. The listing cannot tell how the tube came to be there: a tube moved in by a
 * location assignment leaves the well with the move, a fill's sample stays (the service keeps it when its
 * row is assigned elsewhere). Drawn empty, a filled well was the fill cursor's next well and the next tube
 * went on top of a sample the service still held. Well fill leaves it drawn; Labels, which only prints,
 * takes it out. The real main in-process and its embedded sandbox (`extended` lists wells), behind the
 * proxy that takes the service away (demo data: TB000n is the row S-000n).
 */
const openBenches = benchesPerTest();

describe('Well fill: a tube the plate lists, moved to another location from this computer', () => {
  it('a fill of it stays drawn, the fill goes past it, and the service keeps the sample there', async () => {
    const b = await openBenches('extended');
    await movedToBoxOffline(b, 'filled');

    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001' });
    expect(b.s.firstTarget()).toBe('A3');
    await b.scan('TB000005');
    expect(b.said()).toMatch(/^S-0005 → A3/);

    b.proxy().setFaults([]);
    await b.sync();
    await vi.waitFor(async () =>
      expect((await b.entries()).filter((e) => e.state !== 'done').map((e) => e.intent?.type)).toEqual([]),
    );
    // On the drawing that took S-0001 out, S-0005 went into A1 over the sample the service still held.
    expect([b.heldOnService(PLATE, 'A1'), b.heldOnService(PLATE, 'A3')]).toEqual(['S-0001', 'S-0005']);
  });

  it('scanned back into the plate, the tube is asked about as the duplicate the listing shows, not placed unasked', async () => {
    const b = await openBenches('extended');
    await movedToBoxOffline(b);
    b.s.fillFrom('A3');
    await b.scan('TB000001');
    expect(b.s.guard).not.toBeNull();
    expect(b.s.wells['A3']).toMatchObject({ sample: null });
  });

  it('Labels, which writes nothing to the wells, leaves the moved tube out', async () => {
    const b = await openBenches('extended');
    await movedToBoxOffline(b);
    const labels = new LabelSources(b.env.api);
    await labels.loadPlate({ barcode: PLATE });
    // The box is named as the Outbox names it: on the old code, "another plate or box".
    expect(labels.wells['A1']).toMatchObject({
      sample: null,
      movedOut: { tube: 'S-0001', to: null, place: 'BX-0001' },
    });
    expect(describeWell(labels.wells['A1']!)).toMatch(/^A1, empty, S-0001 moved to BX-0001 on Assign location, /);
    const summary = (await b.entries()).find((e) => e.intent?.type === 'location-assign')?.summary;
    expect(summary).toContain('BX-0001');
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001' });
  });
});
