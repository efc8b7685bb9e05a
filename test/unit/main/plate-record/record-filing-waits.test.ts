import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileRecord, SameRecordFiled, type PlateRecordDeps } from '../../../../main/plate-record/file-record.js';
import { createOutbox, type Outbox, type OutboxEntry, type Settlement } from '../../../../main/outbox/index.js';
import type { CachedManifest } from '../../../../shared/ipc/channels/cache.js';
import { fakeNow, tempDir, upload, webhook } from '../outbox/helpers.js';
import { plateWithChanges as plate, tubeIn } from './helpers.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Sends what the outbox offers as the sync engine picks it (each lane's first waiting entry, once what
 * it waits for is done), over and over until nothing more is offered. `answer` says how an entry ends:
 * a settlement, 'keep' (left waiting: not sent), or null for done (an upload answers a file id).
 * Answers the ids sent and done.
 */
function sendOffered(outbox: Outbox, answer: (e: OutboxEntry) => Omit<Settlement, 'id'> | 'keep' | null): number[] {
  const done: number[] = [];
  const kept = new Set<string>();
  for (;;) {
    const heads = outbox
      .oldestPendingTargets(100)
      .filter((t) => !kept.has(t))
      .map((t) => outbox.pendingHead(t, 1)[0]!);
    if (heads.length === 0) return done;
    for (const e of heads) {
      const a = answer(e);
      if (a === 'keep') {
        kept.add(e.target);
        continue;
      }
      outbox.claim([e.id], `r${e.id}`, e.type);
      outbox.settle([{ ...(a ?? { state: 'done', result: { fileId: `file-${e.id}` } }), id: e.id } as Settlement]);
      if (!a) done.push(e.id);
    }
  }
}

const unsure = { state: 'uncertain', error: { kind: 'timeout', message: 'No answer in 30 s', at: 1 } } as const;

describe("a plate record's filing: what its event waits for, and what it holds", () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let d: PlateRecordDeps;
  const plates = new Map<string, CachedManifest>();
  beforeEach(() => {
    t = tempDir('record-waits-');
    const clock = fakeNow(Date.parse('2026-03-01T09:00:00Z'));
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now });
    plates.clear();
    d = {
      manifest: async (uuid) => [...plates.values()].find((m) => m.uuid === uuid) ?? null,
      outbox,
      recordsDir: path.join(t.dir, 'records'),
      stagingDir: path.join(t.dir, 'staging'),
      now: () => {
        clock.advance(1000);
        return clock.now();
      },
      log: quiet,
    };
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  const file = (hrid: string, page = 'EXP-0001', filing = randomUUID()) =>
    fileRecord(d, `uuid-${hrid}`, { hrid: page }, filing);

  it('the event never goes while one of its tables was not stored, however the rest go', async () => {
    plates.set('A', plate('PL-A', outbox));
    const rec = await file('PL-A');
    const table = rec.entries[0]!;
    const sent = sendOffered(outbox, (e) =>
      e.id === table ? { state: 'failed', error: { kind: 'rejected', message: 'Too large', at: 1 } } : null,
    );
    expect(sent).not.toContain(rec.entries[4]);
    expect(outbox.get(rec.entries[4]!)?.state).not.toBe('done');
  });

  it('a filing whose picture may or may not have arrived counts as filed: the same plate and page is asked first', async () => {
    plates.set('A', plate('PL-A', outbox));
    const rec = await file('PL-A');
    sendOffered(outbox, (e) => (e.id === rec.entries[2] ? unsure : null));
    expect(outbox.get(rec.entries[2]!)?.state).toBe('uncertain');
    const again = file('PL-A');
    await expect(again).rejects.toBeInstanceOf(SameRecordFiled);
    await expect(again).rejects.toThrow(
      new RegExp(
        `kept as ${rec.folder}\\), so nothing new was filed\\. Its filing is unsure: its file .* may not have been stored`,
      ),
    );
  });

  it("one plate's unsure picture holds neither another plate's event nor the other webhooks", async () => {
    plates.set('A', plate('PL-A', outbox));
    plates.set('B', plate('PL-B', outbox));
    const a = await file('PL-A', 'EXP-0001');
    const b = await file('PL-B', 'EXP-0002');
    const dataScreen = outbox.enqueue(webhook(1));
    const sent = sendOffered(outbox, (e) => (e.id === a.entries[2] ? unsure : null));
    expect(sent).toEqual(expect.arrayContaining([...b.entries, dataScreen]));
    expect(outbox.get(a.entries[4]!)?.state).toBe('pending');
  });

  it("one plate's unsent well changes hold neither another plate's record nor the Upload screen's files", async () => {
    const change = outbox.enqueue(tubeIn('PL-A', 'A1', 'S-0001'));
    plates.set('A', plate('PL-A', outbox, [change]));
    plates.set('B', plate('PL-B', outbox));
    const a = await file('PL-A');
    const b = await file('PL-B', 'EXP-0002');
    const uploadScreen = outbox.enqueue(upload('gel.png'));
    // A's change waits (the service out of reach for its plate): A's record waits with it.
    const sent = sendOffered(outbox, (e) => (e.id === change ? 'keep' : null));
    expect(sent).toEqual(expect.arrayContaining([...b.entries, uploadScreen]));
    expect(a.entries.map((id) => outbox.get(id)?.state)).toEqual(Array(5).fill('pending'));
  });
});
