import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveScannerSettings } from '../../../../renderer/lib/scan-input/scanner-save.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

let main: InProcess | null = null;
afterEach(async () => {
  await main?.close();
  main = null;
});

describe('Settings → Scanners: a change that could not be saved', () => {
  it('says "Not saved" and keeps the settings main runs with', async () => {
    main = await inProcessApi();
    const before = (await main.call('scanner.devices', {})).settings;
    expect(before.hidPos).toBe(true);
    // scanner.json can no longer be replaced: a folder stands at its name.
    const file = join(main.dataDir, 'scanner.json');
    rmSync(file, { force: true });
    mkdirSync(join(file, 'inside'), { recursive: true });

    const r = await saveScannerSettings(main.api, before, { hidPos: false });
    expect(r.notSaved).toMatch(/^Not saved: /);
    expect(r.settings).toEqual(before);
    expect((await main.call('scanner.devices', {})).settings.hidPos).toBe(true);
  });

  it('a change that was saved is what the card shows, and says nothing', async () => {
    main = await inProcessApi();
    const before = (await main.call('scanner.devices', {})).settings;
    const r = await saveScannerSettings(main.api, before, { hidPos: false });
    expect([r.settings.hidPos, r.notSaved]).toEqual([false, null]);
  });
});
