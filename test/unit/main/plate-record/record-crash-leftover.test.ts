import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DONE_KEPT_MS } from '../../../../main/outbox/index.js';
import { makeRecordFolder, recordNames } from '../../../../main/plate-record/record-folders.js';
import { markUnfiled } from '../../../../main/plate-record/unfiled-records.js';
import { inProcessApi } from '../../../helpers/in-process-api.js';

/**
 * A filing that dies between writing its record folder and queuing its entries (a crash, a power cut)
 * leaves the folder marked unfiled, as the filing writes it. The next start removes it, as it does
 * the filing's staged copies, and keeps every folder that was filed.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-records-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const records = join(dataDir, 'records');

/** What a filing has written when it dies just before its entries are committed. */
async function diedBeforeQueueing(hrid: string, at: number, filing = randomUUID()): Promise<string> {
  const names = recordNames(hrid, at);
  const folder = await makeRecordFolder(records, names.folder);
  await markUnfiled(join(records, folder), `plate-record:${filing}`);
  writeFileSync(join(records, folder, `${names.base}.csv`), 'position\n');
  return folder;
}

describe('a record folder whose filing was never queued', () => {
  it('is removed at the next start; filed records stay, also one whose mark was left on', async () => {
    const first = await inProcessApi({ dataDir });
    const plate = (await first.call('cache.manifest', { hrid: 'PL-0003' }))!;
    const filing = randomUUID();
    const filed = await first.call('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing });
    await first.app.close();

    // A filed record whose mark could not be taken off after its commit: the outbox has its filing.
    await markUnfiled(join(records, filed.folder), `plate-record:${filing}`);
    const crashed = await diedBeforeQueueing('PL-0002', Date.now());
    // A second press of the filing above, cut off after the first was queued: that one is the record.
    const second = await diedBeforeQueueing('PL-0003', Date.now(), filing);
    // Marked longer ago than synced entries are kept: its filing may have been sent and pruned since.
    const old = await diedBeforeQueueing('PL-0001', Date.now() - DONE_KEPT_MS - 86_400_000);
    const longAgo = (Date.now() - DONE_KEPT_MS - 86_400_000) / 1000;
    utimesSync(join(records, old, '.unfiled'), longAgo, longAgo);

    const again = await inProcessApi({ dataDir });
    try {
      expect(existsSync(join(records, crashed))).toBe(false);
      expect(existsSync(join(records, second))).toBe(false);
      expect(readdirSync(join(records, filed.folder)).sort()).toEqual(filed.files.map((f) => f.name).sort());
      expect(existsSync(join(records, old))).toBe(true);
      expect((await again.call('plateRecord.list', {})).map((r) => r.folder).sort()).toEqual(
        [filed.folder, old].sort(),
      );
    } finally {
      await again.app.close();
    }
  }, 60_000);
});
