import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

/**
 * A setting changed on its own leaves the others as the user set them: on the real main in-process, its
 * files on disk. (zod's `.partial()` kept each field's default, so a one-field patch carried the rest.)
 */
let main: InProcess | null = null;
let dir: string;
afterEach(async () => {
  await main?.close();
  main = null;
  rmSync(dir, { recursive: true, force: true });
});

describe('one scanner setting changed on its own', () => {
  it('the scanner link keeps the double-read window, the catch-scans switch and the suffix, after a restart too', async () => {
    dir = mkdtempSync(join(tmpdir(), 'benchlink-patch-'));
    main = await inProcessApi({ dataDir: dir });
    await main.call('settings.set', { scanner: { dedupeWindowMs: 1000, wedgeEnabled: false, suffix: '*' } });
    // What Settings' Scanner link and the scanner test's "Use it" send:
    const after = await main.call('settings.set', { scanner: { wedgeProfile: 'bluetooth' } });
    const chosen = { wedgeEnabled: false, wedgeProfile: 'bluetooth', dedupeWindowMs: 1000, prefix: '', suffix: '*' };
    expect(after.scanner).toEqual(chosen);
    await main.close();
    main = await inProcessApi({ dataDir: dir });
    expect((await main.call('settings.get', {})).scanner).toEqual(chosen);
  });

  it('"Use USB HID scanners" keeps the rest of scanner.json', async () => {
    dir = mkdtempSync(join(tmpdir(), 'benchlink-patch-'));
    const saved = {
      enabled: true,
      pollIntervalMs: 5000,
      hidPos: true,
      continuationTimeoutMs: 900,
      keyboardScanners: [
        {
          vendorId: 1,
          productId: 2,
          layout: 'de',
          terminators: ['enter'],
          idleMs: 80,
          requireTerminator: true,
          unterminatedMs: 2000,
        },
      ],
      ignore: [{ vendorId: 3, productId: 4 }],
    };
    writeFileSync(join(dir, 'scanner.json'), JSON.stringify(saved));
    main = await inProcessApi({ dataDir: dir });
    expect((await main.call('scanner.devices', { refresh: false })).settings).toEqual(saved);
    const r = await main.call('scanner.configure', { settings: { hidPos: false } });
    expect(r.settings).toEqual({ ...saved, hidPos: false });
    expect(JSON.parse(readFileSync(join(dir, 'scanner.json'), 'utf8'))).toEqual({ ...saved, hidPos: false });
  });
});
