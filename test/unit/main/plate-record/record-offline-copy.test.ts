import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { plateSvg } from '../../../../main/plate-record/plate-picture.js';
import { recordWells } from '../../../../main/plate-record/record-wells.js';
import { benchesPerTest } from '../../../helpers/benches-on-main.js';
import { filledAndSent, listedPlate } from './helpers.js';

/**
 * A plate filed while the service is out of reach: its wells come from the copy saved when it was last
 * read, which shows nothing another bench did since. On the real main in-process, its embedded sandbox
 * reached through the fault proxy (taken away to go offline).
 */
const openBenches = benchesPerTest();

describe('a record filed offline, from the saved copy of the plate', () => {
  it('never calls a well this computer did not fill empty, and says how old the copy is', async () => {
    const b = await openBenches('spec');
    const plate = await filledAndSent(b.env);
    await b.otherPuts(plate.barcode, 'B5', 'S-0099');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    expect((await b.env.call('cache.manifest', { uuid: plate.uuid }))!.fromCache).toBe(true);

    const rec = await b.env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
    const read = async (name: string) =>
      Buffer.from((await b.env.call('plateRecord.read', { folder: rec.folder, name })).base64, 'base64');
    const rows = parse(await read(rec.files[0]!.name), { columns: true }) as Record<string, string>[];
    const byPos = new Map(rows.map((r) => [r['position'], r]));
    expect(byPos.get('A1')).toMatchObject({ 'sample id': 'S-0040', content: 'sample' });
    expect(byPos.get('A2')).toMatchObject({ 'sample id': 'S-0041', content: 'sample' });
    expect(byPos.get('B5')).toMatchObject({ 'sample id': '', content: 'unknown' });
    expect(rows.filter((r) => r['content'] === 'empty')).toEqual([]);
    const grid = parse(await read(rec.files[1]!.name)) as string[][];
    expect(grid[2]![5]).toBe('?');

    const event = (await b.entries()).find((e) => e.id === rec.entries[4]);
    const payload = event?.intent?.type === 'webhook' ? event.intent.payload : {};
    expect(payload['wellsReadFromCopySavedAt']).toEqual(expect.any(String));
    expect(payload['wellsUnknownHere']).toBe(94);
  }, 60_000);

  it("a service's saved listing calls no well empty either, and the picture says why they are not known", () => {
    const savedAt = Date.parse('2026-03-01T07:00:00Z');
    const m = listedPlate({
      wells: [
        { position: 'A1', sample: { id: 'S-0001', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] },
        { position: 'A2', sample: null, label: '', tags: [] },
      ],
      fromCache: true,
      fetchedAt: savedAt,
    });
    const wells = recordWells(m, () => null);
    expect(wells.find((w) => w.position === 'A1')).toMatchObject({ known: true, sample: { id: 'S-0001' } });
    expect(wells.filter((w) => w.known).map((w) => w.position)).toEqual(['A1']);
    const svg = plateSvg({ ...m, savedCopyAt: savedAt }, wells, new Date(savedAt + 2 * 3600_000));
    expect(svg).toContain('95 wells not known: read from a copy saved 2 h ago');
    expect(svg).toContain('wells from a copy saved 2 h before (offline)');
  });
});
