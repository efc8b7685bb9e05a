import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMITS, pageRefOf } from '../../../../shared/ipc/channels/plate-record.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

const completedEvents = async (plate: string) =>
  (await env.call('outbox.list', { states: ['pending', 'sending', 'done', 'failed', 'uncertain'] })).filter(
    (e) => e.intent?.type === 'webhook' && e.intent.payload['uuid'] === plate,
  );

describe('the plate.completed event is queued with its record, once per filing', () => {
  it('a page name too long is refused with the reason, nothing queued; pressed again fixed: one event', async () => {
    const plate = (await env.call('cache.manifest', { hrid: 'PL-0002' }))!;
    const tooLong = pageRefOf('x'.repeat(PAGE_LIMITS.name + 1));
    expect(tooLong).toEqual({ problem: expect.stringMatching(/at most 500 characters \(this one has 501\)/) });
    // main's own check holds too (a page that skipped pageRefOf): the filing queues nothing.
    const filing = randomUUID();
    const refused = await env.api.invoke('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { name: 'x'.repeat(PAGE_LIMITS.name + 1) },
      filing,
    });
    expect(refused.ok).toBe(false);
    const fixed = pageRefOf(' Experiment 12 ');
    expect(fixed).toEqual({ ref: { name: 'Experiment 12' } });
    if (!('ref' in fixed)) return;
    const rec = await env.call('plateRecord.file', { plateUuid: plate.uuid, page: fixed.ref, filing });
    const events = await completedEvents(plate.uuid);
    expect(events.map((e) => e.id)).toEqual([rec.entries[4]]);
  });

  it('the same filing sent again (an answer lost, a double click) answers the first record, nothing more', async () => {
    const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
    const filing = randomUUID();
    const send = () => env.call('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing });
    const [first, again] = [await send(), await send()];
    expect(again).toEqual(first);
    expect(await completedEvents(plate.uuid)).toHaveLength(1);
    expect((await env.call('plateRecord.list', {})).filter((r) => r.plate === 'PL-0003')).toHaveLength(1);
  });

  it('the same filing sent again while the first is still being built leaves one folder, the one it files', async () => {
    const plate = (await env.call('cache.manifest', { hrid: 'PL-0001' }))!;
    const filing = randomUUID();
    const send = () => env.call('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing });
    // Pressed again after the page lost its connection, while main still builds the first.
    const [first, again] = await Promise.all([send(), send()]);
    expect(again).toEqual(first);
    expect((await env.call('plateRecord.list', {})).filter((r) => r.plate === 'PL-0001').map((r) => r.folder)).toEqual([
      first.folder,
    ]);
    const [event] = await completedEvents(plate.uuid);
    expect(event?.intent?.type === 'webhook' ? event.intent.payload['record'] : null).toBe(first.folder);
  });

  it('reads page IDs as IDs and refuses an empty page', () => {
    expect(pageRefOf('exp-0001')).toEqual({ ref: { hrid: 'EXP-0001' } });
    expect(pageRefOf('  ')).toEqual({ problem: expect.stringContaining('Say which notebook page') });
  });
});
