import { describe, expect, it } from 'vitest';
import { PlateFiling } from '../../../../../renderer/lib/records/plate-filing.js';
import { notebookPageOf } from '../../../../../renderer/lib/records/page-ref.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * "Plate completed" as Well fill's screen presses it (PlateRecordFiling.svelte), on the real main
 * in-process and its embedded sandbox.
 */
const openBenches = benchesPerTest();

async function onPlate(b: Benches) {
  const plate = (await b.env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  const service = await b.env.service();
  /** The attach-image entries queued, by the page each names. */
  const pages = async () =>
    (await b.entries()).flatMap((e) =>
      e.intent?.type === 'attach-image'
        ? [e.intent.request.hrid ?? e.intent.request.uuid ?? e.intent.request.name]
        : [],
    );
  return { plate, service, pages };
}

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

describe('pressing "Plate completed"', () => {
  it('again after a lost answer, the page corrected meanwhile: says where the first went, then files the new page', async () => {
    const b = await openBenches('extended');
    const { plate, service, pages } = await onPlate(b);
    let api = losingFirstAnswer(b.env.api);
    const presses = new PlateFiling(() => api);
    const lost = await presses.file(plate, 'EXP-0001', service);
    expect(lost).toMatchObject({ filed: false, said: expect.stringMatching(/^NOT CONFIRMED/) });
    api = b.env.api;

    const told = await presses.file(plate, 'exp-0002', service);
    expect(told.filed).toBe(false);
    expect(told.said).toMatch(/filed this record already, to EXP-0001, .*not EXP-0002/);
    expect(await pages()).toEqual(['EXP-0001']);

    const second = await presses.file(plate, 'EXP-0002', service);
    expect(second).toMatchObject({
      filed: true,
      page: 'EXP-0002',
      said: expect.stringContaining('queued for EXP-0002'),
    });
    expect(await pages()).toEqual(['EXP-0001', 'EXP-0002']);
  }, 60_000);

  it('again after it filed, nothing changed: says it is filed already; pressed once more, a second record', async () => {
    const b = await openBenches('extended');
    const { plate, service, pages } = await onPlate(b);
    const presses = new PlateFiling(() => b.env.api);
    expect((await presses.file(plate, 'EXP-0001', service)).filed).toBe(true);
    const told = await presses.file(plate, 'EXP-0001', service);
    expect(told).toMatchObject({
      filed: false,
      said: expect.stringMatching(/PL-0003 was filed already with these same wells/),
    });
    expect(await pages()).toEqual(['EXP-0001']);
    expect((await presses.file(plate, 'EXP-0001', service)).filed).toBe(true);
    expect(await pages()).toEqual(['EXP-0001', 'EXP-0001']);
  }, 60_000);

  it('for a page named by its uuid: the picture goes to that page', async () => {
    const b = await openBenches('extended');
    const { plate, service } = await onPlate(b);
    const uuid = b.sandbox().store.eln.pageBy('hrid', 'EXP-0002')[0]!.uuid;
    expect(notebookPageOf(` ${uuid.toUpperCase()} `)).toEqual({ ref: { uuid } });
    const done = await new PlateFiling(() => b.env.api).file(plate, uuid.toUpperCase(), service);
    if (!done.filed) throw new Error(done.said);
    expect(done.page).toBe(`the page ${uuid}`);
    const attach = await b.env.call('outbox.await', { id: done.record.entries[3]!, timeoutMs: 20_000 });
    expect(attach.state).toBe('done');
    expect(b.sandbox().store.eln.pageBy('uuid', uuid)[0]!.body).toContain('data-lds-image');
  }, 60_000);
});
