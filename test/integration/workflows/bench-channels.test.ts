import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';
import { startTestSandbox } from '../../helpers/sandbox.js';
import { foundRow } from '../../helpers/found-row.js';

let env: InProcess;
let app: InProcess['app'];
const call: InProcess['call'] = (channel, payload) => env.call(channel, payload);

beforeAll(async () => {
  env = await inProcessApi();
  app = env.app;
});
afterAll(() => env.close());

describe('bench IPC channels against the in-process sandbox', () => {
  it('enqueue answers after the commit; await returns the settled state', async () => {
    const m = (await call('cache.manifest', { barcode: 'PLT000001' }))!;
    expect(m.rows * m.columns).toBe(96);
    const { id } = await call('outbox.enqueue', {
      intent: {
        type: 'well-set',
        manifest: { uuid: m.uuid },
        position: 'D4',
        sample: { id: 'S-0100', labsheet: 'Samples' },
      },
    });
    const settled = await call('outbox.await', { id, timeoutMs: 10_000 });
    expect(settled.state).toBe('done');
    const after = (await call('cache.manifest', { uuid: m.uuid }))!;
    expect(after.wells.find((w) => w.position === 'D4')?.sample?.id).toBe('S-0100');
  });

  it('a scan is answered before the outbox counts go out, and the counts that follow include it', async () => {
    const m = (await call('cache.manifest', { barcode: 'PLT000001' }))!;
    const seen: string[] = [];
    let counted: { pending: number; ids: number[] } | null = null;
    const off = app.events.addSink((event, payload) => {
      if (event !== 'outbox.changed') return;
      const p = payload as { counts: { pending: number }; changes: { id: number }[] };
      seen.push('outbox.changed');
      counted ??= { pending: p.counts.pending, ids: p.changes.map((c) => c.id) };
    });
    const answered = call('outbox.enqueue', {
      intent: { type: 'well-set', manifest: { uuid: m.uuid }, position: 'H12', label: 'BLANK' },
    }).then((r) => {
      seen.push('answer');
      return r;
    });
    const { id } = await answered;
    await new Promise((r) => setImmediate(r));
    off();
    // Counting the outbox is not on the scan's round trip: the event follows the answer.
    expect(seen.slice(0, 2)).toEqual(['answer', 'outbox.changed']);
    // Changes gathered before it go with it; the scan's own entry is the last.
    expect(counted!.ids.at(-1)).toBe(id);
    expect(counted!.pending).toBeGreaterThanOrEqual(1);
    await call('outbox.await', { id, timeoutMs: 10_000 });
  });

  it('enqueueMany commits a multi-well edit all or none; cancelMany undoes it in one step', async () => {
    const m = (await call('cache.manifest', { barcode: 'PLT000001' }))!;
    const label = (position: string) => ({
      type: 'well-set' as const,
      manifest: { uuid: m.uuid },
      position,
      label: 'BLANK' as const,
    });
    const badUpload = {
      type: 'file-upload' as const,
      stagedPath: '/etc/passwd',
      size: 1,
      sha256: 'a'.repeat(64),
      fileName: 'p.txt',
      isGlobal: false,
      fileSource: 'x',
    };
    const before = (await call('outbox.counts', {})).pending;
    const refused = await app.router.handle(
      { channel: 'outbox.enqueueMany', payload: { intents: [label('G1'), badUpload] } },
      { transport: 'test' },
    );
    expect(refused.ok).toBe(false);
    expect((await call('outbox.counts', {})).pending).toBe(before);
    const { ids } = await call('outbox.enqueueMany', { intents: [label('G1'), label('G2'), label('G3')] });
    expect(ids).toHaveLength(3);
    const { cancelled } = await call('outbox.cancelMany', { ids });
    expect(cancelled).toEqual(ids);
    // Asked again (an undo that met the user's own cancel in the Outbox): nothing to cancel, all taken out.
    expect(await call('outbox.cancelMany', { ids })).toEqual({
      cancelled: [],
      discarded: [],
      takenOut: ids,
      reversed: [],
    });
  });

  it('cancelMany over an entry that no longer reads answers it as neither cancelled nor taken out', async () => {
    const m = (await call('cache.manifest', { barcode: 'PLT000001' }))!;
    const intent = { type: 'well-set' as const, manifest: { uuid: m.uuid }, position: 'F10', label: 'BLANK' as const };
    const { id } = await call('outbox.enqueue', { intent });
    expect((await call('outbox.await', { id, timeoutMs: 10_000 })).state).toBe('done');
    // Sent, so not cancelled; damaged on disk since, so it cannot be read to tell whether the user took it out.
    const db = new Database(join(env.dataDir, 'outbox.db'));
    db.prepare('UPDATE entries SET payload = ? WHERE id = ?').run('{"type":"well-set","manifest":', id);
    db.close();
    expect(await call('outbox.cancelMany', { ids: [id] })).toEqual({
      cancelled: [],
      discarded: [],
      takenOut: [],
      reversed: [],
    });
  });

  it('an enqueue sent again with the same idempotency key answers the first entry, not a second one', async () => {
    const m = (await call('cache.manifest', { barcode: 'PLT000001' }))!;
    const intent = { type: 'well-set' as const, manifest: { uuid: m.uuid }, position: 'F9', label: 'BLANK' as const };
    const before = (await call('outbox.counts', {})).pending;
    const first = await call('outbox.enqueue', { intent, key: 'scan-0000-0001' });
    const again = await call('outbox.enqueue', { intent, key: 'scan-0000-0001' });
    expect(again.id).toBe(first.id);
    const other = await call('outbox.enqueue', { intent, key: 'scan-0000-0002' });
    expect(other.id).not.toBe(first.id);
    const many = await call('outbox.enqueueMany', { intents: [intent, intent], key: 'edit-0000-0001' });
    expect((await call('outbox.enqueueMany', { intents: [intent, intent], key: 'edit-0000-0001' })).ids).toEqual(
      many.ids,
    );
    expect((await call('outbox.counts', {})).pending).toBeLessThanOrEqual(before + 4);
    const bad = await app.router.handle(
      { channel: 'outbox.enqueue', payload: { intent, key: 'x' } },
      { transport: 'test' },
    );
    expect(bad.ok).toBe(false);
  });

  it('a file-upload intent naming a path outside the staging folder is refused', async () => {
    const r = await app.router.handle(
      {
        channel: 'outbox.enqueue',
        payload: {
          intent: {
            type: 'file-upload',
            stagedPath: '/etc/passwd',
            size: 1,
            sha256: 'a'.repeat(64),
            fileName: 'passwd.txt',
            isGlobal: false,
            fileSource: 'x',
          },
        },
      },
      { transport: 'test' },
    );
    expect(r.ok).toBe(false);
  });

  it('a file streamed in chunks is staged, queued and uploaded; the result carries the file id', async () => {
    const bytes = Buffer.from('position,barcode\nA1,TB000001\n');
    const { stagingId } = await call('upload.stageBegin', { name: 'rack.csv', size: bytes.length });
    await call('upload.stageChunk', { stagingId, offset: 0, base64: bytes.subarray(0, 10).toString('base64') });
    await call('upload.stageChunk', { stagingId, offset: 10, base64: bytes.subarray(10).toString('base64') });
    const staged = await call('upload.stageFinish', { stagingId });
    expect(staged.size).toBe(bytes.length);
    const { id } = await call('upload.enqueue', { stagedId: staged.stagedId });
    const settled = await call('outbox.await', { id, timeoutMs: 10_000 });
    expect(settled.state).toBe('done');
    expect(settled.result).toMatchObject({ fileName: 'rack.csv', status: 'QUEUED' });
    // Any type is staged: the service stores every file and embeds only the supported types.
    await expect(
      app.router.handle({ channel: 'upload.stageBegin', payload: { name: 'x.exe', size: 1 } }, { transport: 'test' }),
    ).resolves.toMatchObject({ ok: true });
  });

  it('rows are found by ID and by ID_BARCODE; a list of entries and counts is readable', async () => {
    const byId = foundRow(await call('cache.row', { labsheet: 'Samples', value: 'S-0007' }));
    const byBarcode = foundRow(await call('cache.row', { labsheet: 'Samples', value: 'TB000007' }));
    expect(byId?.matchedBy).toBe('ID');
    expect(byBarcode?.matchedBy).toBe('ID_BARCODE');
    expect(byBarcode?.row['Sample ID']).toBe('S-0007');
    expect(byBarcode?.idColumn).toBe('Sample ID');
    const done = await call('outbox.list', { states: ['done'] });
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done[0]!.summary).toContain('D4');
    expect((await call('outbox.counts', {})).done).toBeGreaterThanOrEqual(2);
  });

  it('offline: reads come from the saved copy with its age, a queued entry can be cancelled (undo)', async () => {
    // Offline is the same service gone quiet: a copy saved from another service is never shown as this
    // one's (test/integration/connection/switch-connection.test.ts), so this app reads its own service first.
    const service = await startTestSandbox({ dbPath: ':memory:' });
    const own = await inProcessApi({ service: service.url });
    const call = own.call;
    try {
      await call('token.set', { token: service.demoToken, connection: (await call('settings.get', {})).connection });
      expect((await call('cache.manifest', { barcode: 'PLT000001' }))?.fromCache).toBe(false);
      expect((await call('cache.row', { labsheet: 'Samples', value: 'TB000007' })).found).toBe(true);
      await service.close();
      const m = await call('cache.manifest', { barcode: 'PLT000001' });
      expect(m?.fromCache).toBe(true);
      const row = await call('cache.row', { labsheet: 'Samples', value: 'TB000007', refresh: true });
      expect(row?.fromCache).toBe(true);
      // Not the embedded demo: its ID columns are a guess until kept (main refuses a write by a guess).
      await call('settings.set', {
        labsheetIdColumns: { Samples: { id: 'Sample ID', barcode: 'Tube Barcode', from: 'chosen' } },
      });
      const { id } = await call('outbox.enqueue', {
        intent: {
          type: 'row-update',
          labsheet: 'Samples',
          idColumn: 'Sample ID',
          id: 'S-0007',
          changes: { Notes: 'offline note' },
        },
      });
      const cancelled = await call('outbox.cancel', { id });
      // Either it was still waiting (cancelled) or the engine had just picked it up (then it says why not).
      expect(cancelled.ok || typeof cancelled.message === 'string').toBe(true);
    } finally {
      await own.close();
      await service.close().catch(() => undefined);
    }
  });
});
