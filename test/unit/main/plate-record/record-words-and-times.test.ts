import { randomUUID } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileRecord, type PlateRecordDeps } from '../../../../main/plate-record/file-record.js';
import { listRecords } from '../../../../main/plate-record/record-folders.js';
import { notFiledRecords } from '../../../../main/plate-record/record-standing.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { CachedManifest } from '../../../../shared/ipc/channels/cache.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';
import { listedPlate } from './helpers.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const tubeIn = (position: string, id: string): Intent => ({
  type: 'well-set',
  manifest: { uuid: 'uuid-PL-0001' },
  position,
  sample: { id, labsheet: 'Samples' },
  label: '',
  tags: [],
});

describe('a plate record: what it refuses, how it says why it was not filed, when it was made', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let d: PlateRecordDeps;
  let m: CachedManifest;
  beforeEach(() => {
    t = tempDir('record-words-');
    const clock = fakeNow(Date.parse('2026-03-01T09:00:00Z'));
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now });
    m = listedPlate({ uuid: 'uuid-PL-0001' });
    d = {
      manifest: async () => m,
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

  /** The plate with this queued change, as the read cache answers it. */
  const withChange = (id: number): CachedManifest => {
    const e = outbox.get(id)!;
    return {
      ...m,
      pending: [
        { entryId: id, state: e.state, updatedAt: e.updatedAt, intent: e.intent, error: null, mayHaveArrived: null },
      ],
    };
  };

  it('a plate whose layout is not known yet is not filed on the 8 × 12 stand-in: refused, in words, nothing kept', async () => {
    m = listedPlate({
      uuid: 'uuid-PL-0001',
      template: 'Custom rack',
      layoutFrom: 'unknown',
      wellsFrom: 'this-computer',
    });
    await expect(fileRecord(d, m.uuid, { hrid: 'EXP-0001' }, randomUUID())).rejects.toThrow(
      /how plate PL-0001 is laid out is not known yet \(its template "Custom rack" does not say\).*Say its layout on Well fill/,
    );
    expect(outbox.counts().pending).toBe(0);
    expect(await listRecords(d.recordsDir)).toEqual([]);
  });

  it('built on a change the user undid: says it was undone, not that the service refused it', async () => {
    const change = outbox.enqueue(tubeIn('B2', 'S-0002'));
    m = withChange(change);
    const rec = await fileRecord(d, m.uuid, { hrid: 'EXP-0001' }, randomUUID());
    expect(outbox.cancel(change)).toBe(true);
    const why = notFiledRecords(outbox).get(rec.folder);
    expect(why).toMatch(
      new RegExp(`^Not filed: it states a well change undone on this computer \\(entry #${change}, B2\\)`),
    );
    expect(why).not.toMatch(/refused/);
  });

  it('built on a change held for a look: says it is held, and to settle it first', async () => {
    const change = outbox.enqueue(tubeIn('B3', 'S-0003'));
    m = withChange(change);
    const rec = await fileRecord(d, m.uuid, { hrid: 'EXP-0001' }, randomUUID());
    outbox.claim([change], 'r1', 'updateManifest');
    outbox.settle([
      { id: change, state: 'failed', error: { kind: 'plate-changed', message: 'The plate changed elsewhere', at: 1 } },
    ]);
    const why = notFiledRecords(outbox).get(rec.folder);
    expect(why).toMatch(
      /^Not filed: it states a well change held for a look \(entry #\d+, B3 — The plate changed elsewhere\)/,
    );
    expect(why).toMatch(/Settle that change in the Outbox, then file the plate again\.$/);
    expect(why).not.toMatch(/refused/);
  });

  it("a kept record's time is when it was made, as its folder is named, not when its folder last changed", async () => {
    const folders = ['PLATE_PL-0001_2026-03-01_091500', 'PLATE_PL-0001_2026-03-01_101500'];
    for (const [n, f] of folders.entries()) {
      mkdirSync(path.join(d.recordsDir, f), { recursive: true });
      writeFileSync(path.join(d.recordsDir, f, 'PLATE_PL-0001_2026-03-01.csv'), 'position\n');
      // The older one touched since (a file opened and saved): later on disk than the newer one.
      const touched = new Date(Date.parse('2026-05-01T00:00:00Z') - n * 86_400_000);
      utimesSync(path.join(d.recordsDir, f), touched, touched);
    }
    const listed = await listRecords(d.recordsDir);
    expect(listed.map((r) => r.folder)).toEqual([folders[1], folders[0]]);
    expect(listed.map((r) => r.createdAt)).toEqual([
      new Date(2026, 2, 1, 10, 15, 0).getTime(),
      new Date(2026, 2, 1, 9, 15, 0).getTime(),
    ]);
  });
});
