import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { mainForSuite } from './helpers.js';

const main = mainForSuite();

/** PL-0003 filed to EXP-9999, a notebook page the sandbox does not have: its attach-image is refused (404). */
async function filedToMissingPage() {
  const { env } = main;
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  const rec = await env.call('plateRecord.file', {
    plateUuid: plate.uuid,
    page: { hrid: 'EXP-9999' },
    filing: randomUUID(),
  });
  const attach = await env.call('outbox.await', { id: rec.entries[3]!, timeoutMs: 20_000 });
  expect(attach.state).toBe('failed');
  return rec;
}

it('filed to a notebook page that does not exist: the record is listed as not filed, saying why', async () => {
  const { env } = main;
  const rec = await filedToMissingPage();

  const listed = (await env.call('plateRecord.list', {})).find((r) => r.folder === rec.folder);
  expect(listed?.notFiled).toMatch(/^Not filed: its picture was not put into the notebook page EXP-9999 \(refused — /);
  expect(listed?.notFiled).toContain(`entry #${rec.entries[3]}`);
}, 60_000);

it('its plate.completed event is not sent while the picture is not on the page, and says what it waits for', async () => {
  const { env } = main;
  const rec = await filedToMissingPage();
  // Settled with the attach-image's failure, in the same write: never sent without its record.
  const event = await env.call('outbox.await', { id: rec.entries[4]!, timeoutMs: 20_000 });
  expect(event.state).toBe('failed');
  expect(event.error?.message).toMatch(
    new RegExp(
      `^Not sent: it needs entry #${rec.entries[3]} \\(attach-image\\), which failed: .+ Retry or correct that entry`,
    ),
  );
}, 60_000);

it('the attach-image corrected to a page that exists: the picture goes there, then the event', async () => {
  const { env } = main;
  const rec = await filedToMissingPage();
  const [attachId, eventId] = [rec.entries[3]!, rec.entries[4]!];
  const failed = (await env.call('outbox.list', { states: ['failed'] })).find((e) => e.id === attachId);
  if (failed?.intent?.type !== 'attach-image') throw new Error('the attach-image is not listed as failed');
  // As the Outbox's Edit sends it: the entry as listed (its image still to come from the upload), the page changed.
  const corrected = { ...failed.intent, request: { ...failed.intent.request, hrid: 'EXP-0001' } };
  expect(await env.call('outbox.replace', { id: attachId, intent: corrected })).toEqual({ ok: true });

  const attach = await env.call('outbox.await', { id: attachId, timeoutMs: 20_000 });
  expect(attach.state).toBe('done');
  const event = await env.call('outbox.await', { id: eventId, timeoutMs: 20_000 });
  expect(event.state).toBe('done');
  const listed = (await env.call('plateRecord.list', {})).find((r) => r.folder === rec.folder);
  expect(listed?.notFiled).toBeUndefined();
}, 60_000);
