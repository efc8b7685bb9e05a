import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, watch } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';
import { whileOutboxLocked } from '../../../helpers/locked-outbox.js';
import { lockEntries } from './helpers.js';

/**
 * A plate record builds its folder and staged copies before it queues its entries. When the queue
 * cannot be written (here another process holds the outbox locked), nothing of that filing may stay
 * behind: a kept folder never sent, beside the one a second press then files, is two records of one
 * plate for the user to tell apart.
 */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env?.close());

const recordFolders = (hrid: string) => {
  try {
    return readdirSync(join(env.dataDir, 'records')).filter((n) => n.startsWith(`PLATE_${hrid}_`));
  } catch {
    return [];
  }
};
const stagedCopies = () => {
  try {
    return readdirSync(join(env.dataDir, 'staging'));
  } catch {
    return [];
  }
};

describe('a plate record whose outbox write fails', () => {
  it('leaves no folder and no staged copy; filed again, it makes one folder and its entries reach the service', async () => {
    const plate = (await env.call('cache.manifest', { hrid: 'PL-0001' }))!;
    const staged = stagedCopies();
    // The page keeps its filing id until it sees an answer, and a refusal is an answer it keeps it for.
    const filing = randomUUID();
    const file = () =>
      env.api.invoke('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing });

    const refused = await whileOutboxLocked(env.dataDir, file);
    expect(refused.ok ? null : refused.error.message).toMatch(/^The record of PL-0001 was not saved: .*SQLITE_BUSY/);
    expect(recordFolders('PL-0001')).toEqual([]);
    expect(stagedCopies()).toEqual(staged);
    expect(await env.call('plateRecord.list', {})).toEqual([]);

    const filed = await file();
    if (!filed.ok) throw new Error(filed.error.message);
    expect(recordFolders('PL-0001')).toEqual([filed.value.folder]);
    expect(readdirSync(join(env.dataDir, 'records', filed.value.folder))).toEqual(
      filed.value.files.map((f) => f.name).sort(),
    );
    expect(filed.value.entries).toHaveLength(5);
    for (const id of filed.value.entries)
      expect((await env.call('outbox.await', { id, timeoutMs: 20_000 })).state).toBe('done');
  }, 60_000);
});

describe('a plate record whose outbox write fails and whose folder cannot then be removed', () => {
  it('says where the folder is, for the user to delete; its staged copies still go', async (ctx) => {
    const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
    const records = join(env.dataDir, 'records');
    mkdirSync(records, { recursive: true });
    const staged = stagedCopies();
    // Once the filing has named its folder (it is built under a hidden name), the records folder may no
    // longer lose it.
    let undo: (() => void) | null | undefined;
    const watcher = watch(records, (_, name) => {
      if (undo === undefined && name?.startsWith('PLATE_')) undo = lockEntries(records);
    });
    let refused: Awaited<ReturnType<typeof env.api.invoke<'plateRecord.file'>>>;
    try {
      refused = await whileOutboxLocked(env.dataDir, () =>
        env.api.invoke('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing: randomUUID() }),
      );
    } finally {
      watcher.close();
      undo?.();
    }
    if (!undo) return ctx.skip('this machine cannot make a folder keep its entries');
    const [left] = recordFolders('PL-0003');
    expect(left).toBeDefined();
    expect(refused.ok ? null : refused.error.message).toMatch(
      new RegExp(
        '^The record of PL-0003 was not saved: .*SQLITE_BUSY.* The files made for this record were not sent, but could ' +
          `not be removed from this computer \\([A-Z]+: [a-z ]+\\): delete the folder ${join(records, left!)} yourself, so the plate keeps one record\\.$`,
      ),
    );
    expect(stagedCopies()).toEqual(staged);
  }, 60_000);
});
