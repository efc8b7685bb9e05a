/**
 * Issue 15, "done when": against a service that answers only what the spec promises (`spec`, both
 * modes) and against the spec's allowed variations (`varied`, five seeds), every read channel of the
 * app succeeds and every kind of write ends done — through the app's own IPC router, outbox and sync
 * engine, talking HTTP to the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOptions } from '../../../main/sandbox/answers/profiles.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';
import { foundRow } from '../../helpers/found-row.js';

const CASES: [string, 'v2' | 'legacy', AnswerOptions][] = [
  ['spec, v2', 'v2', { profile: 'spec' }],
  ['spec, legacy', 'legacy', { profile: 'spec' }],
  ...[1, 2, 3, 4, 5].map((seed): [string, 'v2' | 'legacy', AnswerOptions] => [
    `varied seed ${seed}`,
    seed % 2 ? 'v2' : 'legacy',
    { profile: 'varied', seed },
  ]),
];

describe.each(CASES)('the app against a real-shaped service (%s)', (_name, mode, answers) => {
  let env: InProcess;
  const call: InProcess['call'] = (channel, payload) => env.call(channel, payload);
  /** Queues a write and waits for the service's answer; the engine is nudged by outbox.await. */
  async function write(intent: Intent): Promise<ChannelResponse<'outbox.await'>> {
    const { id } = await call('outbox.enqueue', { intent });
    return call('outbox.await', { id, timeoutMs: 15_000 });
  }

  beforeAll(async () => {
    env = await inProcessApi({ sandboxAnswers: answers });
    await call('settings.set', { connection: { kind: 'local-sandbox', mode } });
  });
  afterAll(() => env.close());

  it('every read channel answers', async () => {
    expect((await call('lab.fetchLabsheetList', {})).items.map((i) => i.name)).toContain('Samples');
    const rows = await call('lab.fetchLabsheetRows', { labsheet: 'Samples', page: 1, pageSize: 20 });
    expect(rows.total).toBe(300);
    expect(rows.rows).toHaveLength(20);
    const plate = await call('lab.fetchManifestMetadata', { hrid: 'PL-0001' });
    expect(plate.emptySpaces).toEqual(expect.any(Number));
    const spaces = await call('lab.fetchLabspaceList', {});
    expect((await call('lab.fetchLabspace', { uuid: spaces.items[0]!.uuid })).data.uuid).toBe(spaces.items[0]!.uuid);
    expect((await call('lab.fetchFolder', { name: 'Inventory' })).name).toBe('Inventory');
    expect((await call('lab.listSequences', { page: 0, pageSize: 5 })).items).toHaveLength(5);
    expect((await call('lab.fetchSequence', { name: 'GFP-primer-F' })).sequence.sequence).toBe('ATGGTGAGCAAGGGCGAGGAG');
    expect((await call('data.findSequenceByName', { name: 'pET-28a-MCS' })).sequence.name).toBe('pET-28a-MCS');
    const m = (await call('cache.manifest', { barcode: 'PLT000001' }))!;
    expect(m).toMatchObject({ hrid: 'PL-0001', rows: 8, columns: 12, fromCache: false });
    expect(m.unplacedUsed).toBe(answers.profile === 'extended' ? 0 : 96 - plate.emptySpaces!);
    expect(foundRow(await call('cache.row', { labsheet: 'Samples', value: 'TB000007' }))?.row['Sample ID']).toBe(
      'S-0007',
    );
    expect((await call('cache.labsheets', {})).names).toContain('Samples');
    expect((await call('connection.test', {})).ok).toBe(true);
  });

  it('every kind of write ends done', async () => {
    const plate = (await call('cache.manifest', { hrid: 'PL-0002' }))!;
    const basis = plate.basis;
    const results: Record<string, string> = {};
    const record = async (label: string, intent: Intent) => {
      const r = await write(intent);
      results[label] = r.state === 'done' ? 'done' : `${r.state}: ${r.error?.message ?? ''}`;
      return r;
    };
    await record('well-set', {
      type: 'well-set',
      manifest: { uuid: plate.uuid },
      position: 'A1',
      sample: { id: 'S-0150', labsheet: 'Samples' },
      label: 'SAMPLE',
      tags: [],
      basis,
    });
    await record('well-remove', {
      type: 'well-remove',
      manifest: { uuid: plate.uuid },
      position: 'A1',
      fields: ['SAMPLE'],
      basis,
    });
    const freezer = (await call('cache.locations', {})).find((l) => l.kind === 'manifest') ?? { uuid: plate.uuid };
    await record('location-assign', {
      type: 'location-assign',
      labsheet: 'Samples',
      locationId: freezer.uuid,
      idType: 'ID',
      id: 'S-0151',
    });
    await record('row-update', {
      type: 'row-update',
      labsheet: 'Samples',
      idColumn: 'Sample ID',
      id: 'S-0152',
      changes: { Notes: 'real service', 'QC Passed': 'true' },
    });
    await record('webhook', {
      type: 'webhook',
      payload: { event: 'plate.completed', plate: 'PL-0002' },
      eventType: 'plate.completed',
    });
    await record('labflow-link', {
      type: 'labflow-link',
      request: {
        labflowId: 'LF-0001',
        protocoltemplateId: 'PT-0001',
        sampleUuids: [rowUuid(await call('cache.row', { labsheet: 'Samples', value: 'S-0153' }))],
      },
    });
    const sheet = `Real ${mode} ${String(answers.seed ?? 0)}`;
    await record('labsheet-create', {
      type: 'labsheet-create',
      request: {
        name: sheet,
        columns: [
          { name: 'Tube', type: 'ID' },
          { name: 'Temp', type: 'TEXT' },
        ],
      },
    });
    await record('delete-column', { type: 'delete-column', request: { labsheet: sheet, columnName: 'Temp' } });
    await record('labsheet-to-template', {
      type: 'labsheet-to-template',
      request: { labsheet: sheet, templateName: `T ${sheet}`.slice(0, 30) },
    });
    await record('location-create', {
      type: 'location-create',
      request: { locations: [{ name: `Rack ${sheet}`.slice(0, 30), parent: 'Shelf 1' }] },
    });
    await record('remove-permissions', {
      type: 'remove-permissions',
      request: { location: 'Molecular Biology:Restricted', users: [{ email: 'tech@demo-lab.example' }] },
    });
    await record('add-sequence-to-row', {
      type: 'add-sequence-to-row',
      request: { labsheet: 'Samples', id: 'S-0154', sequenceName: 'pUC19-fragment', sequenceColumn: 'Plasmid' },
    });
    await record('labspace-create', { type: 'labspace-create', request: { name: `Space ${sheet}`.slice(0, 30) } });
    const upload = await uploadFile('gel.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    results['file-upload'] = upload.state;
    const fileId = (upload.result as { fileId?: string } | undefined)?.fileId;
    expect(fileId).toBeTruthy();
    await record('attach-image', {
      type: 'attach-image',
      request: {
        hrid: 'EXP-0001',
        image_uuid: fileId!,
        image_name: 'gel.png',
        image_mime_type: 'image/png',
        position: 'append',
      },
    });
    expect(
      Object.values(results).every((r) => r === 'done'),
      JSON.stringify(results, null, 1),
    ).toBe(true);
    expect(Object.keys(results)).toHaveLength(15);
    const counts = await call('outbox.counts', {});
    expect(counts).toMatchObject({ pending: 0, sending: 0, failed: 0, uncertain: 0 });
  });

  function rowUuid(row: ChannelResponse<'cache.row'>): string {
    const uuid = foundRow(row)?.row['uuid'];
    if (typeof uuid !== 'string') throw new Error('the row listing carries no uuid');
    return uuid;
  }

  async function uploadFile(name: string, bytes: Buffer) {
    const { stagingId } = await call('upload.stageBegin', { name, size: bytes.length });
    await call('upload.stageChunk', { stagingId, offset: 0, base64: bytes.toString('base64') });
    const staged = await call('upload.stageFinish', { stagingId });
    const { id } = await call('upload.enqueue', { stagedId: staged.stagedId });
    return call('outbox.await', { id, timeoutMs: 15_000 });
  }
});
