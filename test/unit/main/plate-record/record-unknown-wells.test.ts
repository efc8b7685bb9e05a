import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WELL_COLOURS, wellFillPointPx } from '../../../../main/plate-record/plate-picture.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

// A service answering only what the spec names: it does not list a plate's wells, only emptySpaces.
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi({ sandboxAnswers: { profile: 'spec' } });
  await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
});
afterAll(() => env.close());

const read = async (folder: string, name: string) =>
  Buffer.from((await env.call('plateRecord.read', { folder, name })).base64, 'base64');

it('a plate filled elsewhere: wells this computer did not place are "unknown" in every file, never empty', async () => {
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0001' }))!;
  expect(plate.wellsFrom).toBe('this-computer');
  expect(plate.unplacedUsed).toBeGreaterThan(0);
  // One well placed here: that one the record knows.
  const { id } = await env.call('outbox.enqueue', {
    intent: {
      type: 'well-set',
      manifest: { uuid: plate.uuid },
      position: 'H12',
      sample: { id: 'S-0042', labsheet: 'Samples' },
      label: '',
      tags: [],
    },
  });
  const rec = await env.call('plateRecord.file', {
    plateUuid: plate.uuid,
    page: { hrid: 'EXP-0001' },
    filing: randomUUID(),
  });
  expect((await env.call('outbox.await', { id, timeoutMs: 15_000 })).state).toBe('done');
  const [csv, grid, png] = await Promise.all(rec.files.map((f) => read(rec.folder, f.name)));

  const rows = parse(csv!, { columns: true }) as Record<string, string>[];
  const byPos = new Map(rows.map((r) => [r['position'], r]));
  expect(byPos.get('H12')).toMatchObject({ 'sample id': 'S-0042', content: 'sample' });
  expect(rows.filter((r) => r['content'] === 'empty')).toEqual([]);
  expect(rows.filter((r) => r['content'] === 'unknown')).toHaveLength(95);

  const matrix = parse(grid!) as string[][];
  expect(matrix[1]![1]).toBe('?'); // A1
  expect(matrix[8]![12]).toBe('S-0042'); // H12
  expect(
    matrix
      .slice(1)
      .flatMap((r) => r.slice(1))
      .filter((c) => c === ''),
  ).toEqual([]);

  const img = PNG.sync.read(png!);
  const { x, y } = wellFillPointPx('A1', plate);
  const i = (y * img.width + x) * 4;
  const hex = `#${[...img.data.subarray(i, i + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  expect(hex).toBe(WELL_COLOURS.unknown);
}, 30_000);
