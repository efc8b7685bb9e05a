import { describe, expect, it } from 'vitest';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube the service lists in a box, moved from this computer to another location while the service is
 * out of reach: the move waits in the Outbox, and the box's wells still list the tube. Assign location
 * takes it out of the box (main's `movedAway`, box-holdings.ts); the Labels screen printed a well label
 * for it all the same, for a tube no longer in the box. The real main in-process and its embedded
 * sandbox (`extended` lists wells), behind a proxy that takes the service away.
 */
const openBenches = benchesPerTest();
const PRINT_DAY = '2026-11-27';

describe('Labels › wells of a box a tube was moved out of from this computer', () => {
  it('the tube moved away, its move still waiting in the Outbox, gets no well label and is drawn gone', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.otherAssigns('BOX000001', 'B2', 'S-0102');
    await b.otherAssigns('BOX000001', 'B3', 'S-0103');
    const s = new LabelSources(b.env.api, () => PRINT_DAY);
    s.kind = 'wells';
    await s.loadPlate({ barcode: 'BOX000001' }); // read while the service answers, so it opens offline
    expect(s.records.map((r) => r.id)).toEqual(['S-0102', 'S-0103']);

    const away = b.assignScreen();
    await away.scan('PLT000003');
    await b.queueHeldOffline();
    await away.scan('PLT000003');
    await away.scan('TB000102');
    expect(b.said()).toMatch(/TB000102 → .* A1$/);

    expect(await s.loadPlate({ barcode: 'BOX000001' })).toMatchObject({ ok: true });
    expect(s.plate?.fromCache).toBe(true);
    expect(s.plate?.wells.find((w) => w.position === 'B2')?.sample?.id).toBe('S-0102');
    expect(s.plate?.movedAway).toHaveLength(1);
    expect(s.records).toEqual([{ id: 'S-0103', position: 'B3', hrid: 'BX-0001', date: PRINT_DAY }]);
    expect(s.wells['B2']).toMatchObject({ sample: null, sync: 'pending' });
    expect(s.filledPositions).toEqual(['B3']);
    // Chosen by hand, the well is still not labelled: nothing is in it.
    s.pickWell('B2', false);
    expect(s.records).toEqual([]);
  });
});
