import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

const wellSet = (uuid: string, position: string, id: string) => ({
  type: 'well-set' as const,
  manifest: { uuid },
  position,
  sample: { id, labsheet: 'Samples' },
  label: '' as const,
  tags: [],
});
const text = async (folder: string, name: string) =>
  Buffer.from((await env.call('plateRecord.read', { folder, name })).base64, 'base64').toString();

it('two records of one plate in the same second: two folders, the first kept copy untouched', async () => {
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  for (let tries = 0; tries < 5; tries++) {
    await env.call('outbox.enqueue', { intent: wellSet(plate.uuid, 'A1', 'S-0010') });
    const first = await env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
    const firstCsv = await text(first.folder, first.files[0]!.name);
    await env.call('outbox.enqueue', { intent: wellSet(plate.uuid, 'A2', 'S-0011') });
    const second = await env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
    if (second.createdAt - (second.createdAt % 1000) !== first.createdAt - (first.createdAt % 1000)) continue;
    expect(second.folder).not.toBe(first.folder);
    expect(await text(first.folder, first.files[0]!.name)).toBe(firstCsv);
    const folders = (await env.call('plateRecord.list', {})).map((r) => r.folder);
    expect(folders).toEqual(expect.arrayContaining([first.folder, second.folder]));
    return;
  }
  throw new Error('never two records in one second');
}, 30_000);
