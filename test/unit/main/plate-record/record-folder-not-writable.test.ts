import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { lockEntries, mainForSuite } from './helpers.js';

const main = mainForSuite();

it('a records folder that cannot be written: said as a read-only data folder, with what to do, no system path', async (ctx) => {
  const { env } = main;
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  const records = join(env.dataDir, 'records');
  mkdirSync(records, { recursive: true });
  const undo = lockEntries(records);
  if (!undo) return ctx.skip('this machine cannot make a folder refuse new entries');
  let refused: Awaited<ReturnType<typeof env.api.invoke<'plateRecord.file'>>>;
  try {
    refused = await env.api.invoke('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
  } finally {
    undo();
  }
  expect(refused.ok ? null : refused.error.message).toMatch(
    /^The record of PL-0003 was not saved: the data folder is read-only \((EPERM|EACCES)\)\. Ask IT to let Benchlink write to its data folder, then try again\.$/,
  );
  expect(readdirSync(records)).toEqual([]);
  expect(await env.call('outbox.counts', {})).toMatchObject({ pending: 0, sending: 0 });
}, 60_000);
