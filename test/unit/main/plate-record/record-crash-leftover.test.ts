import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FINISHED_KEPT_MS } from '../../../../main/outbox/index.js';
import { placeRecordFolder, recordNames, startRecordFolder } from '../../../../main/plate-record/record-folders.js';
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

/**
 * A filing's steps on disk, as fileRecord takes them, up to the point where it dies: `'named'` is just
 * before its entries are committed. Answers the folder's name in the records folder.
 */
async function diedAt(
  step: 'made' | 'half-marked' | 'half-written' | 'named',
  hrid: string,
  at: number,
  filing: string = randomUUID(),
): Promise<string> {
  const names = recordNames(hrid, at);
  const building = await startRecordFolder(records);
  if (step === 'made') return building;
  if (step === 'half-marked') {
    writeFileSync(join(building, '.unfiled'), 'plate-rec');
    return building;
  }
  await markUnfiled(building, `plate-record:${filing}`);
  writeFileSync(join(building, `${names.base}.csv`), 'position\n');
  if (step === 'half-written') return building;
  return placeRecordFolder(records, building, names.folder);
}
const diedBeforeQueueing = (hrid: string, at: number, filing?: string) => diedAt('named', hrid, at, filing);

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
    const old = await diedBeforeQueueing('PL-0001', Date.now() - FINISHED_KEPT_MS - 86_400_000);
    const longAgo = (Date.now() - FINISHED_KEPT_MS - 86_400_000) / 1000;
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

describe('what a filing cut off at any step leaves', () => {
  it('never is a record-named folder without its mark; the next start removes it all, and keeps records of older versions', async () => {
    rmSync(records, { recursive: true, force: true });
    const now = Date.now();
    const left = [
      await diedAt('made', 'PL-0001', now),
      await diedAt('half-marked', 'PL-0001', now),
      await diedAt('half-written', 'PL-0002', now),
      await diedAt('named', 'PL-0002', now),
    ];
    const names = readdirSync(records);
    // Until it is named a folder is hidden (a dot name): nothing lists it as a record.
    expect(names.filter((n) => n.startsWith('PLATE_'))).toEqual([left[3]]);
    expect(readdirSync(join(records, left[3]!))).toContain('.unfiled');

    // Versions before this one made the named folder first and marked it after: cut off in between,
    // they left it empty and unmarked. A record they filed has its files and no mark, and is the user's.
    const older = recordNames('PL-0003', now - 3_600_000);
    mkdirSync(join(records, older.folder));
    const olderRecord = recordNames('PL-0001', now - 7_200_000);
    mkdirSync(join(records, olderRecord.folder));
    writeFileSync(join(records, olderRecord.folder, `${olderRecord.base}.csv`), 'position\n');

    const again = await inProcessApi({ dataDir });
    try {
      expect(readdirSync(records)).toEqual([olderRecord.folder]);
      expect(readdirSync(join(records, olderRecord.folder))).toEqual([`${olderRecord.base}.csv`]);
      expect((await again.call('plateRecord.list', {})).map((r) => r.folder)).toEqual([olderRecord.folder]);
    } finally {
      await again.app.close();
    }
  }, 60_000);
});
