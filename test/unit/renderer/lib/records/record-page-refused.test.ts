import { describe, expect, it, vi } from 'vitest';
import { PlateFiling } from '../../../../../renderer/lib/records/plate-filing.js';
import { RecordPage } from '../../../../../renderer/lib/records/record-page.svelte.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * The notebook page field of "Plate completed" (PlateRecordFiling.svelte) on the real main in-process and
 * its embedded sandbox: the page the last record went to is offered for the next plate. A mistyped page
 * (EXP-9999: the sandbox has none) was kept as soon as the record was queued, and offered for every plate
 * after it, each picture refused as not found minutes later.
 */
const openBenches = benchesPerTest();

/** This window's storage, as the field keeps its page in. */
function windowStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

async function bench(b: Benches) {
  const service = await b.env.service();
  const store = windowStorage();
  const presses = new PlateFiling(() => b.env.api);
  const screens: RecordPage[] = [];
  /** A Well fill screen opened (again): its page field, once it has checked the page kept. */
  const screen = async () => {
    const field = new RecordPage(
      () => b.env.api,
      () => service,
      store,
    );
    screens.push(field);
    await field.start();
    return field;
  };
  /** "Plate completed" on the plate `hrid` for what the field holds, as the screen presses it. */
  const complete = async (field: RecordPage, hrid: string) => {
    const plate = (await b.env.call('cache.manifest', { hrid }))!;
    const done = await field.file(presses, plate, service);
    if (!done.filed) throw new Error(done.said);
    return done.record.entries[3]!;
  };
  const settled = async (attach: number) => (await b.env.call('outbox.await', { id: attach, timeoutMs: 20_000 })).state;
  /** PL-0003 filed to EXP-9999 (the sandbox has no such page): its picture's entry, once refused. */
  const refused = async (field: RecordPage) => {
    field.text = 'EXP-9999';
    const attach = await complete(field, 'PL-0003');
    expect(await settled(attach)).toBe('failed');
    return attach;
  };
  const close = () => screens.forEach((s) => s.stop());
  return { screen, complete, settled, refused, close, store, service };
}

describe('the page offered for the next plate', () => {
  it('once its picture is refused as not found: emptied on the open screen and not offered again, the note saying why and when', async () => {
    const b = await openBenches('extended');
    const { screen, complete, settled, close } = await bench(b);
    const field = await screen();
    expect(field.text).toBe('');
    field.text = 'EXP-9999';
    const first = await complete(field, 'PL-0003');
    // The next plate, the field as it was left: filed to the same page before any answer came.
    expect(field.text).toBe('EXP-9999');
    await complete(field, 'PL-0002');
    expect(await settled(first)).toBe('failed');

    await vi.waitFor(() => expect(field.text).toBe(''), { timeout: 15_000 });
    expect(field.note).toMatch(/^EXP-9999 is not filled in: the service has no such page\./);
    expect(field.note).toMatch(/refused the picture queued for it at .+ as not found \(entry #\d+ in the Outbox/);

    const next = await screen();
    expect(next.text).toBe('');
    expect(next.note).toContain(`EXP-9999 is not filled in: the service has no such page.`);
    close();
  }, 90_000);

  it('the refused picture sent again once the page exists: the open screen drops its note and offers the page', async () => {
    const b = await openBenches('extended');
    const { screen, settled, refused, close } = await bench(b);
    const field = await screen();
    const attach = await refused(field);
    await vi.waitFor(() => expect(field.note).toContain('EXP-9999 is not filled in'), { timeout: 15_000 });

    b.sandbox().store.eln.createPage({ kind: 'experiment', name: 'Made now', hrid: 'EXP-9999', labspaceUuid: null });
    await b.env.call('outbox.retry', { id: attach });
    expect(await settled(attach)).toBe('done');
    // On the old code the note stayed, the field empty, while a screen opened now offered EXP-9999.
    await vi.waitFor(() => expect(field.note).toBeNull(), { timeout: 15_000 });
    expect(field.text).toBe('EXP-9999');
    close();
  }, 90_000);

  it('a page its pictures go into is offered, queued or sent', async () => {
    const b = await openBenches('extended');
    const { screen, complete, settled, close } = await bench(b);
    const field = await screen();
    field.text = 'exp-0001';
    const attach = await complete(field, 'PL-0003');
    expect((await screen()).text).toBe('exp-0001');
    expect(await settled(attach)).toBe('done');
    const next = await screen();
    expect(next.text).toBe('exp-0001');
    expect(next.note).toBeNull();
    close();
  }, 60_000);

  it('filed again to the refused page once told (the page since made): offered again, even before it is sent', async () => {
    const b = await openBenches('extended');
    const { screen, complete, refused, close } = await bench(b);
    const field = await screen();
    await refused(field);
    const told = await screen();
    expect(told.note).toContain('EXP-9999 is not filled in');

    b.sandbox().store.eln.createPage({ kind: 'experiment', name: 'Made now', hrid: 'EXP-9999', labspaceUuid: null });
    await b.env.call('cache.manifest', { hrid: 'PL-0002' });
    // The service out of reach: the new filing waits in the Outbox (the plate as read a moment ago).
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    told.text = 'EXP-9999';
    const again = await complete(told, 'PL-0002');
    expect(told.note).toBeNull();
    expect((await b.env.call('outbox.await', { id: again, timeoutMs: 0 })).state).toBe('pending');
    const next = await screen();
    expect(next.text).toBe('EXP-9999');
    expect(next.note).toBeNull();
    close();
  }, 60_000);

  it('moved to another page in the Outbox after the refusal: the old page is not offered, the note says so', async () => {
    const b = await openBenches('extended');
    const { screen, settled, refused, close } = await bench(b);
    const field = await screen();
    const attach = await refused(field);
    field.stop();
    // As the Outbox's Edit sends it: the entry as listed, its page corrected.
    const failed = (await b.env.call('outbox.list', { states: ['failed'] })).find((e) => e.id === attach);
    if (failed?.intent?.type !== 'attach-image') throw new Error('the attach-image is not listed as failed');
    const corrected = { ...failed.intent, request: { ...failed.intent.request, hrid: 'EXP-0001' } };
    expect(await b.env.call('outbox.replace', { id: attach, intent: corrected })).toEqual({ ok: true });
    expect(await settled(attach)).toBe('done');

    const next = await screen();
    expect(next.text).toBe('');
    expect(next.note).toBe(
      `EXP-9999 is not filled in: the last plate's picture was moved to another page in the Outbox (entry #${attach}). ` +
        'Scan or type the page for this plate.',
    );
    close();
  }, 60_000);

  it('kept by the version before (the text alone): not offered once refused', async () => {
    const b = await openBenches('extended');
    const { screen, settled, store, service, close } = await bench(b);
    const plate = (await b.env.call('cache.manifest', { hrid: 'PL-0003' }))!;
    const rec = await b.env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-9999' },
      filing: crypto.randomUUID(),
    });
    store.setItem(`benchlink.plate-record.page:${service}`, 'EXP-9999');
    expect(await settled(rec.entries[3]!)).toBe('failed');
    const next = await screen();
    expect(next.text).toBe('');
    expect(next.note).toContain(`entry #${rec.entries[3]} in the Outbox`);
    close();
  }, 60_000);
});
