import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileRecord, type PlateRecordDeps } from '../../../../main/plate-record/file-record.js';
import { listRecords } from '../../../../main/plate-record/record-folders.js';
import { notFiledRecords } from '../../../../main/plate-record/record-standing.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { CachedManifest } from '../../../../shared/ipc/channels/cache.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';
import { plateWithChanges as plate, tubeIn } from './helpers.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('kept records whose filing the outbox will never send', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let d: PlateRecordDeps;
  const plates = new Map<string, CachedManifest>();
  beforeEach(() => {
    t = tempDir('records-');
    const clock = fakeNow(Date.parse('2026-03-01T09:00:00Z'));
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now });
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

  it('one built on a change the service then refused is listed as not filed, saying why; the others as they are', async () => {
    const good = outbox.enqueue(tubeIn('PL-0001', 'A1', 'S-0001'));
    plates.set('PL-0001', plate('PL-0001', outbox, [good]));
    const refusedChange = outbox.enqueue(tubeIn('PL-0002', 'H12', 'NO-SUCH'));
    plates.set('PL-0002', plate('PL-0002', outbox, [refusedChange]));
    const kept = await fileRecord(d, 'uuid-PL-0001', { hrid: 'EXP-0001' }, randomUUID());
    const refused = await fileRecord(d, 'uuid-PL-0002', { hrid: 'EXP-0001' }, randomUUID());
    outbox.claim([refusedChange], 'r1', 'manifestUpdate');
    outbox.settle([
      { id: refusedChange, state: 'failed', error: { kind: 'rejected', message: 'No sample NO-SUCH', at: 1 } },
    ]);

    const listed = await listRecords(d.recordsDir, Infinity, notFiledRecords(outbox));
    const byFolder = new Map(listed.map((r) => [r.folder, r]));
    expect(byFolder.get(refused.folder)?.notFiled).toMatch(/^Not filed: it states a well change the service refused/);
    expect(byFolder.get(kept.folder)).not.toHaveProperty('notFiled');
  });

  it('one whose filing was discarded from the Outbox is listed as not filed', async () => {
    const change = outbox.enqueue(tubeIn('PL-0003', 'B2', 'S-0002'));
    plates.set('PL-0003', plate('PL-0003', outbox, [change]));
    const rec = await fileRecord(d, 'uuid-PL-0003', { hrid: 'EXP-0001' }, randomUUID());
    const event = rec.entries.at(-1)!;
    outbox.claim([event], 'r2', 'webhook');
    outbox.settle([{ id: event, state: 'failed', error: { kind: 'rejected', message: 'no', at: 1 } }]);
    expect(outbox.discard(event)).not.toBeNull();
    const listed = await listRecords(d.recordsDir, Infinity, notFiledRecords(outbox));
    expect(listed.find((r) => r.folder === rec.folder)?.notFiled).toMatch(/^Not filed: its filing was taken out/);
  });

  it('one whose upload may not have arrived is listed as maybe not filed, until the user settles it', async () => {
    plates.set('PL-0004', plate('PL-0004', outbox, []));
    const rec = await fileRecord(d, 'uuid-PL-0004', { hrid: 'EXP-0001' }, randomUUID());
    const upload = rec.entries[1]!;
    outbox.claim([upload], 'r3', 'upload');
    outbox.settle([
      { id: upload, state: 'uncertain', error: { kind: 'timeout', message: 'No answer in 30 s', at: 1 } },
    ]);
    const listed = await listRecords(d.recordsDir, Infinity, notFiledRecords(outbox));
    expect(listed.find((r) => r.folder === rec.folder)?.notFiled).toBe(
      `Maybe not filed: its file ${rec.files[1]!.name} may not have been stored on the service (unsure whether it ` +
        `arrived — No answer in 30 s). Look for it on the service, then settle entry #${upload} in the Outbox.`,
    );
  });
});
