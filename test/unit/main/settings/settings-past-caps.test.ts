import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PRINTERS } from '../../../../shared/ipc/settings.js';
import { openSettingsStore, SETTINGS_FILE, SettingsNotSaved } from '../../../../main/settings/store.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
async function store() {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-settings-caps-'));
  dirs.push(dir);
  return { dir, store: await openSettingsStore({ dataDir: dir, log: quiet }) };
}
const saved = (dir: string) => JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')) as Record<string, object>;

describe("a settings change past a cap is refused in the schema's words, nothing saved", () => {
  it(`a printer past ${MAX_PRINTERS}`, async () => {
    const { dir, store: s } = await store();
    for (let i = 0; i < MAX_PRINTERS; i += 1)
      await s.update({ printers: { add: { name: `Bench ${i}`, host: '10.0.0.9', port: 9100, dpi: 203 } } });
    const one = s.update({ printers: { add: { name: 'One more', host: '10.0.0.9', port: 9100, dpi: 203 } } });
    // On the old code a ZodError, which the page heard as "Internal error … details are in the log."
    await expect(one).rejects.toThrow(SettingsNotSaved);
    await expect(one).rejects.toThrow(
      `Not saved: at most ${MAX_PRINTERS} printers. Remove one you no longer use, then try again.`,
    );
    expect(s.get().printers).toHaveLength(MAX_PRINTERS);
    expect(saved(dir)['printers']).toHaveLength(MAX_PRINTERS);
    // Nothing is stuck: the next change is saved.
    await s.update({ ui: { highContrast: true } });
    expect(s.get().ui.highContrast).toBe(true);
  });

  it('pack columns for a labsheet past 100', async () => {
    const { store: s } = await store();
    const maps = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`Sheet ${i}`, { lot: 'Lot' }]));
    await s.update({ gs1Columns: maps });
    await expect(s.update({ gs1Columns: { 'Sheet 100': { lot: 'Lot' } } })).rejects.toThrow(
      'Not saved: at most 100 labsheets with pack columns. Remove one you no longer use, then try again.',
    );
    expect(Object.keys(s.get().gs1Columns)).toHaveLength(100);
  });

  it('known ID columns for a labsheet past 1000', async () => {
    const { store: s } = await store();
    const ids = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [`Sheet ${i}`, { id: 'ID', barcode: null, from: 'chosen' as const }]),
    );
    await s.update({ labsheetIdColumns: ids });
    await expect(
      s.update({ labsheetIdColumns: { 'Sheet 1000': { id: 'ID', barcode: null, from: 'chosen' } } }),
    ).rejects.toThrow('Not saved: at most 1000 labsheets with known ID columns.');
    expect(Object.keys(s.get().labsheetIdColumns)).toHaveLength(1000);
  });
});

describe('over IPC', () => {
  it('a printer past the cap is answered in those words, not "Internal error"', async () => {
    const { inProcessApi } = await import('../../../helpers/in-process-api.js');
    const p = await inProcessApi();
    try {
      for (let i = 0; i < MAX_PRINTERS; i += 1)
        await p.call('settings.set', {
          printers: { add: { name: `Bench ${i}`, host: '10.0.0.9', port: 9100, dpi: 203 } },
        });
      const r = await p.api.invoke('settings.set', {
        printers: { add: { name: 'One more', host: '10.0.0.9', port: 9100, dpi: 203 } },
      });
      expect(r).toMatchObject({
        ok: false,
        error: {
          code: 'failed',
          message: `Not saved: at most ${MAX_PRINTERS} printers. Remove one you no longer use, then try again.`,
        },
      });
    } finally {
      await p.close();
    }
  });
});
