import { describe, expect, it } from 'vitest';
import { PlateFiling } from '../../../../../renderer/lib/records/plate-filing.js';
import { notebookPageOf } from '../../../../../renderer/lib/records/page-ref.js';
import { pageRefOf } from '../../../../../shared/ipc/channels/plate-record.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * Which way a scanned or typed page goes to the service (hrid, name, uuid). The spec says only that an
 * hrid is a "human-readable ID": a service numbering pages by year or project (EXP-2024-001) had them
 * sent as names, and every picture refused as not found minutes later.
 */
describe('a page text read by its shape', () => {
  it.each([
    ['EXP-0001', { hrid: 'EXP-0001' }],
    ['EXP-2024-001', { hrid: 'EXP-2024-001' }],
    ['PRJ-2026-07-3', { hrid: 'PRJ-2026-07-3' }],
    [' exp-2024-001 ', { hrid: 'EXP-2024-001' }],
    // Names with a group of letters among the digits: pages are named so, and sent as IDs they were refused.
    ['Covid-19-Assay', { name: 'Covid-19-Assay' }],
    ['HEK-293T', { name: 'HEK-293T' }],
    ['ELISA-Plate-2', { name: 'ELISA-Plate-2' }],
    ['PRJ-12-A3', { name: 'PRJ-12-A3' }],
    ['Plasmid prep 2026-11', { name: 'Plasmid prep 2026-11' }],
    ['EXP 2024-001', { name: 'EXP 2024-001' }],
    ['Cell-Culture', { name: 'Cell-Culture' }],
    ['Bench-notes-B', { name: 'Bench-notes-B' }],
    ['Experiment-12', { name: 'Experiment-12' }],
    ['EXP--1', { name: 'EXP--1' }],
    ['EXP-1-', { name: 'EXP-1-' }],
    ['HEK293-p5', { name: 'HEK293-p5' }],
  ])('%j is sent as %j', (text, ref) => {
    expect(pageRefOf(text)).toEqual({ ref });
    expect(notebookPageOf(text)).toEqual({ ref });
  });

  it('a keyboard scanner set to send AIM ids types one in front: the page is the code after it', () => {
    // Sent as the name "]C0EXP-0001", no page had it.
    expect(notebookPageOf(']C0EXP-0001')).toEqual({ ref: { hrid: 'EXP-0001' } });
    expect(notebookPageOf(' ]Q1EXP-2024-001 ')).toEqual({ ref: { hrid: 'EXP-2024-001' } });
  });

  it('a uuid stays a uuid, whatever its case', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(notebookPageOf(uuid.toUpperCase())).toEqual({ ref: { uuid } });
  });
});

const openBenches = benchesPerTest();

async function onPlate(b: Benches, hrid: string) {
  const plate = (await b.env.call('cache.manifest', { hrid }))!;
  return { plate, service: await b.env.service() };
}

/** The page the attach-image of a record carries, as queued. */
async function attachOf(b: Benches, id: number) {
  const e = (await b.entries()).find((x) => x.id === id);
  if (e?.intent?.type !== 'attach-image') throw new Error(`entry #${id} is not an attach-image`);
  const { hrid, name, uuid } = e.intent.request;
  return { hrid, name, uuid };
}

describe('"Plate completed" for a page whose ID has more than one group', () => {
  it('EXP-2024-001 typed in lower case: the attach-image carries it as the hrid, and the picture lands on that page', async () => {
    const b = await openBenches('extended');
    const page = b.sandbox().store.eln.createPage({
      kind: 'experiment',
      name: 'Yearly screen',
      hrid: 'EXP-2024-001',
      labspaceUuid: null,
    });
    const { plate, service } = await onPlate(b, 'PL-0003');
    const done = await new PlateFiling(() => b.env.api).file(plate, ' exp-2024-001 ', service);
    if (!done.filed) throw new Error(done.said);
    expect(done.page).toBe('EXP-2024-001');
    const attachId = done.record.entries[3]!;
    expect(await attachOf(b, attachId)).toEqual({ hrid: 'EXP-2024-001', name: undefined, uuid: undefined });
    expect((await b.env.call('outbox.await', { id: attachId, timeoutMs: 20_000 })).state).toBe('done');
    expect(b.sandbox().store.eln.pageBy('uuid', page.uuid)[0]!.body).toContain('data-lds-image');
  }, 60_000);

  it('a page this computer put a picture on by that name before goes by its name again', async () => {
    const b = await openBenches('extended');
    const page = b.sandbox().store.eln.createPage({
      kind: 'experiment',
      name: 'Batch-2024-01',
      hrid: 'EXP-0777',
      labspaceUuid: null,
    });
    // As a version that read only letters-hyphen-digits as IDs filed it: by name, and the service took it.
    const earlier = await onPlate(b, 'PL-0002');
    const before = await b.env.call('plateRecord.file', {
      plateUuid: earlier.plate.uuid,
      page: { name: 'Batch-2024-01' },
      filing: crypto.randomUUID(),
    });
    expect((await b.env.call('outbox.await', { id: before.entries[3]!, timeoutMs: 20_000 })).state).toBe('done');

    const { plate, service } = await onPlate(b, 'PL-0003');
    const done = await new PlateFiling(() => b.env.api).file(plate, 'Batch-2024-01', service);
    if (!done.filed) throw new Error(done.said);
    expect(done.page).toBe('“Batch-2024-01”');
    const attachId = done.record.entries[3]!;
    expect(await attachOf(b, attachId)).toEqual({ hrid: undefined, name: 'Batch-2024-01', uuid: undefined });
    expect((await b.env.call('outbox.await', { id: attachId, timeoutMs: 20_000 })).state).toBe('done');
    expect(b.sandbox().store.eln.images(page.uuid)).toHaveLength(2);
  }, 60_000);
});
