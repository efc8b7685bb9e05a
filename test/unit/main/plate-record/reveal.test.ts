import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { plateRecordHandlers } from '../../../../main/ipc/handlers/plate-record.js';
import type { PlateRecordDeps } from '../../../../main/plate-record/file-record.js';

/**
 * plateRecord.reveal and plateRecord.read take a record folder from the page: both must keep it to
 * one plain entry of the records folder. (Security review: reveal accepted `..`, since
 * `path.basename('..') === '..'`, and opened the data folder in the file manager.)
 */
let dataDir: string;
let recordsDir: string;
const revealed: string[] = [];
let handlers: ReturnType<typeof plateRecordHandlers>;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'benchlink-reveal-'));
  recordsDir = join(dataDir, 'records');
  mkdirSync(join(recordsDir, 'PLATE_PL-0001_1'), { recursive: true });
  writeFileSync(join(dataDir, 'settings.json'), '{}');
  // Only the folder and reveal are used by these two channels; the rest is never reached.
  const deps = { recordsDir, stagingDir: join(dataDir, 'staging') } as PlateRecordDeps;
  handlers = plateRecordHandlers(deps, async (folder) => void revealed.push(folder));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ctx = { transport: 'test' } as const;

it('reveals a record folder, and nothing that is not one plain name inside the records folder', async () => {
  await handlers['plateRecord.reveal']({ folder: 'PLATE_PL-0001_1' }, ctx);
  expect(revealed).toEqual([join(recordsDir, 'PLATE_PL-0001_1')]);
  for (const folder of ['..', '.', '', '../records', 'a/b', '.hidden', '..\\..']) {
    await expect(handlers['plateRecord.reveal']({ folder }, ctx), folder).rejects.toThrow('Not a record folder');
  }
  expect(revealed).toHaveLength(1);
});

it('read refuses the same names (one rule for both)', async () => {
  for (const folder of ['..', '.', '']) {
    await expect(handlers['plateRecord.read']({ folder, name: 'settings.json' }, ctx), folder).rejects.toThrow(
      'That is not a file of a plate record.',
    );
  }
});
