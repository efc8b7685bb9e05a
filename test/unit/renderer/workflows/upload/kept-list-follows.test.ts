import { describe, expect, it, vi } from 'vitest';
import { keptScreenOnMain, listenersAddedByVisits } from '../../../../helpers/kept-screen-on-main.js';
import { keptUploadState } from '../../../../../renderer/workflows/upload/kept-state.js';
import { phaseWords } from '../../../../../renderer/workflows/upload/upload-item.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { shownError, shownErrorLine } from '../../../../../shared/outbox-words/shown-error.js';

/**
 * The Upload screen's list, kept while the user is on another screen (the Outbox): the files added are
 * still listed on return, each as its upload is now (sent with the service's file id, refused, answer
 * lost, cancelled or discarded meanwhile). The kept state as the screen gets it, on the real main
 * in-process; main reaches the real sandbox through the fault proxy, so a test can slow one upload
 * down and lose the answer to another.
 */
const openBenches = benchesPerTest();

const UPLOAD = /\/files\/store-and-embed$/;

const uploadOnMain = () => keptScreenOnMain(openBenches, keptUploadState);

describe('Upload: the list follows its uploads while the screen is left', () => {
  it('files sent, refused, cancelled or discarded while the user is on the Outbox are listed so on return', async () => {
    const { b, outbox, show, entry, close } = await uploadOnMain();
    try {
      const s = show();
      // Uploads go one at a time: the first one's answer is lost (it may be on the service: uncertain),
      // the second takes its time, so the files behind it are still waiting when the user leaves.
      b.proxy().setFaults([
        { path: UPLOAD, count: 1, fault: { kind: 'reset-after' } },
        { path: UPLOAD, count: 1, fault: { kind: 'latency', ms: 4_000 } },
      ]);
      await s.addFiles([
        new File(['well,sample\nA1,S-0001\n'], 'lost.csv'),
        new File(['well,sample\nA2,S-0002\n'], 'plate.csv'),
        new File(['MZ'], 'runner.exe'),
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'gel.png'),
      ]);
      const item = (name: string) => {
        const found = s.items.find((i) => i.name === name);
        if (!found?.entryId) throw new Error(`${name} was not queued`);
        return { ...found, entryId: found.entryId };
      };
      const [lost, sent, refused, cancelled] = ['lost.csv', 'plate.csv', 'runner.exe', 'gel.png'].map(item);

      // Neither the slow one nor the ones behind it are done as the user leaves.
      for (const waiting of s.items.slice(1)) expect(['queued', 'sending']).toContain(waiting.phase);
      // The user goes to the Outbox: takes back a file never tried, gives up on the one whose answer was lost.
      s.stop();
      expect(await b.env.call('outbox.cancel', { id: cancelled!.entryId })).toEqual({ ok: true });
      expect((await entry(lost!.entryId)).state).toBe('uncertain');
      expect((await b.env.call('outbox.discard', { id: lost!.entryId })).ok).toBe(true);
      expect((await entry(sent!.entryId)).state).toBe('done');
      // The service stores it but refuses to embed it: refused in its answer.
      expect((await entry(refused!.entryId)).state).toBe('failed');
      // The page has heard it all (its counts come with the same news) before the screen is shown again.
      await vi.waitFor(() =>
        expect(outbox.counts).toMatchObject({
          pending: 0,
          sending: 0,
          uncertain: 0,
          failed: 1,
          failedAs: { held: 0, refused: 1, failed: 0 },
        }),
      );

      // Back on Upload: the same list, each file as its upload is now.
      const back = show();
      expect(back).toBe(s);
      const listed = (name: string) => back.items.find((i) => i.name === name)!;
      await vi.waitFor(() =>
        expect(Object.fromEntries(back.items.map((i) => [i.name, i.phase]))).toEqual({
          'lost.csv': 'discarded',
          'plate.csv': 'done',
          'runner.exe': 'refused',
          'gel.png': 'cancelled',
        }),
      );
      // The service's answers came while the screen was not shown, and are there: a file id to embed,
      // the reason a file was refused.
      await vi.waitFor(() => expect(listed('plate.csv').result).toMatchObject({ status: 'QUEUED' }));
      expect(listed('plate.csv').result?.fileId).toEqual(expect.any(String));
      await vi.waitFor(() => expect(listed('runner.exe').message).toMatch(/\.exe is not supported for embedding/));
      // Refused, as the Outbox says it: not "failed", which reads as worth sending again.
      expect(phaseWords(listed('runner.exe').phase)).toBe('refused');
      expect(phaseWords(listed('gel.png').phase)).toBe('cancelled in the Outbox — will not be sent');
      expect(phaseWords(listed('lost.csv').phase)).toBe('discarded in the Outbox — will not be sent');
    } finally {
      close();
    }
  }, 60_000);

  it('a refused file retried from the Outbox no longer shows the old refusal while it goes again', async () => {
    const { b, show, entry, close } = await uploadOnMain();
    try {
      const s = show();
      await s.addFiles([new File(['MZ'], 'runner.exe')]);
      const item = s.items[0]!;
      expect((await entry(item.entryId!)).state).toBe('failed');
      await vi.waitFor(() => expect(item.message).toMatch(/\.exe is not supported for embedding/));
      // The retry is held on its way, so the line is seen while it goes again.
      b.proxy().setFaults([{ path: UPLOAD, count: 1, fault: { kind: 'latency', ms: 3_000 } }]);
      expect((await b.env.call('outbox.retry', { id: item.entryId! })).ok).toBe(true);
      await vi.waitFor(() => expect(['queued', 'sending']).toContain(item.phase));
      expect(item.message).toBeNull();
      expect(item.result).toBeNull();
      // And the new answer is shown when it comes.
      await vi.waitFor(() => expect(item.message).toMatch(/\.exe is not supported for embedding/), { timeout: 10_000 });
    } finally {
      close();
    }
  }, 30_000);

  it('a file whose upload failed is said as the Outbox says its entry, status and all', async () => {
    const { b, show, entry, close } = await uploadOnMain();
    try {
      const s = show();
      // The service fails the upload after it may have stored it: the Outbox lists it as unsure.
      b.proxy().setFaults([{ path: UPLOAD, count: 1, fault: { kind: 'status', status: 503 } }]);
      await s.addFiles([new File(['well,sample\nA1,S-0001\n'], 'plate.csv')]);
      const item = s.items[0]!;
      const { state, error } = await entry(item.entryId!);
      expect(state).toBe('uncertain');
      // The Outbox's reason column and this line are one sentence (on the old code the status was left off).
      await vi.waitFor(() =>
        expect(item.message).toBe('The service had an error. The service said: Operation failed (503)'),
      );
      expect(item.message).toBe(shownErrorLine(shownError(error!)));
      // Unsure, not failed: it may be stored, so it is not offered for queuing again (a second copy).
      expect(item.phase).toBe('unsure');
      expect(phaseWords(item.phase)).toBe('unsure whether it arrived');
    } finally {
      close();
    }
  });

  it('showing the screen again and again keeps one subscription to the uploads', async () => {
    const k = await uploadOnMain();
    try {
      expect(listenersAddedByVisits(k)).toBe(1);
    } finally {
      k.close();
    }
  });
});
