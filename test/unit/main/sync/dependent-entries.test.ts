import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../../main/outbox/index.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { SUPPLIED_LATER } from '../../../../shared/outbox/dependency.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

describe("sync engine: an entry sent after the entry it depends on, with that entry's answer", () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });

  const staged = (name: string): Intent => {
    const p = path.join(files.dir, name);
    writeFileSync(p, `contents of ${name}`);
    const bytes = Buffer.from(`contents of ${name}`);
    return {
      type: 'file-upload',
      stagedPath: p,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fileName: name,
      isGlobal: false,
      fileSource: 'Benchlink',
    };
  };
  const attach: Intent = {
    type: 'attach-image',
    request: {
      hrid: 'EXP-7',
      image_uuid: SUPPLIED_LATER,
      image_name: 'plate.png',
      image_mime_type: 'image/png',
      position: 'append',
    },
  };
  // As a plate record is filed: the uploads, then the attach-image that needs the PNG's file id.
  const enqueueRecord = () =>
    outbox.enqueueMany([staged('plate.csv'), staged('plate.png'), attach], {
      dependencies: [{ entry: 2, after: 1, supplies: { field: 'request.image_uuid', from: 'fileId' } }],
    });

  it('sends the uploads, then the attach-image with the uploaded file id, never the stand-in', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      storeAndEmbedFiles: (r: { files: { name: string }[] }) => [
        { fileName: r.files[0]!.name, fileId: `F-${r.files[0]!.name}`, ticketId: 't', status: 'QUEUED', message: '' },
      ],
    });
    const ids = enqueueRecord();
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(calls.map((c) => c.name)).toEqual(['storeAndEmbedFiles', 'storeAndEmbedFiles', 'attachImage']);
    expect(calls[2]!.request).toMatchObject({ hrid: 'EXP-7', image_uuid: 'F-plate.png' });
    expect(ids.map((id) => outbox.get(id)!.state)).toEqual(['done', 'done', 'done']);
    // The stored entry keeps what the user queued; the request carried the file id.
    expect(outbox.get(ids[2]!)!.intent).toMatchObject({ request: { image_uuid: SUPPLIED_LATER } });
    await engine.stop();
  });

  it('an upload the service rejects fails the attach-image with that reason, and the attach is never sent', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      storeAndEmbedFiles: (r: { files: { name: string }[] }) => [
        { fileName: r.files[0]!.name, fileId: '', ticketId: '', status: 'REJECTED', message: 'unsupported type' },
      ],
    });
    const ids = enqueueRecord();
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(calls.map((c) => c.name)).toEqual(['storeAndEmbedFiles', 'storeAndEmbedFiles']);
    const a = outbox.get(ids[2]!)!;
    expect(a).toMatchObject({ state: 'failed', lastError: { kind: 'dependency' } });
    expect(a.lastError!.message).toContain('unsupported type');
    await engine.stop();
  });

  it('an upload done without a file id in its answer fails the attach with the reason instead of sending the stand-in', async () => {
    const calls: Calls = [];
    const ids = enqueueRecord();
    // Done, but nothing of the answer is known (as one confirmed by hand before that was refused for it).
    outbox.claim([ids[0]!, ids[1]!], 'r', 'storeAndEmbedFiles');
    outbox.settle([
      { id: ids[0]!, state: 'done', result: { fileId: 'F-csv' } },
      { id: ids[1]!, state: 'done' },
    ]);
    const engine = createSyncEngine({ outbox, transport: fakeTransport(calls), platform });
    await engine.syncNow();
    expect(calls).toEqual([]);
    const said = outbox.get(ids[2]!)!.lastError!.message;
    expect(said).toMatch(/fileId of entry #\d+ \(file-upload\)'s answer, and that entry is done without it/);
    // A done entry is never sent again: the words do not ask for that.
    expect(said).not.toMatch(/again, then this one/);
    expect(said).toMatch(/Discard this one and make the change again/);
    await engine.stop();
  });
  it('an upload left uncertain holds only the attach-images of its own page, not those of every other page', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      storeAndEmbedFiles: (r: { files: { name: string }[] }) => [
        { fileName: r.files[0]!.name, fileId: `F-${r.files[0]!.name}`, ticketId: 't', status: 'QUEUED', message: '' },
      ],
    });
    const first = enqueueRecord();
    // The app stopped while the first picture was being sent: it may or may not be on the service.
    outbox.settle([{ id: first[1]!, state: 'uncertain', error: { kind: 'interrupted', message: 'stopped', at: 1 } }]);
    const otherPage: Intent = {
      ...attach,
      request: { ...(attach as { request: object }).request, hrid: 'EXP-8' },
    } as Intent;
    const second = outbox.enqueueMany([staged('next.png'), otherPage], {
      dependencies: [{ entry: 1, after: 0, supplies: { field: 'request.image_uuid', from: 'fileId' } }],
    });
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(second[1]!)!.state).toBe('done');
    expect(calls.find((c) => c.name === 'attachImage')!.request).toMatchObject({
      hrid: 'EXP-8',
      image_uuid: 'F-next.png',
    });
    // The first page's picture still waits for the user to resolve its upload.
    expect(outbox.get(first[2]!)!.state).toBe('pending');
    await engine.stop();
  });
});
