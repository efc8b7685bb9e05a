import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { mainForSuite, wellSet } from './helpers.js';

const main = mainForSuite();

const completedEvents = async (plate: string) =>
  (await main.env.call('outbox.list', { states: ['pending', 'sending', 'done', 'failed', 'uncertain'] })).filter(
    (e) => e.intent?.type === 'webhook' && e.intent.payload['uuid'] === plate,
  );

it('the same plate, unchanged, filed again to the same page: told where it is, nothing new unless pressed again', async () => {
  const { env } = main;
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  await env.call('outbox.enqueue', { intent: wellSet(plate.uuid, 'A1', 'S-0001') });
  const file = (filing: string, page = 'EXP-0001') =>
    env.api.invoke('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: page }, filing });
  const first = await file(randomUUID());
  if (!first.ok) throw new Error(first.error.message);

  // Another window, or a press after the first answered: a new press.
  const second = randomUUID();
  const told = await file(second);
  expect(told.ok).toBe(false);
  if (told.ok) return;
  expect(told.error.message).toMatch(
    /^FILED ALREADY — PL-0003 was filed already with these same wells, to EXP-0001 at \d\d:\d\d on /,
  );
  expect(told.error.message).toContain(first.value.folder);
  expect(told.error.message).toMatch(/nothing new was filed\. Press again to file a second record/);
  expect(await completedEvents(plate.uuid)).toHaveLength(1);

  // Pressed again after reading that: a second record, asked for.
  const again = await file(second);
  expect(again.ok).toBe(true);
  expect(await completedEvents(plate.uuid)).toHaveLength(2);

  // Another page, or other wells, is another record.
  expect((await file(randomUUID(), 'EXP-0002')).ok).toBe(true);
  await env.call('outbox.enqueue', { intent: wellSet(plate.uuid, 'A2', 'S-0002') });
  expect((await file(randomUUID())).ok).toBe(true);
  expect(await completedEvents(plate.uuid)).toHaveLength(4);
}, 60_000);

it('a filing whose picture did not reach its page does not stand: the plate is filed again', async () => {
  const { env } = main;
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0001' }))!;
  const file = () =>
    env.api.invoke('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-9999' }, filing: randomUUID() });
  const first = await file();
  if (!first.ok) throw new Error(first.error.message);
  expect((await env.call('outbox.await', { id: first.value.entries[3]!, timeoutMs: 20_000 })).state).toBe('failed');
  expect((await file()).ok).toBe(true);
}, 60_000);
