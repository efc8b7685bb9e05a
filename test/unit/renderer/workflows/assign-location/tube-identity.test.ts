import { describe, expect, it } from 'vitest';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube is one row of the labsheet whichever of its names is scanned (its barcode TB000100 or its
 * sample ID S-0100), and wherever this computer learnt it is in the box: this visit, an earlier one,
 * Well fill, or the service's list. Assign location and Well fill on the real main in-process, on the
 * real sandbox (demo data: TB000n is the row S-000n), in both service shapes.
 */
const openBenches = benchesPerTest();

async function bench(profile: 'spec' | 'extended') {
  const b = await openBenches(profile);
  /** Where the service has a sample in a plate or box, by the manifest's barcode. */
  const onService = (barcode: string, sample: string): string[] => {
    const { manifests } = b.sandbox().store;
    return manifests
      .wells(manifests.find('barcode', barcode)!.uuid)
      .filter((x) => x.sampleId === sample)
      .map((x) => x.position)
      .sort();
  };
  const sync = async () => {
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
  };
  return { w: b, env: b.env, assignScreen: b.assignScreen, onService, sync, said: b.said, queued: b.queued };
}

describe.each(['spec', 'extended'] as const)('Assign location: one tube, any of its names (%s service)', (profile) => {
  it('a tube scanned by its sample ID after its barcode (and the other way round) is refused with where it is', async () => {
    const b = await bench(profile);
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('TB000100');
    expect(b.said()).toMatch(/TB000100 → .* A1$/);
    const before = await b.queued();

    await scan('S-0100');
    expect(b.said()).toBe(
      'Duplicate: S-0100 is already in A1 (as TB000100); nothing recorded. To move it, scan its new position first.',
    );
    await scan('S-0101'); // not in the box yet: goes in, by its sample ID
    await scan('TB000101');
    expect(b.said()).toBe(
      'Duplicate: TB000101 is already in A2 (as S-0101); nothing recorded. To move it, scan its new position first.',
    );
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000100@A1', 'S-0101@A2']);
    expect(await b.queued()).toBe(before + 1);

    await b.sync();
    expect(b.onService('BOX000001', 'S-0100')).toEqual(['A1']);
    expect(b.onService('BOX000001', 'S-0101')).toEqual(['A2']);

    // The next visit knows both tubes by either name too.
    const again = b.assignScreen();
    await again.scan('BOX000001');
    await again.scan('S-0100');
    expect(b.said()).toBe(
      'Duplicate: S-0100 is already in A1 (as TB000100); nothing recorded. To move it, scan its new position first.',
    );
    await again.scan('TB000101');
    expect(b.said()).toMatch(/^Duplicate: TB000101 is already in A2/);
    await b.sync();
    expect(b.onService('BOX000001', 'S-0100')).toEqual(['A1']);
  });

  it('a tube Well fill put in the plate on this computer is refused, sent or not', async () => {
    const b = await bench(profile);
    await b.w.scan('PLT000003');
    await b.w.scan('TB000001');
    expect(b.w.s.wells['A1']?.sample).toBe('S-0001');
    await b.w.scan('TB000002'); // still waiting to be sent when the box is opened on Assign location
    await b.sync();
    await b.w.scan('TB000003');

    const { scan } = b.assignScreen();
    await scan('PLT000003');
    expect(b.said()).toMatch(/tubes go to A4$/);
    await scan('TB000001');
    expect(b.said()).toBe(
      'Duplicate: TB000001 is already in A1 (as S-0001); nothing recorded. To move it, scan its new position first.',
    );
    await scan('TB000003');
    expect(b.said()).toBe(
      'Duplicate: TB000003 is already in A3 (as S-0003); nothing recorded. To move it, scan its new position first.',
    );
    await scan('S-0002');
    expect(b.said()).toBe(
      'Duplicate: S-0002 is already in A2; nothing recorded. To move it, scan its new position first.',
    );

    await b.sync();
    for (const n of [1, 2, 3]) expect(b.onService('PLT000003', `S-000${n}`)).toEqual([`A${n}`]);
  });

  it('a tube may still be moved to another box on purpose', async () => {
    const b = await bench(profile);
    const first = b.assignScreen();
    await first.scan('BOX000001');
    await first.scan('TB000100');
    await b.sync();

    await first.scan('PLT000003');
    await first.scan('S-0100');
    expect(b.said()).toMatch(/S-0100 → .* A1$/);
    await b.sync();
    expect(b.onService('PLT000003', 'S-0100')).toEqual(['A1']);
    expect(b.onService('BOX000001', 'S-0100')).toEqual([]);
  });

  it('a rack file knows a tube in the box by either name, and saves a tube it puts in two positions in neither', async () => {
    const b = await bench(profile);
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan('TB000100');
    const before = await b.queued();
    const csv = ['Position,Barcode', 'B1,S-0100', 'B2,TB000120', 'B3,S-0120', 'B4,TB000121'].join('\n');
    const { saved, already, moved, twice, refused } = await s.importRack(parseRackCsv(csv, s.layout!).good);
    // TB000120 is S-0120: the file puts one tube in B2 and B3, and cannot say which holds it.
    const why = 'a tube is in one position, so none of them was saved';
    expect(refused).toEqual([
      { position: 'B2', raw: 'TB000120', reason: `the file puts this tube in B3 (as S-0120) too; ${why}` },
      { position: 'B3', raw: 'S-0120', reason: `the file puts this tube in B2 (as TB000120) too; ${why}` },
    ]);
    expect(twice).toEqual(['TB000120 in B2 and S-0120 in B3']);
    // TB000100 in A1 is S-0100, which the file reads in B1: moved there by hand.
    expect([saved, already]).toEqual([2, 0]);
    expect(moved).toEqual(['S-0100 A1 → B1']);
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000100@A1', 'S-0100@B1', 'TB000121@B4']);
    expect(await b.queued()).toBe(before + 2);
    await b.sync();
    expect(b.onService('BOX000001', 'S-0100')).toEqual(['B1']);
    expect(b.onService('BOX000001', 'S-0120')).toEqual([]);
  });
});

describe('Assign location on a service that lists the wells', () => {
  it('a tube the service lists in the plate is refused, by barcode or sample ID', async () => {
    const b = await bench('extended');
    const { scan } = b.assignScreen();
    await scan('PLT000001'); // S-0001…S-0010 in A1…A10, put there elsewhere
    await scan('TB000003');
    expect(b.said()).toBe(
      'Duplicate: TB000003 is already in A3 (as S-0003); nothing recorded. To move it, scan its new position first.',
    );
    await scan('S-0004');
    expect(b.said()).toBe(
      'Duplicate: S-0004 is already in A4; nothing recorded. To move it, scan its new position first.',
    );
    await scan('A5');
    expect(b.said()).toBe('A5 is not empty (S-0005 is in it): scan another position');
    await b.sync();
    expect(b.onService('PLT000001', 'S-0003')).toEqual(['A3']);
  });
});
