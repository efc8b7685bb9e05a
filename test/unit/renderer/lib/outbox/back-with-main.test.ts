import { describe, expect, it, vi } from 'vitest';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { keptRowState } from '../../../../../renderer/workflows/row-update/kept-state.js';
import { keptUploadState } from '../../../../../renderer/workflows/upload/kept-state.js';
import { phaseWords } from '../../../../../renderer/workflows/upload/upload-item.js';
import { WellFillState } from '../../../../../renderer/workflows/well-fill/well-fill-state.svelte.js';
import { handleWellFillScan } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { queuedSaid } from '../../../../../renderer/lib/outbox/follow-entry-sync.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { droppingApi } from '../../../../helpers/dropping-api.js';

/**
 * The page loses main for a moment (the browser host's socket drops, the host restarts): the news of
 * entries sent, refused or failed meanwhile never comes. Back with main, the lists that follow their
 * entries read them again. The kept states as the screens get them, on the real main in-process, over
 * an api that drops main's events while it is down and says when it is back, as the browser host's does.
 */
const openBenches = benchesPerTest();

async function pageAwayFromMain() {
  const b = await openBenches('extended');
  const page = droppingApi(b.env.api);
  const outbox = new OutboxState(page.api);
  await outbox.start();
  const service = await b.env.service();
  const entry = (id: number) => b.env.call('outbox.await', { id, timeoutMs: 15_000 });
  return { b, page, outbox, service, entry };
}

describe('Back with main after losing it, the lists read their entries again', () => {
  it('an upload sent while the page was away reads sent, with its file id', async () => {
    const { b, page, outbox, service, entry } = await pageAwayFromMain();
    try {
      const s = keptUploadState(page.api, service, b.feedback, outbox).state;
      s.start();
      await s.addFiles([new File(['well,sample\nA1,S-0001\n'], 'plate.csv')]);
      const item = s.items[0]!;
      expect(item.phase).toBe('queued');
      // The socket drops at once: main sends the file and says so to no one.
      page.down();
      expect((await entry(item.entryId!)).state).toBe('done');
      await vi.waitFor(() => expect(page.missedNews(item.entryId!, 'done')).toBe(true));
      expect(item.phase).toBe('queued');

      page.up();
      // On the old code: "waiting to be sent (when online)" for ever.
      await vi.waitFor(() => expect(item.phase).toBe('done'));
      expect(phaseWords(item.phase)).toBe('sent');
      await vi.waitFor(() => expect(item.result?.fileId).toEqual(expect.any(String)));
    } finally {
      outbox.stop();
    }
  });

  // A discarded upload comes back for a day (the Discard's Undo); on the old code its row was taken as ended
  // and never read again, so it read "discarded" while the Outbox listed it refused.
  it('a discarded upload put back while the page was away reads refused again', async () => {
    const { b, page, outbox, service, entry } = await pageAwayFromMain();
    try {
      const s = keptUploadState(page.api, service, b.feedback, outbox).state;
      s.start();
      await s.addFiles([new File(['MZ'], 'runner.exe')]);
      const item = s.items[0]!;
      await b.sync();
      await vi.waitFor(() => expect(item.phase).toBe('refused'));
      await s.discard(item);
      expect(item.phase).toBe('discarded');
      page.down();
      expect(await b.env.call('outbox.restore', { id: item.entryId! })).toMatchObject({ restored: 1 });
      await vi.waitFor(() => expect(page.missedNews(item.entryId!, 'failed')).toBe(true));
      expect(item.phase).toBe('discarded');

      page.up();
      await vi.waitFor(() => expect(item.phase).toBe('refused'));
      expect((await entry(item.entryId!)).state).toBe('failed');
    } finally {
      outbox.stop();
    }
  });

  it('a well filled and sent while the page was away reads sent', async () => {
    const { b, page, outbox, service, entry } = await pageAwayFromMain();
    const s = new WellFillState(page.api, b.feedback, outbox, service);
    s.start();
    try {
      const scan = (text: string) => handleWellFillScan(s, { text, source: 'field', mainAt: null });
      await scan('PLT000001');
      await scan('TB000011');
      const target = Object.values(s.wells).find((w) => w?.sample === 'S-0011')!.position;
      expect(s.wells[target]).toMatchObject({ sample: 'S-0011', sync: 'pending' });
      const id = (await b.env.call('outbox.list', {})).find((e) => e.summary.includes('S-0011'))!.id;
      page.down();
      expect((await entry(id)).state).toBe('done');
      await vi.waitFor(() => expect(page.missedNews(id, 'done')).toBe(true));
      expect(s.wells[target]?.sync).toBe('pending');

      page.up();
      // On the old code: "waiting to be sent" for ever on a well the service has.
      await vi.waitFor(() => expect(s.wells[target]).toMatchObject({ sample: 'S-0011', sync: 'synced' }));
    } finally {
      s.stop();
      outbox.stop();
    }
  });

  it('a batch change refused while the page was away reads refused, and the tube may be scanned again', async () => {
    const { b, page, outbox, service, entry } = await pageAwayFromMain();
    try {
      const s = keptRowState(page.api, service, b.feedback, outbox).state;
      s.start();
      s.mode = 'batch';
      s.batchField = 'Status';
      s.batchValue = 'bogus-status';
      const refused = await s.applyBatch(null, 'S-0002', false);
      expect(refused.sync).toBe('pending');
      page.down();
      // The service refuses it (422) while the page hears nothing.
      expect((await entry(refused.entryId)).state).toBe('failed');
      await vi.waitFor(() => expect(page.missedNews(refused.entryId, 'failed')).toBe(true));
      expect(refused.sync).toBe('pending');
      expect(s.alreadyInBatch('S-0002')).toBe(true);

      page.up();
      // On the old code: "waiting" for ever, and the tube scanned again was "already in this batch".
      await vi.waitFor(() => expect(refused.sync).toBe('refused'));
      expect(queuedSaid(refused)).toMatch(/^refused — Status cannot be "bogus-status".* See the Outbox\.$/);
      expect(s.alreadyInBatch('S-0002')).toBe(false);
    } finally {
      outbox.stop();
    }
  });
});
