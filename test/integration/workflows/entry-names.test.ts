import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';

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
    expect(await listed(id)).toBe(`S-0030 → ${box!.hrid} A1 (ID)`);
  });

  it('a plate this computer never read is still named by the start of its uuid', async () => {
    const uuid = '0badc0de-0000-4000-8000-000000000000';
    const { id } = await env.call('outbox.enqueue', {
      intent: { type: 'well-set', manifest: { uuid }, position: 'A1', label: 'BLANK' },
    });
    expect(await listed(id)).toBe('0badc0de A1 ← BLANK');
  });
});
