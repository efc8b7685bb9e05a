/**
 * A second start finds Benchlink running and is handed over to it (Electron's single-instance lock):
 * what it asked for that the running one does not do is said, not dropped without a word.
 */
import { describe, expect, it } from 'vitest';
import { launchArgs, secondLaunchNotice } from '../../../../main/electron/second-launch.js';

const sandbox = { connection: { kind: 'local-sandbox', mode: 'v2' } } as const;
const lims = {
  connection: {
    kind: 'custom',
    baseUrl: 'https://lims.example.org/',
    filesUrl: 'https://lims.example.org/',
    eventsUrl: 'https://lims.example.org/',
    mode: 'v2',
  },
} as const;

describe('a second start while Benchlink runs', () => {
  it('asking for another service says where it runs and that it was not switched', () => {
    // On the old code the window only came to the front and the new start ended without a word.
    const notice = secondLaunchNotice(['/app', '--service=https://other.example.org', '--sync-timeout', '60'], lims);
    expect(notice).not.toBeNull();
    expect(notice!.message).toBe('Benchlink is already running, on https://lims.example.org/ (v2).');
    expect(notice!.detail).toContain('It was not switched to https://other.example.org (v2).');
    expect(notice!.detail).toContain('The sync timeout of 60 s was not applied.');
    expect(notice!.detail).toContain('close Benchlink');
  });

  it('--reset-demo on the running sandbox says the demo data was not reset', () => {
    const notice = secondLaunchNotice(['/app', '--reset-demo'], sandbox);
    expect(notice?.message).toBe('Benchlink is already running, on the local demo sandbox.');
    expect(notice?.detail).toMatch(/^The demo data was not reset\./);
  });

  it('nothing asked, or only what already runs: no notice, the window just comes to the front', () => {
    expect(secondLaunchNotice(['/app'], sandbox)).toBeNull();
    expect(secondLaunchNotice(['/app', '--service', 'https://lims.example.org'], lims)).toBeNull();
    expect(secondLaunchNotice(['/app', '--sync-timeout=60'], { ...lims, syncTimeoutMs: 60_000 })).toBeNull();
    // Chromium's own switches on the handed-over argv are not Benchlink's.
    expect(secondLaunchNotice(['/app', '--original-process-start-time=1234'], sandbox)).toBeNull();
  });

  it('the same address in another mode is another service', () => {
    expect(secondLaunchNotice(['--service', 'https://lims.example.org', '--mode', 'legacy'], lims)?.detail).toContain(
      'not switched to https://lims.example.org (legacy)',
    );
  });

  it('an option the running app cannot take says so', () => {
    expect(secondLaunchNotice(['--sync-timeout', 'soon'], sandbox)).toEqual({
      message: 'Benchlink is already running; the new start was not used.',
      detail: '--sync-timeout must be whole seconds from 1 to 3600, got "soon". Benchlink goes on as it was.',
    });
  });

  it("reads the second start's own argv when it sent it, Electron's otherwise", () => {
    expect(launchArgs(['/electron', '/app', '--x'], { argv: ['/app', '--service=https://a.example'] })).toEqual([
      '/app',
      '--service=https://a.example',
    ]);
    expect(launchArgs(['/electron', '/app', '--reset-demo'], {})).toEqual(['/app', '--reset-demo']);
    expect(launchArgs(['/electron', '--reset-demo'], { argv: [1, 2] })).toEqual(['--reset-demo']);
  });
});
