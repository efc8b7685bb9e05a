import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { mainForSuite } from './helpers.js';

const main = mainForSuite();

it('a press sent again for a page corrected meanwhile says where the first went, and files nothing new', async () => {
  const { env } = main;
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  const filing = randomUUID();
  const first = await env.call('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing });
  // Its answer lost; the page corrected to EXP-0002 and the press sent again.
  const again = await env.api.invoke('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0002' }, filing });
  expect(again.ok).toBe(false);
  if (again.ok) return;
  expect(again.error.message).toMatch(/filed this record already, to EXP-0001, kept as .*not EXP-0002/);
  expect(again.error.message).toContain(first.folder);
  expect(again.error.message).not.toMatch(/^The record was not filed/);
  const events = (await env.call('outbox.list', { states: ['pending', 'sending', 'done', 'failed'] })).filter(
    (e) => e.intent?.type === 'webhook' && e.intent.payload['uuid'] === plate.uuid,
  );
  expect(events.map((e) => e.id)).toEqual([first.entries[4]]);
  // The same press for the same page still answers its record.
  expect(await env.call('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing })).toEqual(
    first,
  );
}, 30_000);
