import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { sentSaid } from '../../../../../renderer/workflows/upload/send-progress.js';
import { uploadSendProgress } from '../../../../../shared/ipc/channels/upload.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';

const page = pageOnMainForSuite();
let s: UploadState;

beforeAll(() => {
  s = new UploadState(page.env.api, page.outbox, LOCAL_SANDBOX);
  s.start();
});
afterAll(() => s.stop());

/**
 * A 500 MB file showed a full "Copied for upload" bar and "sending" for minutes: nothing said how far
 * it was on its way. Main's news of it (`upload.sendProgress`, as its schema has it) is the row's second
 * bar. A file queued on the real main in-process; the news as main sends it for that entry.
 */
describe('Upload: a file on its way to the service shows how far it is', () => {
  it("the row takes main's news of its entry, and says it in words", async () => {
    await s.addFiles([new File(['well,sample\nA1,S-0001\n'], 'plate.csv')]);
    const [item] = s.items;
    expect(item!.sent).toBeNull();
    s.showSendProgress(uploadSendProgress.parse({ id: item!.entryId, sent: 200, total: 500 }));
    expect(item!.sent).toEqual({ sent: 200, total: 500 });
    expect(sentSaid(item!.sent!)).toBe('Sent to the service: 40%');
    // Another upload's news is not this row's.
    s.showSendProgress({ id: item!.entryId! + 1000, sent: 500, total: 500 });
    expect(item!.sent).toEqual({ sent: 200, total: 500 });
  });

  it("main's own news reaches the row while the file is sent, up to the whole of it", async () => {
    const seen: number[] = [];
    const off = page.env.api.subscribe('upload.sendProgress', (p) => seen.push(p.sent));
    try {
      // Big enough to be sent in more than one piece; the in-process main sends it as soon as it is queued.
      await s.addFiles([new File([new Uint8Array(3 * 1024 * 1024).fill(65)], 'big-run.csv')]);
      const item = s.items.find((i) => i.name === 'big-run.csv')!;
      await expect.poll(() => item.phase, { timeout: 20_000 }).toBe('done');
      expect(seen.length).toBeGreaterThan(0);
      expect(item.sent).not.toBeNull();
      expect(item.sent!.sent).toBe(item.sent!.total);
      expect(item.sent!.total).toBeGreaterThanOrEqual(3 * 1024 * 1024);
    } finally {
      off();
    }
  });

  it('says whole percents, never more than it sent', () => {
    expect(sentSaid({ sent: 999, total: 1000 })).toBe('Sent to the service: 99%');
    expect(sentSaid({ sent: 1000, total: 1000 })).toBe('Sent to the service: 100%');
    expect(sentSaid({ sent: 0, total: 0 })).toBe('Sent to the service: 0%');
  });
});
