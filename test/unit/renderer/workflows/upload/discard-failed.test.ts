import { describe, expect, it, vi } from 'vitest';
import { keptScreenOnMain } from '../../../../helpers/kept-screen-on-main.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { keptUploadState } from '../../../../../renderer/workflows/upload/kept-state.js';
import { type UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { phaseWords, type UploadItem } from '../../../../../renderer/workflows/upload/upload-item.js';

/**
 * A failed upload is discarded from its Upload row, as from its Outbox row (`outbox.discard`): it is never
 * sent, and the row says so. Before, the row offered nothing and the technician had to find its entry in
 * the Outbox. The kept state as the screen gets it, on the real main in-process; main reaches the real
 * sandbox through the fault proxy.
 */
const openBenches = benchesPerTest();
const UPLOAD = /\/files\/store-and-embed$/;

/**
 * The Upload screen's kept state on a fresh main, with one file the service refused listed: a type it
 * stores but refuses to embed, refused in its answer, its entry failed. `use` runs with it; main closes after.
 */
async function withRefusedFile(
  use: (on: {
    k: Awaited<ReturnType<typeof keptScreenOnMain<UploadState>>>;
    s: UploadState;
    item: UploadItem;
  }) => Promise<void>,
): Promise<void> {
  const k = await keptScreenOnMain(openBenches, keptUploadState);
  try {
    const s = k.show();
    await s.addFiles([new File(['MZ'], 'runner.exe')]);
    const item = s.items[0]!;
    await k.b.sync();
    await vi.waitFor(() => expect(item.phase).toBe('refused'));
    await use({ k, s, item });
  } finally {
    k.close();
  }
}

describe('Upload: a failed upload is discarded from its row', () => {
  it(
    'refused by the service: Discard takes it out, and nothing of it is sent again',
    () =>
      withRefusedFile(async ({ k, s, item }) => {
        const sent = k.b.proxy().requests.filter((r) => UPLOAD.test(r.path)).length;
        expect(sent).toBeGreaterThan(0);

        await s.discard(item);
        expect((await k.entry(item.entryId!)).state).toBe('discarded');
        expect(item.phase).toBe('discarded');
        expect(phaseWords(item.phase)).toMatch(/^discarded .*will not be sent$/);
        await k.b.sync();
        expect(k.b.proxy().requests.filter((r) => UPLOAD.test(r.path))).toHaveLength(sent);
      }),
    60_000,
  );

  // On the old code a discarded upload could not be put back (its staged copy went with the discard), and
  // the row offered nothing.
  it(
    'Put back on the row undoes the Discard: refused again as it was; one put back elsewhere is followed',
    () =>
      withRefusedFile(async ({ k, s, item }) => {
        const refusedSaid = item.message;
        await s.discard(item);
        expect(item.phase).toBe('discarded');

        await s.putBack(item);
        expect((await k.entry(item.entryId!)).state).toBe('failed');
        expect(item.phase).toBe('refused');
        expect(item.message).toBe(refusedSaid);
        // Discarded again, and put back from the Outbox (Restore on its Discarded tab): the row follows.
        await s.discard(item);
        expect(await k.b.env.call('outbox.restore', { id: item.entryId! })).toMatchObject({ restored: 1 });
        await vi.waitFor(() => expect(item.phase).toBe('refused'));
        // This row's Put back, pressed before it was drawn again, changes nothing and says why.
        await s.putBack(item);
        expect(item.message).toMatch(/^Not put back: it is not discarded now/);
        expect(item.phase).toBe('refused');
      }),
    60_000,
  );

  it(
    'one settled meanwhile says why on the row, and is drawn as main has it',
    () =>
      withRefusedFile(async ({ k, s, item }) => {
        // Retried in the Outbox meanwhile: it is on its way again, not failed.
        expect((await k.b.env.call('outbox.retry', { id: item.entryId! })).ok).toBe(true);
        await s.discard(item);
        expect(item.message).toBe('Not discarded: Only a failed or uncertain entry can be discarded.');
        expect(['queued', 'sending', 'refused']).toContain(item.phase);
      }),
    60_000,
  );
});
