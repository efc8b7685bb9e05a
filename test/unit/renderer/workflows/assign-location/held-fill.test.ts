import { describe, expect, it } from 'vitest';
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
    const { entries } = b;
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

  it('the held fill’s tube scanned again is named as the user’s change needing a look, not a plain duplicate', async () => {
    const { b, s, scan } = await heldFill();
    const before = s.assignments.length;
    await scan('TB000012');
    expect(b.said()).toBe(
      'TB000012 is already placed in A1 (as S-0012) by your change that needs a look in the Outbox (send it anyway ' +
        'or discard it there); nothing recorded',
    );
    await scan('S-0012');
    expect(b.said()).toBe(
      'S-0012 is already placed in A1 by your change that needs a look in the Outbox (send it anyway or discard it ' +
        'there); nothing recorded',
    );
    expect(s.assignments).toHaveLength(before);
    // A tube this visit put in the box is a plain duplicate.
    await scan('A2');
    await scan('TB000013');
    await scan('TB000013');
    expect(b.said()).toBe(
      'Duplicate: TB000013 is already in A2; nothing recorded. To move it, scan its new position first.',
    );
  });

  it('a rack file: a position taken by the held fill or by this visit is refused with its reason, the others are saved', async () => {
    const { s, scan } = await heldFill();
    await scan('A2');
    await scan('TB000013');
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000013@A2']);

    const reads = [
      { position: 'A1', barcode: 'TB000040' },
      { position: 'A2', barcode: 'TB000041' },
      { position: 'A3', barcode: 'TB000042' },
      ...(profile === 'extended' ? [{ position: 'H12', barcode: 'TB000043' }] : []),
    ];
    const { saved, refused } = await s.importRack(reads);
    expect(saved).toBe(1);
    expect(refused).toEqual([
      {
        position: 'A1',
        raw: 'TB000040',
        reason: 'A1 holds your fill of S-0012, which needs a look in the Outbox (send it anyway or discard it there)',
        taken: true,
      },
      { position: 'A2', raw: 'TB000041', reason: 'A2 is not empty (TB000013 is in it)', taken: true },
      // The service lists the other bench's tube only when it lists wells.
      ...(profile === 'extended'
        ? [{ position: 'H12', raw: 'TB000043', reason: 'H12 is not empty (S-0099 is in it)', taken: true }]
        : []),
    ]);
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000013@A2', 'TB000042@A3']);
  });

  it('a rack file reading the held fill’s tube names the user’s change in its summary, as a scan of it does', async () => {
    const { s } = await heldFill();
    const said = await s.rack.importText('Position,Barcode\nA1,TB000012\nA2,TB000050');
    expect(said).toEqual({
      text:
        '1 tube saved from the rack file; TB000012 is already placed in A1 (as S-0012) by your change that needs ' +
        'a look in the Outbox (send it anyway or discard it there)',
      ok: true,
    });
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000050@A2']);
  });
});
