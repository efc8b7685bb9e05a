import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { answerGuard } from '../../../../../renderer/lib/question/question.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * A storage location's label, its uuid (the service names a location by its uuid alone), scanned on
 * Assign location while a box is open, on the real main in-process with its embedded sandbox. On the old
 * code it was taken for a tube going into the box: with the labsheet's rows unread it was queued into the
 * box's next position unasked, while the technician believed they had moved on to the freezer.
 */
const open = benchesPerTest();
const inTurn = <T>(edit: () => Promise<T>) => edit();

/** A location this computer created (so main knows it by its uuid, as its printed label carries it). */
async function createdLocation(b: Benches, name: string): Promise<string> {
  const { id } = await b.env.call('outbox.enqueue', {
    intent: { type: 'location-create', request: { locations: [{ name, parent: 'Freezer -80 A' }] } },
  });
  // Done once accepted; the created uuids come with the request's status, read after.
  const created = async () => {
    const done = await b.env.call('outbox.await', { id, timeoutMs: 10_000 });
    return (done.result as { created?: { uuid: string }[] } | undefined)?.created?.[0]?.uuid;
  };
  await expect.poll(created, { timeout: 10_000 }).toBeTruthy();
  return (await created())!;
}

/** The labsheet's rows never reach this computer: a tube no row is found for goes in unasked. */
const rowsUnread = (b: Benches) =>
  b.proxy().setFaults([{ path: '/labsheets/fetch-list-rows', fault: { kind: 'reset-before' } }]);

describe('Assign location: a location uuid scanned with a box open', () => {
  it('opens the location in the box’s place, as its label does with nothing open; nothing is queued', async () => {
    const b = await open('spec');
    const rack = await createdLocation(b, 'Rack 9');
    const { s, scan } = b.assignScreen();
    rowsUnread(b);
    await scan('BOX000001');
    await scan('A3');
    const before = (await b.entries()).length;
    await scan(rack);
    expect(s.guard).toBeNull();
    expect(s.location).toMatchObject({ uuid: rack, name: 'Rack 9', kind: 'location' });
    expect(b.said()).toBe('Location: Rack 9');
    expect(s.armed).toBeNull();
    expect(s.assignments).toEqual([]);
    expect((await b.entries()).length).toBe(before);
    // The next tube goes to the rack, not into the box.
    await scan('TB000150');
    expect(s.assignments.map((a) => [a.id, a.position ?? null])).toEqual([['TB000150', null]]);
    const queued = await b.entries();
    expect(queued.length).toBe(before + 1);
    expect(JSON.stringify(queued.at(-1))).toContain(rack);
  });

  it('in upper case, the same', async () => {
    const b = await open('spec');
    const rack = await createdLocation(b, 'Rack 9');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    await scan(rack.toUpperCase());
    expect(s.location).toMatchObject({ uuid: rack, kind: 'location' });
    expect(s.assignments).toEqual([]);
  });

  it('one nobody knows is asked about as a location, with how to put in a tube by its row uuid; nothing is queued', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    rowsUnread(b);
    await scan('BOX000001');
    const before = (await b.entries()).length;
    const made = randomUUID();
    await scan(made);
    expect(s.guard?.kind).toBe('unknown-location');
    expect(b.said()).toBe(
      `${made} is no location, plate or box this computer knows (offline, a box never opened here is not known ` +
        `either). If it is a tube's row uuid, for BX-0001 Freezer Box 1, choose ID type "Row uuid (the service's ` +
        `row identifier)" and scan it again. Open it as a location with no positions anyway?`,
    );
    expect(s.location?.hrid).toBe('BX-0001');
    expect(s.assignments).toEqual([]);
    expect((await b.entries()).length).toBe(before);
    await answerGuard(s, inTurn);
    expect(s.location).toMatchObject({ uuid: made, kind: 'location' });
    expect(b.said()).toBe(`Location: ${made} (not known on this computer)`);
    expect((await b.entries()).length).toBe(before);
  });

  it('with ID type "Row uuid" chosen, one nobody knows is a tube going into the box', async () => {
    const b = await open('spec');
    const { s, scan } = b.assignScreen();
    rowsUnread(b);
    await scan('BOX000001');
    s.idType = 'ROW_UUID';
    const tube = randomUUID();
    await scan(tube);
    expect(s.guard).toBeNull();
    expect(s.location?.hrid).toBe('BX-0001');
    expect(s.assignments.map((a) => [a.id, a.position, a.idType])).toEqual([[tube, 'A1', 'ROW_UUID']]);
  });
});
