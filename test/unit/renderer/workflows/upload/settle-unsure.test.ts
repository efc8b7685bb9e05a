import { describe, expect, it, vi } from 'vitest';
import { keptScreenOnMain } from '../../../../helpers/kept-screen-on-main.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { whileOutboxLocked } from '../../../../helpers/locked-outbox.js';
import { keptUploadState } from '../../../../../renderer/workflows/upload/kept-state.js';
import { phaseWords } from '../../../../../renderer/workflows/upload/upload-item.js';

/**
 * A file unsure whether it arrived is settled from its Upload row, as from its Outbox row: the
 * technician looked on the service and chose "It arrived" or "Send again". Before, the row only said
 * "(see the Outbox)". The kept state as the screen gets it, on the real main in-process; main reaches
 * the real sandbox through the fault proxy, whose `replace` fault makes the service's answer name no
 * result for the file (stored, but nothing says so).
 */
const openBenches = benchesPerTest();
const UPLOAD = /\/files\/store-and-embed$/;

async function unsureUpload(name: string) {
  const k = await keptScreenOnMain(openBenches, keptUploadState);
  const s = k.show();
  k.b.proxy().setFaults([{ path: UPLOAD, count: 1, fault: { kind: 'replace', body: '[]' } }]);
  await s.addFiles([new File(['well,sample\nA1,S-0001\n'], name)]);
  const item = s.items[0]!;
  expect((await k.entry(item.entryId!)).state).toBe('uncertain');
  await vi.waitFor(() => expect(item.phase).toBe('unsure'));
  await vi.waitFor(() => expect(item.message).toMatch(/named no result for this file/));
  expect(phaseWords(item.phase)).toBe('unsure whether it arrived');
  const stored = () =>
    k.b
      .sandbox()
      .store.uploads.list()
      .filter((u) => u.fileName === name).length;
  expect(stored()).toBe(1);
  return { ...k, s, item, stored };
}

describe('Upload: a file unsure whether it arrived is settled from its row', () => {
  it('"It arrived" marks it sent, as the Outbox does, and nothing is sent again', async () => {
    const { b, s, item, stored, close } = await unsureUpload('run.csv');
    try {
      await s.settle(item, 'mark-done');
      expect(item.phase).toBe('done');
      expect(phaseWords(item.phase)).toBe('sent');
      expect(item.message).toBeNull();
      expect((await b.env.call('outbox.list', { states: ['done'] })).map((e) => e.id)).toContain(item.entryId);
      await b.sync();
      expect(stored()).toBe(1);
    } finally {
      close();
    }
  }, 30_000);

  it('"Send again" queues it again, as the Outbox does, and the row follows it until it is sent', async () => {
    const { b, s, item, stored, close } = await unsureUpload('lost.csv');
    try {
      await s.settle(item, 'resend');
      expect(['queued', 'sending', 'done']).toContain(item.phase);
      await b.sync();
      await vi.waitFor(() => expect(item.phase).toBe('done'), { timeout: 10_000 });
      expect(item.result?.fileName).toBe('lost.csv');
      // The technician found it missing and sent it again: the service now has the second copy too.
      expect(stored()).toBe(2);
    } finally {
      close();
    }
  }, 30_000);

  it('a choice that changed nothing says why on the row', async () => {
    const { b, s, item, close } = await unsureUpload('twice.csv');
    try {
      // Settled in the Outbox meanwhile: the row's choice finds it sent.
      expect((await b.env.call('outbox.reconcile', { id: item.entryId!, resolution: 'mark-done' })).ok).toBe(true);
      await s.settle(item, 'resend');
      expect(item.phase).toBe('done');
      expect(item.message).toBe(
        'Not sent again: It was settled meanwhile (in the Outbox or another window), so it was left as it is: ' +
          'its row shows how it stands now.',
      );
    } finally {
      close();
    }
  }, 30_000);

  it("a choice main could not save says main's reason on the row, and the file stays unsure", async () => {
    const { b, s, item, close } = await unsureUpload('locked.csv');
    try {
      await whileOutboxLocked(b.env.dataDir, () => s.settle(item, 'mark-done'));
      expect(item.phase).toBe('unsure');
      expect(item.message).toMatch(/^Not marked as arrived: .*locked by another process/);
    } finally {
      close();
    }
  }, 60_000);
});
