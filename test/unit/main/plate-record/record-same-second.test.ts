import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { mainForSuite, wellSet } from './helpers.js';

const main = mainForSuite();
const text = async (folder: string, name: string) =>
  Buffer.from((await main.env.call('plateRecord.read', { folder, name })).base64, 'base64').toString();

it('two records of one plate in the same second: two folders, the first kept copy untouched', async () => {
  const plate = (await main.env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  for (let tries = 0; tries < 5; tries++) {
    await main.env.call('outbox.enqueue', { intent: wellSet(plate.uuid, 'A1', 'S-0010') });
    const first = await main.env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
    const firstCsv = await text(first.folder, first.files[0]!.name);
    await main.env.call('outbox.enqueue', { intent: wellSet(plate.uuid, 'A2', 'S-0011') });
    const second = await main.env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
    if (second.createdAt - (second.createdAt % 1000) !== first.createdAt - (first.createdAt % 1000)) continue;
    expect(second.folder).not.toBe(first.folder);
    expect(await text(first.folder, first.files[0]!.name)).toBe(firstCsv);
    const folders = (await main.env.call('plateRecord.list', {})).map((r) => r.folder);
    expect(folders).toEqual(expect.arrayContaining([first.folder, second.folder]));
    return;
  }
  throw new Error('never two records in one second');
}, 30_000);
