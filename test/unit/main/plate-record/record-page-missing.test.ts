import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { mainForSuite } from './helpers.js';

const main = mainForSuite();

it('filed to a notebook page that does not exist: the record is listed as not filed, saying why', async () => {
  const { env } = main;
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  const rec = await env.call('plateRecord.file', {
    plateUuid: plate.uuid,
    page: { hrid: 'EXP-9999' },
    filing: randomUUID(),
  });
  const attach = await env.call('outbox.await', { id: rec.entries[3]!, timeoutMs: 20_000 });
  expect(attach.state).toBe('failed');

  const listed = (await env.call('plateRecord.list', {})).find((r) => r.folder === rec.folder);
  expect(listed?.notFiled).toMatch(/^Not filed: its picture was not put into the notebook page EXP-9999 \(refused — /);
  expect(listed?.notFiled).toContain(`entry #${rec.entries[3]}`);
}, 60_000);
