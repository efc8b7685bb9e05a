import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { root, startChild, stopChild } from '../child.js';
import { builtMain } from '../built-main.js';

export interface ExtraHost {
  url: string;
  close(): Promise<void>;
}

/**
 * A second browser host whose local sandbox loads a fixture, for states the demo lab does not have
 * (the service offers no way to create a folder, so duplicate folder names must come from data).
 * Stopped by its own pid.
 */
export async function startHostWithFixture(fixture: string, args: readonly string[] = []): Promise<ExtraHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-e2e-data-'));
  const { child, match } = await startChild(
    process.execPath,
    [builtMain('host/cli.js'), '--port', '0', '--data-dir', dataDir, '--fixture', fixture, ...args],
    { ready: /Benchlink browser host: (\S+)/, timeoutMs: 30_000, what: 'the fixture host' },
  );
  return {
    url: match[1]!,
    async close() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A host on one of test/e2e/data/fixtures for the calling describe block: started before its
 * first test, stopped after its last. `url` is readable inside the tests. With `perTest`, each test
 * (and each repeat of it) gets a host of its own on the fixture as written, for a test that changes
 * data the service offers no way to put back (a folder permission, once removed). `args`: more
 * start options for the host (`--sync-timeout 300`).
 */
export function useHostWithFixture(
  fixtureFile: string,
  opts: { perTest?: boolean; args?: readonly string[] } = {},
): { readonly url: string } {
  let host: ExtraHost | undefined;
  const before = opts.perTest ? test.beforeEach : test.beforeAll;
  const after = opts.perTest ? test.afterEach : test.afterAll;
  before(async () => {
    host = await startHostWithFixture(join(root, 'test', 'e2e', 'data', 'fixtures', fixtureFile), opts.args);
  });
  after(async () => {
    await host?.close();
    host = undefined;
  });
  return {
    get url() {
      if (!host) throw new Error('the fixture host starts in beforeAll; read url inside a test');
      return host.url;
    },
  };
}
