import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';
import { startTestSandbox } from '../../helpers/sandbox.js';

let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

/** The Outbox's line for an entry, as the screen lists it. */
async function listed(id: number | string): Promise<string> {
  const entries = await env.call('outbox.list', { states: ['pending', 'sending', 'failed', 'uncertain', 'done'] });
  const e = entries.find((x) => String(x.id) === String(id));
  if (!e) throw new Error(`entry ${id} is not listed`);
  return e.summary;
}

// Well fill queues its changes by the plate's uuid; the Outbox names the plate as people know it.
describe('the Outbox names plates and locations as people know them', () => {
  it('a well change queued by plate uuid shows the plate hrid, not a piece of its uuid', async () => {
    const plate = await env.call('cache.manifest', { barcode: 'PLT000001' });
    expect(plate?.hrid).toBe('PL-0001');
    const { id } = await env.call('outbox.enqueue', {
      intent: {
        type: 'well-set',
        manifest: { uuid: plate!.uuid },
        position: 'A11',
        sample: { id: 'S-0020', labsheet: 'Samples' },
      },
    });
    const line = await listed(id);
    expect(line).toBe('PL-0001 A11 ← S-0020');
    expect(line).not.toContain(plate!.uuid.slice(0, 8));
  });

  it('a tube put in a box names the box', async () => {
    const box = await env.call('cache.manifest', { barcode: 'BOX000001' });
    const { id } = await env.call('outbox.enqueue', {
      intent: {
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: box!.uuid,
        idType: 'ID',
        id: 'S-0030',
        position: 'A1',
      },
    });
    expect(await listed(id)).toBe(`S-0030 → ${box!.hrid} A1 (by sample ID)`);
  });

  it('after a switch to another service and back, an entry queued before it still names its box and plate', async () => {
    const box = await env.call('cache.manifest', { barcode: 'BOX000001' });
    const plate = await env.call('cache.manifest', { barcode: 'PLT000001' });
    const { ids } = await env.call('outbox.enqueueMany', {
      intents: [
        {
          type: 'location-assign',
          labsheet: 'Samples',
          locationId: box!.uuid,
          idType: 'ID',
          id: 'S-0031',
          position: 'A2',
        },
        { type: 'well-set', manifest: { uuid: plate!.uuid }, position: 'A12', label: 'BLANK' },
      ],
    });
    const other = await startTestSandbox({ dbPath: ':memory:' });
    try {
      const connection = {
        kind: 'custom',
        baseUrl: other.url,
        filesUrl: other.url,
        eventsUrl: other.url,
        mode: 'v2',
      } as const;
      await env.call('settings.set', { connection });
      // The read cache now holds the other service's answers: the first service's plates are gone from it.
      await env.call('cache.locations', {});
      // The Outbox lists the service in use's entries: these are counted as held for the first one.
      await expect(listed(ids[0]!)).rejects.toThrow(/not listed/);
      await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
      expect(await listed(ids[0]!)).toBe(`S-0031 → ${box!.hrid} A2 (by sample ID)`);
      expect(await listed(ids[1]!)).toBe(`${plate!.hrid} A12 ← blank`);
    } finally {
      await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
      await other.close();
    }
  });

  it('a plate this computer never read is still named by the start of its uuid', async () => {
    const uuid = '0badc0de-0000-4000-8000-000000000000';
    const { id } = await env.call('outbox.enqueue', {
      intent: { type: 'well-set', manifest: { uuid }, position: 'A1', label: 'BLANK' },
    });
    expect(await listed(id)).toBe('0badc0de A1 ← blank');
  });
});
