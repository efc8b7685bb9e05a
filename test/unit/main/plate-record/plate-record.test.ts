import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_COLOURS, wellFillPointPx } from '../../../../main/plate-record/plate-picture.js';
import { inProcessApi } from '../../../helpers/in-process-api.js';

let env: Awaited<ReturnType<typeof inProcessApi>>;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(async () => {
  await env.close();
});

const hex = (rgb: number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

describe('the plate record: built in main from the plate as queued, kept on disk, filed through the outbox', () => {
  it('writes the well table, the grid and the picture, and queues three uploads then the attach-image', async () => {
    const plate = (await env.call('cache.manifest', { hrid: 'PL-0001' }))!;
    // A sample queued here (not yet on the service) and a control label: the record shows both.
    await env.call('outbox.enqueueMany', {
      intents: [
        {
          type: 'well-set',
          manifest: { uuid: plate.uuid },
          position: 'B5',
          sample: { id: 'S-0042', labsheet: 'Samples' },
          label: '',
          tags: [],
        },
        {
          type: 'well-set',
          manifest: { uuid: plate.uuid },
          position: 'C6',
          sample: null,
          label: 'NEG_CONTROL',
          tags: ['ntc'],
        },
      ],
    });
    const record = await env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
    const day = new Date().toISOString().slice(0, 10);
    // Named to the second, as the folder is: two records of a plate in a day are two names on the service.
    const base = record.files[0]!.name.replace(/\.csv$/, '');
    expect(base).toMatch(new RegExp(`^PLATE_PL-0001_${day}_\\d{6}$`));
    expect(record.files.map((f) => f.name)).toEqual([`${base}.csv`, `${base}_grid.csv`, `${base}.png`]);
    expect(record.entries).toHaveLength(5);
    const [csv, grid, png] = await Promise.all(
      record.files.map(async (f) =>
        Buffer.from((await env.call('plateRecord.read', { folder: record.folder, name: f.name })).base64, 'base64'),
      ),
    );

    const rows = parse(csv!, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(96);
    const byPos = new Map(rows.map((r) => [r['position'], r]));
    expect(byPos.get('B5')).toMatchObject({ 'sample id': 'S-0042', labsheet: 'Samples', label: '' });
    expect(new Date(byPos.get('B5')!['filled at']!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(byPos.get('C6')).toMatchObject({ 'sample id': '', label: 'NEG_CONTROL', tags: 'ntc', 'filled at': '' });
    // Every well the service lists is in the table as the service has it.
    for (const w of plate.wells) expect(byPos.get(w.position)?.['sample id']).toBe(w.sample?.id ?? '');

    const matrix = parse(grid!) as string[][];
    expect(matrix[0]).toEqual(['', ...Array.from({ length: 12 }, (_, i) => String(i + 1))]);
    expect(matrix[2]![5]).toBe('S-0042'); // row B, column 5
    expect(matrix[3]![6]).toBe('NEG_CONTROL');

    const img = PNG.sync.read(png!);
    expect(img.width).toBeGreaterThan(2500);
    const colourAt = (pos: string) => {
      const { x, y } = wellFillPointPx(pos, plate);
      const i = (y * img.width + x) * 4;
      return hex([...img.data.subarray(i, i + 3)]);
    };
    expect(colourAt('B5')).toBe(WELL_COLOURS.sample);
    expect(colourAt('C6')).toBe(WELL_COLOURS.NEG_CONTROL);
    expect(colourAt('H1')).toBe(WELL_COLOURS.empty);

    // Online (the in-process demo sandbox): the uploads go, then the attach-image with the picture's file id.
    const attached = await env.call('outbox.await', { id: record.entries[3]!, timeoutMs: 20_000 });
    expect(attached.state).toBe('done');
    const picture = await env.call('outbox.await', { id: record.entries[2]!, timeoutMs: 1_000 });
    expect(attached.result).toMatchObject({ image_uuid: (picture.result as { fileId: string }).fileId });
  });

  it("an Outbox entry links to its own record's kept copy, not another of the same plate and day", async () => {
    const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
    const fileWith = async (sample: string) => {
      await env.call('outbox.enqueue', {
        intent: {
          type: 'well-set',
          manifest: { uuid: plate.uuid },
          position: 'A1',
          sample: { id: sample, labsheet: 'Samples' },
          label: '',
          tags: [],
        },
      });
      return env.call('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing: randomUUID() });
    };
    const [first, second] = [await fileWith('S-0010'), await fileWith('S-0011')];
    // Two records made in one second share their files' names (their folders differ, `-2`): the name alone
    // may be ambiguous, so an entry names its record's folder.
    expect(second.folder).not.toBe(first.folder);
    const listed = await env.call('outbox.list', { states: ['pending', 'sending', 'done', 'failed', 'uncertain'] });
    for (const rec of [first, second]) {
      const entry = listed.find((e) => e.id === rec.entries[0])!;
      expect(entry.recordFolder).toBe(rec.folder);
      const csv = Buffer.from(
        (await env.call('plateRecord.read', { folder: entry.recordFolder!, name: rec.files[0]!.name })).base64,
        'base64',
      ).toString();
      expect(csv.split('\n')[1]).toContain(rec === first ? 'S-0010' : 'S-0011');
    }
    // A name without its folder is not a way to a file any more.
    expect((await env.api.invoke('plateRecord.read', { name: first.files[0]!.name } as never)).ok).toBe(false);
  });

  it('refuses a file outside the records folder', async () => {
    const r = await env.api.invoke('plateRecord.read', { folder: '..', name: 'outbox.db' });
    expect(r.ok).toBe(false);
  });
});
