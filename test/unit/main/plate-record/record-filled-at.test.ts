import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';
import { wellSet } from './helpers.js';

/**
 * "filled at" of a well this bench filled in the usual online flow: the change is sent and confirmed
 * before the plate is completed, so it is no longer on its way when the record is made. On the real main
 * in-process, against a service that lists wells and one that lists none.
 */
describe.each(['extended', 'spec'] as const)('"filled at", on a service answering as %s', (profile) => {
  let env: InProcess;
  beforeAll(async () => {
    env = await inProcessApi({ sandboxAnswers: { profile } });
    await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
  });
  afterAll(() => env.close());

  it('is when this computer queued the tube, once its change is confirmed; blank where it filled nothing', async () => {
    const plate = (await env.call('cache.manifest', { hrid: 'PL-0002' }))!;
    const before = Date.now();
    const { id } = await env.call('outbox.enqueue', {
      intent: { ...wellSet(plate.uuid, 'A1', 'S-0050'), basis: plate.basis },
    });
    expect((await env.call('outbox.await', { id, timeoutMs: 15_000 })).state).toBe('done');
    // Read again, as Well fill does once it is sent: the tube is the plate's now, not a change on its way.
    // A reading is dated at its question (manifest-reads.ts), so one asked in the very millisecond the change
    // was confirmed still counts it on its way (one CI run in many): the next reading has it.
    await expect
      .poll(async () =>
        (await env.call('cache.manifest', { uuid: plate.uuid }))!.pending.filter((c) => c.entryId === id),
      )
      .toEqual([]);

    const rec = await env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
    const csv = (await env.call('plateRecord.read', { folder: rec.folder, name: rec.files[0]!.name })).base64;
    const rows = parse(Buffer.from(csv, 'base64'), { columns: true }) as Record<string, string>[];
    const a1 = rows.find((r) => r['position'] === 'A1')!;
    expect(a1).toMatchObject({ 'sample id': 'S-0050', content: 'sample' });
    const at = Date.parse(a1['filled at']!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(rows.find((r) => r['position'] === 'A2')!['filled at']).toBe('');
  }, 30_000);
});
