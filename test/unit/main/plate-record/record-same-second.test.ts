import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { mainForSuite, wellSet } from './helpers.js';

const main = mainForSuite();
const text = async (folder: string, name: string) =>
  Buffer.from((await main.env.call('plateRecord.read', { folder, name })).base64, 'base64').toString();

it('two records of one plate in the same second: two folders, the first kept copy untouched', async () => {
  const plate = (await main.env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  // The wall clock stands still for this test, so both records are made in the same second however
  // long each takes on a busy machine (waiting for the clock to oblige made the test fail under load).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T10:00:00.250Z'));
  try {
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
    expect(Math.floor(second.createdAt / 1000)).toBe(Math.floor(first.createdAt / 1000));
    expect(second.folder).not.toBe(first.folder);
    expect(await text(first.folder, first.files[0]!.name)).toBe(firstCsv);
    const folders = (await main.env.call('plateRecord.list', {})).map((r) => r.folder);
    expect(folders).toEqual(expect.arrayContaining([first.folder, second.folder]));
  } finally {
    vi.useRealTimers();
  }
}, 30_000);
