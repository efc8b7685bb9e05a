import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../../main/app.js';
import { StartOptionError, startOptionsFrom } from '../../../../main/common/start-options.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const info = { version: 't', shell: 'browser-host' as const, platform: 'linux', nativeDialogs: false };

describe('start options (npm start -- --service URL --reset-demo)', () => {
  it('reads --service and --reset-demo among other arguments, in either form', () => {
    expect(startOptionsFrom(['--port', '0', '--service', 'https://lims.example.org', '--reset-demo'])).toEqual({
      service: 'https://lims.example.org',
      resetDemo: true,
    });
    expect(startOptionsFrom(['/app', '--service=https://x.example'])).toEqual({
      service: 'https://x.example',
      resetDemo: false,
    });
    expect(startOptionsFrom([])).toEqual({ resetDemo: false });
    expect(startOptionsFrom(['--service', 'https://x.example', '--mode', 'legacy'])).toEqual({
      service: 'https://x.example',
      serviceMode: 'legacy',
      resetDemo: false,
    });
  });

  it('reads --sync-timeout in whole seconds; a value it cannot take stops the start with which and why', () => {
    expect(startOptionsFrom(['--sync-timeout', '60'])).toEqual({ resetDemo: false, syncTimeoutMs: 60_000 });
    for (const bad of ['0', '-5', '1.5', 'soon', '3601'])
      expect(() => startOptionsFrom(['--sync-timeout', bad])).toThrow(
        `--sync-timeout must be whole seconds from 1 to 3600, got "${bad}".`,
      );
    expect(() => startOptionsFrom(['--sync-timeout'])).toThrow(StartOptionError);
    expect(() => startOptionsFrom(['--service', 'https://x.example', '--mode', 'v3'])).toThrow(
      '--mode must be v2 or legacy, got "v3".',
    );
  });

  it('--service sets the connection to that service; a plain-http remote address stops the start with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchlink-start-'));
    try {
      const app = await createApp({ dataDir: dir, info, log: quiet, service: 'https://lims.example.org/api' });
      expect(app.settings.get().connection).toMatchObject({ kind: 'custom', baseUrl: 'https://lims.example.org/api' });
      await app.close();
      await expect(createApp({ dataDir: dir, info, log: quiet, service: 'http://lims.example.org' })).rejects.toThrow(
        /cannot be used: must use https/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--reset-demo removes the embedded sandbox database before it starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchlink-start-'));
    try {
      writeFileSync(join(dir, 'sandbox.db'), 'not a database');
      const app = await createApp({ dataDir: dir, info, log: quiet, resetDemo: true });
      await app.close();
      expect(() => readFileSync(join(dir, 'sandbox.db'), 'utf8')).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
