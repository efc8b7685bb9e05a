import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { keptScreenOnMain } from '../../../../helpers/kept-screen-on-main.js';
import { keptUploadState } from '../../../../../renderer/workflows/upload/kept-state.js';
import { phaseWords } from '../../../../../renderer/workflows/upload/upload-item.js';
import { entryShownState } from '../../../../../shared/outbox-words/shown-state.js';
import { MAX_ANSWERED_FAILURES } from '../../../../../main/sync/classify.js';

/**
 * An upload whose tries ran out after one that may have stored the file (a gateway's 503, then "Send
 * again", then only "slow down" answers): the Outbox says "Unsure whether it arrived" and offers "It arrived" / "Send again". On the old
 * code its Upload row said "failed" (the row worked its state out without main's mayHaveArrived), so the
 * two screens said two things of one file. The kept state on the real main in-process; main reaches the
 * real sandbox through the fault proxy, which answers in its place.
 */
const openBenches = benchesPerTest();
const UPLOAD = /\/files\/store-and-embed$/;

describe('Upload: a file whose tries gave up is said as the Outbox says it', () => {
  it('unsure whether it arrived, on both screens, with the same choices', async () => {
    const k = await keptScreenOnMain(openBenches, keptUploadState);
    try {
      const s = k.show();
      k.b.proxy().setFaults([{ path: UPLOAD, count: 1, fault: { kind: 'status', status: 503 } }]);
      await s.addFiles([new File(['well,sample\nA1,S-0001\n'], 'gel.csv')]);
      const item = s.items[0]!;
      const id = item.entryId!;
      expect((await k.entry(id)).state).toBe('uncertain');
      // Sent again from its row; now the service only asks to slow down, until the tries run out.
      k.b.proxy().setFaults([{ path: UPLOAD, fault: { kind: 'status', status: 429 } }]);
      await s.settle(item, 'resend');
      const listed = async () => (await k.b.entries()).find((e) => e.id === id)!;
      for (let i = 0; i < MAX_ANSWERED_FAILURES * 3 && (await listed()).state !== 'failed'; i++) await k.b.sync();
      const e = await listed();
      expect(e.state).toBe('failed');
      const outboxSays = entryShownState(e.state, e.lastError, e.mayHaveArrived);
      expect(outboxSays).toBe('uncertain');
      await vi.waitFor(() => expect(item.phase).toBe('unsure'));
      expect(phaseWords(item.phase)).toBe('unsure whether it arrived');
      // The Outbox's advice after the reason: look on the service before choosing.
      expect(item.message).toMatch(/Stopped after \d+ failed attempts/);
      expect(item.message).toMatch(/look there before you send it again/);
    } finally {
      k.close();
    }
  }, 60_000);
});
