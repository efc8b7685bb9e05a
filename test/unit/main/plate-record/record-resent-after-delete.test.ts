import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { mainForSuite } from './helpers.js';

const main = mainForSuite();

it('the same filing sent again after its folder was deleted says so, and answers no folder that does not exist', async () => {
  const { env } = main;
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  const filing = randomUUID();
  const send = () => env.api.invoke('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing });
  const first = await send();
  if (!first.ok) throw new Error(first.error.message);
  rmSync(join(env.dataDir, 'records', first.value.folder), { recursive: true, force: true });

  const again = await send();
  expect(again.ok).toBe(false);
  if (again.ok) {
    expect(existsSync(join(env.dataDir, 'records', again.value.folder))).toBe(true);
    return;
  }
  expect(again.error.message).toContain(first.value.folder);
  expect(again.error.message).toMatch(/deleted/);
  // Nothing new was made of it.
  expect((await env.call('plateRecord.list', {})).filter((r) => r.plate === 'PL-0003')).toEqual([]);
});
