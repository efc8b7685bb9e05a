import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { PlateFiling } from '../../../../../renderer/lib/records/plate-filing.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * "Plate completed" pressed again with the press kept after an answer that never came, as Well fill's
 * screen presses it (PlateRecordFiling.svelte), on the real main in-process and its embedded sandbox.
 */
const openBenches = benchesPerTest();

/** main's api, whose answer to the first call made through it is lost (main ran it all the same). */
function losingFirstAnswer(api: BenchlinkApi): BenchlinkApi {
  let lost = false;
  return {
    ...api,
    invoke: (async (channel: string, payload: unknown) => {
      const r = await (api.invoke as (c: string, p: unknown) => Promise<unknown>)(channel, payload);
      if (lost) return r;
      lost = true;
      return { ok: false, error: { code: 'disconnected', message: 'The page lost main' } };
    }) as BenchlinkApi['invoke'],
  };
}

/** A press whose answer was lost: main filed the record; the page does not know which. */
async function pressLost(b: Benches) {
  const plate = (await b.env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  const service = await b.env.service();
  let api = losingFirstAnswer(b.env.api);
  const presses = new PlateFiling(() => api);
  expect(await presses.file(plate, 'EXP-0001', service)).toMatchObject({
    said: expect.stringMatching(/^NOT CONFIRMED/),
  });
  api = b.env.api;
  const [first] = (await b.env.call('plateRecord.list', {})).filter((r) => r.plate === 'PL-0003');
  if (!first) throw new Error('the lost press filed no record');
  return { plate, service, presses, first, again: () => presses.file(plate, 'EXP-0001', service) };
}

describe('pressing "Plate completed" again after its answer was lost', () => {
  it('its filing since taken out of the Outbox: says so, never "queued"; the next press files anew', async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.manifest', { hrid: 'PL-0003' });
    await b.queueHeldOffline();
    const p = await pressLost(b);
    const event = (await b.entries()).find(
      (e) => e.intent?.type === 'webhook' && e.intent.payload['record'] === p.first.folder,
    )!;
    expect((await b.env.call('outbox.cancel', { id: event.id })).ok).toBe(true);

    const told = await p.again();
    expect(told.filed).toBe(false);
    expect(told.said).toMatch(new RegExp(`made the record ${p.first.folder}\\. Not filed: its filing was taken out`));
    const anew = await p.again();
    if (!anew.filed) throw new Error(anew.said);
    expect(anew.record.folder).not.toBe(p.first.folder);
  }, 60_000);

  it('the plate edited since: the press is a new one, and its record states the plate as it is now', async () => {
    const b = await openBenches('extended');
    const p = await pressLost(b);
    const seen = new Promise<void>((resolve) => {
      const off = b.env.api.subscribe('outbox.changed', ({ changes }) => {
        if (changes.some((c) => c.id === entry)) {
          off();
          resolve();
        }
      });
    });
    const { id: entry } = await b.env.call('outbox.enqueue', {
      intent: {
        type: 'well-set',
        manifest: { uuid: p.plate.uuid },
        position: 'A1',
        sample: { id: 'S-0001', labsheet: 'Samples' },
        label: '',
        tags: [],
      },
    });
    await seen;

    const again = await p.again();
    if (!again.filed) throw new Error(again.said);
    expect(again.record.folder).not.toBe(p.first.folder);
    const csv = (
      await b.env.call('plateRecord.read', { folder: again.record.folder, name: again.record.files[0]!.name })
    ).base64;
    const rows = parse(Buffer.from(csv, 'base64'), { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r['position'] === 'A1')).toMatchObject({ 'sample id': 'S-0001' });
  }, 60_000);

  it('its folder deleted since: says it was filed already (not "NOT RECORDED"); the next press files anew', async () => {
    const b = await openBenches('extended');
    const p = await pressLost(b);
    rmSync(join(b.env.dataDir, 'records', p.first.folder), { recursive: true, force: true });

    const told = await p.again();
    expect(told.filed).toBe(false);
    expect(told.said).toMatch(new RegExp(`^FILED ALREADY — This press filed the record already, as ${p.first.folder}`));
    const anew = await p.again();
    if (!anew.filed) throw new Error(anew.said);
    // Filed anew: its folder is there again (in the same second it may take the deleted one's name), and
    // the plate has a second event.
    expect(existsSync(join(b.env.dataDir, 'records', anew.record.folder))).toBe(true);
    const events = (await b.entries()).filter(
      (e) => e.intent?.type === 'webhook' && e.intent.payload['event'] === 'plate.completed',
    );
    expect(events).toHaveLength(2);
  }, 60_000);
});
