import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { inProcessApi } from '../../helpers/in-process-api.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * A test that gives main its data folder (one it seeded, or one it opens main on again) reads and
 * damages that folder through `dataDir`; before, the helper reported a temporary folder of its own
 * that main never used, and removed it on close.
 */
it('main runs in the data folder a test gives, reports that folder, and leaves it on close', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-given-'));
  dirs.push(dataDir);
  const env = await inProcessApi({ dataDir });
  expect(env.dataDir).toBe(dataDir);
  expect(existsSync(join(dataDir, 'outbox.db'))).toBe(true);
  await env.close();
  // The test's folder: it may open main on it again.
  expect(existsSync(join(dataDir, 'outbox.db'))).toBe(true);
});

it('without one, main runs in a fresh folder that close removes', async () => {
  const env = await inProcessApi();
  expect(existsSync(join(env.dataDir, 'outbox.db'))).toBe(true);
  await env.close();
  expect(existsSync(env.dataDir)).toBe(false);
});
