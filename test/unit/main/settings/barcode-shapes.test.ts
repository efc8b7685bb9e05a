import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSettingsStore, SETTINGS_FILE } from '../../../../main/settings/store.js';
import type { PatternRule } from '../../../../shared/barcode/patterns.js';
import { inProcessApi } from '../../../helpers/in-process-api.js';

/**
 * The lab's barcode shapes as main keeps them (settings.json, through settings.set): saved, read back
 * after main starts again, refused with the reason when they cannot be used, and absent from a file
 * written before they existed without a word.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-shapes-'));
  dirs.push(dir);
  return dir;
}

const PLATE: PatternRule = {
  kind: 'plate',
  pattern: '^P\\d{6}$',
  flags: 'i',
  example: 'P000123',
  label: 'your plate shape P then 6 digits',
};
const BOX: PatternRule = { kind: 'box', pattern: '^FRZ-\\d{4}$', flags: 'i', example: 'FRZ-0042' };

describe('barcode shapes in the settings', () => {
  it('are saved and read back after main starts again, in their order', async () => {
    const dir = dataDir();
    const first = await inProcessApi({ dataDir: dir });
    try {
      await first.call('settings.set', { barcodeShapes: { add: BOX } });
      // Put back where it was (Undo after a removal): before the box shape.
      const saved = await first.call('settings.set', { barcodeShapes: { add: PLATE, at: 0 } });
      expect(saved.barcodeShapes).toEqual([PLATE, BOX]);
    } finally {
      await first.close();
    }
    const again = await inProcessApi({ dataDir: dir });
    try {
      expect((await again.call('settings.get', {})).barcodeShapes).toEqual([PLATE, BOX]);
      const left = await again.call('settings.set', {
        barcodeShapes: { remove: { kind: 'plate', pattern: PLATE.pattern } },
      });
      expect(left.barcodeShapes).toEqual([BOX]);
    } finally {
      await again.close();
    }
  });

  it('a shape that is no regular expression is refused with why', async () => {
    const main = await inProcessApi({ dataDir: dataDir() });
    try {
      const r = await main.api.invoke('settings.set', {
        barcodeShapes: { add: { kind: 'plate', pattern: '^P(\\d{6}$', flags: 'i' } },
      });
      expect(r).toMatchObject({
        ok: false,
        error: {
          issues: [{ path: 'barcodeShapes.add.pattern', message: 'pattern is not a valid regular expression' }],
        },
      });
      expect((await main.call('settings.get', {})).barcodeShapes).toEqual([]);
    } finally {
      await main.close();
    }
  });

  it("a shape that would take another kind's code or a position is refused with why, nothing saved", async () => {
    const dir = dataDir();
    const main = await inProcessApi({ dataDir: dir });
    try {
      await main.call('settings.set', { barcodeShapes: { add: PLATE } });
      const tube = { kind: 'tube' as const, pattern: '^P\\d+$', flags: 'i', example: 'P1234567' };
      const r = await main.api.invoke('settings.set', { barcodeShapes: { add: tube } });
      expect(r).toMatchObject({
        ok: false,
        error: {
          message:
            "Not saved: the tube shape P then digits also takes P1 (a well position), P01 (a well position), P9 (a well position) (and 3 more): make it narrower (more of the code's own letters, or an exact number of digits). Nothing was changed.",
        },
      });
      expect((await main.call('settings.get', {})).barcodeShapes).toEqual([PLATE]);
      const file = JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')) as { barcodeShapes: unknown };
      expect(file.barcodeShapes).toEqual([PLATE]);
    } finally {
      await main.close();
    }
  });

  it('a settings file written before them reads as none, with no notice', async () => {
    const dir = dataDir();
    writeFileSync(
      join(dir, SETTINGS_FILE),
      JSON.stringify({
        version: 1,
        connection: { kind: 'local-sandbox', mode: 'v2' },
        ui: { highContrast: true, sounds: false, fillOrder: 'row-major' },
      }),
    );
    const store = await openSettingsStore({ dataDir: dir, log: quiet });
    expect(store.notice).toBeNull();
    expect(store.get().barcodeShapes).toEqual([]);
    expect(store.get().ui.highContrast).toBe(true);
  });

  it('a file with shapes that cannot be used keeps everything else and says which part went', async () => {
    const dir = dataDir();
    writeFileSync(
      join(dir, SETTINGS_FILE),
      JSON.stringify({
        version: 1,
        connection: { kind: 'local-sandbox', mode: 'v2' },
        ui: { highContrast: true, sounds: false, fillOrder: 'row-major' },
        barcodeShapes: [{ kind: 'tube', pattern: '^.*$', flags: '' }],
      }),
    );
    const store = await openSettingsStore({ dataDir: dir, log: quiet, now: () => new Date(0) });
    expect(store.get().barcodeShapes).toEqual([]);
    expect(store.get().ui.highContrast).toBe(true);
    expect(store.notice).toMatch(/barcodeShapes \(0: the tube shape \/\^\.\*\$\/ also takes PLT000001/);
  });
});
