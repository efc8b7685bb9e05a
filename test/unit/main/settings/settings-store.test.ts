import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/ipc/settings.js';
import { openSettingsStore, SETTINGS_FILE } from '../../../../main/settings/store.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const now = () => new Date('2026-11-23T09:00:00.000Z');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'benchlink-settings-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('settings store', () => {
  it('starts from defaults without a file and persists updates', async () => {
    const dir = tempDir();
    const store = await openSettingsStore({ dataDir: dir, log: quiet });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.notice).toBeNull();
    await store.update({ ui: { highContrast: true } });
    const again = await openSettingsStore({ dataDir: dir, log: quiet });
    expect(again.get().ui.highContrast).toBe(true);
    expect(again.get().ui.sounds).toBe(DEFAULT_SETTINGS.ui.sounds);
  });

  it.each([
    ['not JSON', '{ "version": 1, ', 'not valid JSON'],
    ['not an object', '[1, 2]', 'not a settings object'],
    ['empty file', '', 'not valid JSON'],
  ])('a corrupt file (%s) gets defaults, a clear notice, and is moved aside intact', async (_name, content, why) => {
    const dir = tempDir();
    writeFileSync(join(dir, SETTINGS_FILE), content);
    const store = await openSettingsStore({ dataDir: dir, log: quiet, now });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.notice).toContain(why);
    expect(store.notice).toContain('Default settings are in use');
    const aside = readdirSync(dir).find((f) => f.startsWith(`${SETTINGS_FILE}.corrupt-`));
    expect(aside).toBe(`${SETTINGS_FILE}.corrupt-2026-11-23T09-00-00-000Z`);
    expect(readFileSync(join(dir, aside!), 'utf8')).toBe(content);
    expect(existsSync(join(dir, SETTINGS_FILE))).toBe(false);
    // Saving afterwards writes a fresh, valid file next to the kept one.
    await store.update({ ui: { sounds: false } });
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).ui.sounds).toBe(false);
  });

  const saved = {
    ...DEFAULT_SETTINGS,
    connection: {
      kind: 'custom',
      baseUrl: 'https://lab.example.org/api',
      filesUrl: 'https://lab.example.org/api',
      eventsUrl: 'https://lab.example.org/api',
      mode: 'legacy',
    },
    ui: { highContrast: true, sounds: false, fillOrder: 'column-major' },
  } as const;
  it.each([
    [
      'an unknown key (a newer version)',
      { ...saved, newerFeature: true },
      ['newerFeature (not a setting this version knows)'],
    ],
    ['another version number', { ...saved, version: 2 }, ['version (']],
    [
      'one invalid section',
      { ...saved, printers: [{ id: 'p', name: 'P', host: '', port: 9100, dpi: 203 }] },
      ['printers ('],
    ],
  ])(
    'a file with %s keeps every valid section, names what was dropped, and keeps the original aside',
    async (_name, content, named) => {
      const dir = tempDir();
      const text = JSON.stringify(content);
      writeFileSync(join(dir, SETTINGS_FILE), text);
      const store = await openSettingsStore({ dataDir: dir, log: quiet, now });
      expect(store.get().connection).toEqual(saved.connection);
      expect(store.get().ui).toEqual(saved.ui);
      for (const n of named) expect(store.notice).toContain(n);
      expect(store.notice).toContain('Everything else was kept');
      const aside = `${SETTINGS_FILE}.corrupt-2026-11-23T09-00-00-000Z`;
      expect(store.notice).toContain(aside);
      expect(readFileSync(join(dir, aside), 'utf8')).toBe(text);
      // What was kept is on disk at once: the next start reads it without a notice.
      const again = await openSettingsStore({ dataDir: dir, log: quiet, now });
      expect(again.notice).toBeNull();
      expect(again.get()).toEqual(store.get());
    },
  );

  it('an invalid connection falls back to the sandbox alone and says so; the other sections stay', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ ...saved, connection: { kind: 'custom', baseUrl: 'ftp://x' } }),
    );
    const store = await openSettingsStore({ dataDir: dir, log: quiet, now });
    expect(store.get().connection).toEqual(DEFAULT_SETTINGS.connection);
    expect(store.get().ui).toEqual(saved.ui);
    expect(store.notice).toMatch(/connection \(/);
  });

  it('reads a file saved with a UTF-8 byte-order mark as the settings it holds', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, SETTINGS_FILE), `\uFEFF${JSON.stringify(saved)}`);
    const store = await openSettingsStore({ dataDir: dir, log: quiet, now });
    expect(store.notice).toBeNull();
    expect(store.get().connection).toEqual(saved.connection);
    expect(store.get().ui).toEqual(saved.ui);
  });

  it('keeps a saved connection that has a field a newer version added, and names the field ignored', async () => {
    const dir = tempDir();
    const text = JSON.stringify({ ...saved, connection: { ...saved.connection, proxy: 'http://proxy:3128' } });
    writeFileSync(join(dir, SETTINGS_FILE), text);
    const store = await openSettingsStore({ dataDir: dir, log: quiet, now });
    expect(store.get().connection).toEqual(saved.connection);
    expect(store.notice).toContain('connection.proxy (not a setting this version knows)');
    expect(store.notice).not.toMatch(/connection \(/);
    expect(readFileSync(join(dir, `${SETTINGS_FILE}.corrupt-2026-11-23T09-00-00-000Z`), 'utf8')).toBe(text);
  });

  it.each([
    ['a fragment', 'https://lims.lab.org/#/home', /connection \(baseUrl: must not contain "\?" or "#"/],
    ['a query', 'https://lims.lab.org/api?tenant=a', /connection \(baseUrl: must not contain "\?" or "#"/],
    [
      'user info',
      'https://u:secret@lims.lab.org/api',
      /connection \(baseUrl: must not contain a user name or password/,
    ],
  ])(
    'a saved address with %s (accepted by older versions) is not used, and the notice says why',
    async (_name, url, why) => {
      const dir = tempDir();
      const text = JSON.stringify({
        ...saved,
        connection: { kind: 'custom', mode: 'v2', baseUrl: url, filesUrl: url, eventsUrl: url },
      });
      writeFileSync(join(dir, SETTINGS_FILE), text);
      const store = await openSettingsStore({ dataDir: dir, log: quiet, now });
      expect(store.get().connection).toEqual(DEFAULT_SETTINGS.connection);
      expect(store.get().ui).toEqual(saved.ui);
      expect(store.notice).toMatch(why);
      expect(store.notice).not.toContain('secret');
      // The user's saved connection is not lost: the original file is kept aside, as the notice says.
      expect(readFileSync(join(dir, `${SETTINGS_FILE}.corrupt-2026-11-23T09-00-00-000Z`), 'utf8')).toBe(text);
    },
  );

  it('rejects an update that would make the settings invalid, keeping the saved ones', async () => {
    const store = await openSettingsStore({ dataDir: tempDir(), log: quiet });
    await expect(
      store.update({
        connection: { kind: 'custom', mode: 'v2', baseUrl: 'nope', filesUrl: 'nope', eventsUrl: 'nope' },
      }),
    ).rejects.toThrow();
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('quick successive updates build on each other', async () => {
    const dir = tempDir();
    const store = await openSettingsStore({ dataDir: dir, log: quiet });
    await Promise.all([
      store.update({ connection: { kind: 'local-sandbox', mode: 'legacy' } }),
      store.update({ ui: { highContrast: true } }),
      store.update({ ui: { fillOrder: 'column-major' } }),
    ]);
    const saved = JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8'));
    expect(saved.connection.mode).toBe('legacy');
    expect(saved.ui).toMatchObject({ highContrast: true, fillOrder: 'column-major' });
  });
});
