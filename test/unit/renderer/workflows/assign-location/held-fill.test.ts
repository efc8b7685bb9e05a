import { describe, expect, it } from 'vitest';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A well filled on Well fill whose fill is held for a look (another bench changed the plate), then the
 * plate opened on Assign location: the well is the user's, not free. A tube moved there would wait
 * behind the fill and be refused once it is sent. Both screens on the real main in-process; main
 * reaches the real sandbox through the fault proxy; the other bench writes over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const HELD = 'A1: your fill of S-0012 needs a look in the Outbox';

describe.each(['spec', 'extended'] as const)('Assign location: a well whose fill needs a look (%s)', (profile) => {
  /** TB000012 (S-0012) filled into A1 on Well fill while another bench changed the plate. */
  async function heldFill() {
    const b = await openBenches(profile);
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.scan(PLATE);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await b.scan('TB000012');
    expect(b.s.wells['A1']?.sample).toBe('S-0012');
    await b.otherPuts(PLATE, 'H12', 'S-0099');
    b.proxy().setFaults([]);
    await b.sync();
    const entries = () => b.env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] });
    const fill = (await entries()).find((e) => e.intent?.type === 'well-set')!;
    expect(fill).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });

    const { s, scan } = b.assignScreen();
    await scan(PLATE);
    return { b, s, scan };
  }

  it('counts the well as taken by the fill, says so, and refuses a position scan of it', async () => {
    const { b, s, scan } = await heldFill();
    expect(s.heldNotes()).toEqual([HELD]);
    expect(s.isTaken('A1')).toBe(true);
    expect(s.targetPosition()).not.toBe('A1');
    const before = s.assignments.length;
    await scan('A1');
    expect(b.said()).toBe(
      'A1 holds your fill of S-0012, which needs a look in the Outbox (send it anyway or discard it there): scan another position',
    );
    expect(s.armed).toBeNull();
    expect(s.assignments).toHaveLength(before);
  });
});
