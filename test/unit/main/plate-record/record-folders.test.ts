import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listRecords,
  placeRecordFolder,
  plateOfFolder,
  recordNames,
  startRecordFolder,
} from '../../../../main/plate-record/record-folders.js';
import { tempDir } from '../outbox/helpers.js';
import { inTimeZone } from './helpers.js';

const AT = Date.parse('2026-11-25T10:15:00Z');

describe('record folders name their plate', () => {
  it.each(['PL-0001', 'PL_2026_A', 'plate_7_', 'A_2026-11-25_101500'])('%s survives the folder name', (hrid) => {
    // Named by the bench's clock: one on UTC, so the names are these wherever the tests run.
    const { base, folder } = inTimeZone('UTC', () => recordNames(hrid, AT));
    // The files carry the time too: two records of a plate in a day are two names on the service.
    expect(base).toBe(`PLATE_${hrid}_2026-11-25_101500`);
    expect(folder).toBe(`PLATE_${hrid}_2026-11-25_101500`);
    expect(plateOfFolder(folder)).toBe(hrid);
  });

  it('an hrid too long for a file name is cut in the names (it could never be filed: ENAMETOOLONG)', () => {
    const { base, folder } = recordNames('P'.repeat(240), AT);
    expect(Buffer.byteLength(`${base}_grid.csv`)).toBeLessThanOrEqual(255);
    expect(Buffer.byteLength(folder)).toBeLessThanOrEqual(255);
  });

  it('one entry of the records folder that cannot be read costs only itself, not the list', async () => {
    const temp = tempDir('records-');
    try {
      const { base, folder } = recordNames('PL-0001', AT);
      mkdirSync(join(temp.dir, folder));
      writeFileSync(join(temp.dir, folder, `${base}.csv`), 'Position\n');
      symlinkSync(join(temp.dir, 'gone'), join(temp.dir, 'PLATE_PL-0002_2026-11-25_101600'));
      // The old list threw on the broken link: the Outbox showed no kept record at all.
      expect((await listRecords(temp.dir)).map((r) => r.folder)).toEqual([folder]);
    } finally {
      temp.cleanup();
    }
  });

  it('an hrid with unsafe characters is made safe in the name and shown as named', () => {
    const { folder } = inTimeZone('UTC', () => recordNames('PL 0001/x', AT));
    expect(folder).toBe('PLATE_PL_0001_x_2026-11-25_101500');
    expect(plateOfFolder(folder)).toBe('PL_0001_x');
  });

  it('the Outbox list shows the whole hrid of a plate with underscores, newest record first', async () => {
    const temp = tempDir('records-');
    try {
      for (const [hrid, at] of [
        ['PL_2026_A', AT],
        ['PL-0002', AT + 60_000],
      ] as const) {
        const { base, folder } = recordNames(hrid, at);
        mkdirSync(join(temp.dir, folder));
        writeFileSync(join(temp.dir, folder, `${base}.csv`), 'Position\n');
        writeFileSync(join(temp.dir, folder, `${base}_grid.csv`), ',1\n');
        // The list is ordered by the folders' modification times: keep them apart.
        await new Promise((r) => setTimeout(r, 20));
      }
      const list = await listRecords(temp.dir);
      expect(list.map((r) => r.plate)).toEqual(['PL-0002', 'PL_2026_A']);
      expect(list[1]!.files.map((f) => f.kind).sort()).toEqual(['grid', 'wells']);
    } finally {
      temp.cleanup();
    }
  });
});

describe('a new record folder', () => {
  /** What a filing builds before naming its folder: something inside, as every built folder has (its mark). */
  const built = async (dir: string, what: string) => {
    const folder = await startRecordFolder(dir);
    writeFileSync(join(folder, '.unfiled'), what);
    return folder;
  };

  it('never is an existing one: the same second gives -2, -3, and the plate is still read off the name', async () => {
    const temp = tempDir('records-');
    try {
      const { folder } = recordNames('PL_2026_A', AT);
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await placeRecordFolder(temp.dir, await built(temp.dir, `${i}`), folder));
      expect(made).toEqual([folder, `${folder}-2`, `${folder}-3`]);
      expect(made.map(plateOfFolder)).toEqual(['PL_2026_A', 'PL_2026_A', 'PL_2026_A']);
      expect(made.map((m) => readFileSync(join(temp.dir, m, '.unfiled'), 'utf8'))).toEqual(['0', '1', '2']);
      // Nothing is left under a building name, and none of them is listed as a record.
      expect(readdirSync(temp.dir).sort()).toEqual(made.sort());
    } finally {
      temp.cleanup();
    }
  });

  it('two presses racing in one second get two names; a record an older version wrote (no mark) is left whole', async () => {
    const temp = tempDir('records-');
    try {
      const { base, folder } = recordNames('PL-0001', AT);
      mkdirSync(join(temp.dir, folder));
      writeFileSync(join(temp.dir, folder, `${base}.csv`), 'older\n');
      const [a, b] = await Promise.all([built(temp.dir, 'a'), built(temp.dir, 'b')]);
      const made = await Promise.all([placeRecordFolder(temp.dir, a, folder), placeRecordFolder(temp.dir, b, folder)]);
      expect(made.sort()).toEqual([`${folder}-2`, `${folder}-3`]);
      expect(readdirSync(join(temp.dir, folder))).toEqual([`${base}.csv`]);
      expect(readFileSync(join(temp.dir, folder, `${base}.csv`), 'utf8')).toBe('older\n');
      expect(made.map((m) => readFileSync(join(temp.dir, m, '.unfiled'), 'utf8')).sort()).toEqual(['a', 'b']);
    } finally {
      temp.cleanup();
    }
  });
});
