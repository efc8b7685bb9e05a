import { describe, expect, it } from 'vitest';
import { answerGuard } from '../../../../../renderer/lib/question/question.js';
import { classify } from '../../../../../renderer/lib/scan-input/scan-kind.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A box's or plate's uuid read in upper case (a label printed so, Caps Lock) on Assign location, on the real
 * main and sandbox. A uuid is one in any case, and the service writes them in lower case. On the old code
 * the upper-case uuid of a known box was "no location, plate or box this computer knows", and answering
 * "Open as a location" queued its tubes to a location with no positions.
 */
const open = benchesPerTest();
const inTurn = <T>(edit: () => Promise<T>) => edit();

describe('Assign location: a uuid in upper case', () => {
  it("a box's opens the box, and its tubes get positions", async () => {
    const b = await open('spec');
    const box = b.sandbox().store.manifests.find('barcode', 'BOX000001')!;
    const { s, scan } = b.assignScreen();
    await scan(box.uuid.toUpperCase());
    expect(s.guard).toBeNull();
    expect(s.location).toMatchObject({ uuid: box.uuid, kind: 'manifest', hrid: 'BX-0001' });
    expect(b.said()).toBe('Location: BX-0001 Freezer Box 1');
    await scan('TB000100');
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000100@A1']);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).not.toBeNull();
  });

  it('offline, a plate this computer opened switches the screen to it, with a box open', async () => {
    const b = await open('spec');
    const plate = b.sandbox().store.manifests.find('barcode', 'PLT000003')!;
    const { s, scan } = b.assignScreen();
    await scan('PLT000003');
    await scan('BOX000001');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    const before = (await b.entries()).length;
    await scan(plate.uuid.toUpperCase());
    expect(s.guard).toBeNull();
    expect(s.location?.uuid).toBe(plate.uuid);
    expect((await b.entries()).length).toBe(before);
  });

  it("one nobody knows is opened, when the user says so, by the service's spelling", async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    const made = '5A0C1E2F-3B4D-4E6F-8A9B-0C1D2E3F4A5B';
    await scan(made);
    expect(s.guard?.kind).toBe('unknown-location');
    await answerGuard(s, inTurn);
    expect(s.location).toMatchObject({ uuid: made.toLowerCase(), kind: 'location' });
  });

  it('is read as the lower-case uuid by every screen', () => {
    const made = '5A0C1E2F-3B4D-4E6F-8A9B-0C1D2E3F4A5B';
    expect(classify(made)).toMatchObject({ kind: 'unknown', value: made.toLowerCase(), garbage: false });
  });
});
