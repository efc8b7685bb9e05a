import { describe, expect, it } from 'vitest';
import { LocationCreator } from '../../../../../renderer/workflows/data/location-create.svelte.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * Data › Locations › Create, on the real main in-process and its embedded sandbox answering as the spec
 * shows, through a fault proxy that rewrites the request's status where a test says (main's follow and the
 * panel read the same service). What the panel ends on is what the request's Outbox entry holds.
 */
const openBenches = benchesPerTest();
const STATUS = /\/location\/create\/status/;

async function creator(b: Benches, drafts: { name: string; parent?: string }[]) {
  const c = new LocationCreator(b.env.api, await b.env.service());
  c.drafts = drafts.map((d, i) => ({ key: i + 1, name: d.name, parent: d.parent ?? '' }));
  return c;
}

async function entryOf(b: Benches, c: LocationCreator) {
  const id = c.task.entryId;
  if (id === null) throw new Error('no entry was queued');
  return b.env.call('outbox.await', { id, timeoutMs: 0 });
}

describe('Data › Locations: one verdict on a location request', () => {
  it('"Completed" (not in capitals) is completed: the uuids shown are the ones kept on the entry', async () => {
    const b = await openBenches('spec');
    b.proxy().setFaults([
      {
        path: STATUS,
        fault: {
          kind: 'rewrite',
          edit: (a) => {
            const answer = a as { status?: string };
            return answer.status === 'COMPLETED' ? { ...answer, status: 'Completed' } : answer;
          },
        },
      },
    ]);
    const c = await creator(b, [{ name: 'Cold room 7' }]);
    // The old panel compared with "COMPLETED" and read on for a minute.
    await c.create();
    expect(c.outcome).toBe('completed');
    expect(c.polling).toBe(false);
    const made = b.sandbox().store.locations.byName('Cold room 7');
    expect(made).toHaveLength(1);
    expect(c.created).toEqual([{ name: 'Cold room 7', uuid: made[0]!.uuid }]);
    const entry = await entryOf(b, c);
    expect(entry).toMatchObject({ state: 'done', result: { status: 'Completed', created: c.created } });
  }, 20_000);

  it('a request the service says FAILED ends failed, in its words, on the panel and in the Outbox', async () => {
    const b = await openBenches('spec');
    b.proxy().setFaults([
      {
        path: STATUS,
        fault: {
          kind: 'rewrite',
          edit: (a) => ({
            success: true,
            requestId: (a as { requestId?: string }).requestId,
            status: 'FAILED',
            message: 'parent is full',
          }),
        },
      },
    ]);
    const c = await creator(b, [{ name: 'Rack 9', parent: 'Shelf 1' }]);
    // The old panel took only "COMPLETED" for an end: it read FAILED for a minute, then offered to check again.
    await c.create();
    expect(c.outcome).toBe('failed');
    expect(c.polling).toBe(false);
    expect(c.created).toEqual([]);
    expect(c.pollError?.text).toContain('parent is full');
    const entry = await entryOf(b, c);
    expect(entry.state).toBe('failed');
    expect(entry.error?.message).toContain('parent is full');
  }, 20_000);

  it('two locations of one name under two parents, and a name longer than 30 characters, are made', async () => {
    const b = await openBenches('spec');
    const long = 'Cryo box for long-term QC plate storage';
    const c = await creator(b, [
      { name: 'Box 9', parent: 'Shelf 1' },
      { name: 'Box 9', parent: 'Shelf 2' },
      { name: long },
    ]);
    // The old panel refused the second as "listed twice" and the third as over 30 characters.
    expect(c.problems).toEqual([]);
    await c.create();
    expect(c.outcome).toBe('completed');
    expect(c.created.map((l) => l.name)).toEqual(['Box 9', 'Box 9', long]);
    const store = b.sandbox().store.locations;
    const parents = store.byName('Box 9').map((l) => store.byUuid(l.parentUuid!)?.name);
    expect(parents.sort()).toEqual(['Shelf 1', 'Shelf 2']);
  }, 20_000);

  it('the same name under the same parent is still listed twice', async () => {
    const b = await openBenches('spec');
    const c = await creator(b, [
      { name: 'Box 9', parent: 'Shelf 1' },
      { name: 'Box 9', parent: ' Shelf 1 ' },
      { name: 'Box 9' },
    ]);
    expect(c.problems).toEqual(['Location 2: "Box 9" is listed twice inside "Shelf 1".']);
  });
});
