import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import { withIdempotentWrites } from '../../../../../renderer/lib/ipc/idempotent-writes.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { inProcessApi, LOCAL_SANDBOX, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * A file queued, and main dies between committing its entry and answering (the host restarts on the
 * same folder). On the old code the page said "Not queued", its "Queue again" was refused (the new main
 * holds no ticket for the copy) with "Add it again", and the file added again was uploaded twice.
 */
let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('an upload whose queueing answer was lost to a host restart', () => {
  it('is answered, when the page sends it again, with the entry the first call committed: one upload', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'upload-lost-'));
    let main: InProcess = await inProcessApi({ dataDir });
    let loseNext = true;
    // The page's api, as the app wraps it (keyed writes), over a main that dies after this one commit.
    const raw: BenchlinkApi = {
      async invoke(channel, payload) {
        const r = await main.api.invoke(channel, payload);
        if (channel !== 'upload.enqueue' || !loseNext) return r;
        loseNext = false;
        await main.close();
        main = await inProcessApi({ dataDir });
        return { ok: false, error: { code: 'disconnected', message: 'Lost the connection to the Benchlink host.' } };
      },
      subscribe: (event, listener) => main.api.subscribe(event, listener),
    };
    const api = withIdempotentWrites(raw);
    const outbox = new OutboxState(api);
    await outbox.start();
    const s = new UploadState(api, outbox, LOCAL_SANDBOX);
    s.start();
    try {
      await s.addFiles([new File(['gel image bytes'], 'gel.png')]);
      const item = s.items[0]!;
      expect(loseNext).toBe(false);
      expect(item.phase).not.toBe('failed');
      expect(item.entryId).not.toBeNull();
      const uploads = (await main.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] })).filter(
        (e) => e.type === 'file-upload',
      );
      expect(uploads.map((e) => e.id)).toEqual([item.entryId]);
    } finally {
      s.stop();
      outbox.stop();
      await main.close();
    }
  });
});
