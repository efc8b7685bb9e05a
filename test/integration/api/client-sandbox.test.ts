/**
 * Every client method against the real sandbox over HTTP, in both service modes and in each of the
 * sandbox's answer profiles: `extended` (the demo), `spec` (only the fields the spec names) and
 * `varied` (spec plus seeded variations its wording allows), five seeds. These are the proof that
 * the client reads what a real service may answer, not only what our sandbox happens to send.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabClient, type LabClient } from '../../../main/api/client.js';
import { AuthError, ConflictError, NotFoundError, ValidationError } from '../../../main/api/errors.js';
import { createLocationsAndWait } from '../../../main/api/locations.js';
import { iterateLabsheetRows, iterateSequences } from '../../../main/api/paginate.js';
import type { AnswerOptions } from '../../../main/sandbox/answers/profiles.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

const PROFILES: [string, 'v2' | 'legacy', AnswerOptions][] = [
  ['v2, extended', 'v2', { profile: 'extended' }],
  ['legacy, extended', 'legacy', { profile: 'extended' }],
  ['v2, spec', 'v2', { profile: 'spec' }],
  ['legacy, spec', 'legacy', { profile: 'spec' }],
  ...[1, 2, 3, 4, 5].map((seed): [string, 'v2' | 'legacy', AnswerOptions] => [
    `${seed % 2 ? 'v2' : 'legacy'}, varied seed ${seed}`,
    seed % 2 ? 'v2' : 'legacy',
    { profile: 'varied', seed },
  ]),
];

describe.each(PROFILES)('API client against the sandbox (%s)', (_name, mode, answers) => {
  let sandbox: TestSandbox;
  let client: LabClient;
  let dir: string;
  const logs: string[] = [];
  const connection = () => ({ baseUrl: sandbox.url, filesUrl: sandbox.url, eventsUrl: sandbox.url, mode });
  const unique = (prefix: string) => `${prefix} ${mode} ${Math.random().toString(36).slice(2, 7)}`;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ mode, locationDelayMs: 120, answers });
    client = createLabClient({
      connection: connection(),
      token: async () => sandbox.demoToken,
      onLog: (l) => logs.push(l),
    });
    dir = await mkdtemp(join(tmpdir(), 'benchlink-it-'));
    await writeFile(join(dir, 'gel.png'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    await writeFile(join(dir, 'plate.csv'), 'well,sample\nA1,S-0001\n');
    await writeFile(join(dir, 'notes.md'), '# bench notes\n');
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('labsheets', () => {
    it('createLabsheet answers the created labsheet (201 in v2, 200 in legacy: both accepted)', async () => {
      const name = unique('Tubes');
      const out = await client.createLabsheet({
        name,
        columns: [
          { name: 'Tube ID', type: 'ID' },
          { name: 'Temp', type: 'TEXT' },
        ],
      });
      expect(out).toMatchObject({ name, success: true });
      expect(out.uuid).toBeTruthy();
      const again = await client
        .createLabsheet({ name, columns: [{ name: 'Tube ID', type: 'ID' }] })
        .catch((e: unknown) => e);
      expect(again).toBeInstanceOf(ConflictError);
    });

    it('fetchLabsheetList and fetchLabsheetRows', async () => {
      const list = await client.fetchLabsheetList({});
      expect(list.items.map((i) => i.name)).toContain('Samples');
      const rows = await client.fetchLabsheetRows({ labsheet: 'Samples', page: 2, pageSize: 10 });
      expect(rows.headers[0]).toBe('uuid');
      expect(rows.rows).toHaveLength(10);
      expect(rows.total).toBe(300);
      expect(rows.success).toBe(true);
    });

    it('updateRowsById', async () => {
      const out = await client.updateRowsById({
        labsheet: 'Samples',
        rows: [{ 'Sample ID': 'S-0001' }, { 'Volume uL': 55 }],
      });
      expect(out[0]?.ID).toBe('S-0001');
      expect(out[0]?.updatedRows.length).toBeGreaterThan(0);
    });

    it('addSequenceToRow (deprecated)', async () => {
      const out = await client.addSequenceToRow({
        labsheet: 'Samples',
        id: 'S-0002',
        sequenceName: 'pUC19-fragment',
        sequenceColumn: 'Plasmid',
      });
      expect(out.success).toBe(true);
    });

    it('labsheetToTemplate', async () => {
      const out = await client.labsheetToTemplate({ labsheet: 'Reagents', templateName: unique('Tpl') });
      expect(out.type).toBe('manager_template');
      expect(out.uuid).toBeTruthy();
    });

    it('deleteColumn (DELETE with a JSON body)', async () => {
      const name = unique('Del');
      await client.createLabsheet({
        name,
        columns: [
          { name: 'Tube ID', type: 'ID' },
          { name: 'Temp', type: 'TEXT' },
        ],
      });
      const out = await client.deleteColumn({ labsheet: name, columnName: 'Temp' });
      // "success, name, uuid" — a service may answer only the flag (varied does).
      expect(out.success).toBe(true);
      if (out.name !== undefined) expect(out.name).toBe('Temp');
    });

    it('assignLocation to a manifest position', async () => {
      const plate = await client.fetchManifestMetadata({ hrid: 'PL-0002' });
      const out = await client.assignLocation({
        labsheet: 'Samples',
        locationId: plate.uuid,
        idType: 'ID',
        assignments: [{ id: 'S-0040', position: 'B2' }],
      });
      expect(out.success).toBe(true);
      expect(out.assignedPositions[0]).toMatchObject({ id: 'S-0040' });
    });

    it('iterateLabsheetRows lists every row, and honours the archive filter', async () => {
      let all = 0;
      for await (const page of iterateLabsheetRows(client, { labsheet: 'Samples', pageSize: 128 }))
        all += page.rows.length;
      expect(all).toBe(300);
      let unarchived = 0;
      for await (const page of iterateLabsheetRows(client, { labsheet: 'Samples', archived: 'unarchived' }))
        unarchived += page.rows.length;
      expect(unarchived).toBeLessThan(300);
    });
  });

  describe('manifests', () => {
    it('fetchManifestMetadata by barcode and updateManifest', async () => {
      const meta = await client.fetchManifestMetadata({ barcode: 'PLT000001' });
      expect(meta).toMatchObject({ hrid: 'PL-0001', success: true });
      expect(meta.emptySpaces).toEqual(expect.any(Number));
      // Only the demo profile lists wells and a layout; a real service does not.
      expect(meta.wells !== undefined && meta.layout !== undefined).toBe(answers.profile === 'extended');
      const out = await client.updateManifest({
        hrid: 'PL-0001',
        plate: {
          wells: [{ position: 'C3', sample: { id: 'S-0030', labsheet: 'Samples' }, label: 'SAMPLE' }],
          removeFromWells: [{ position: 'H11', fields: ['TAGS'] }],
        },
      });
      expect(out.success).toBe(true);
      expect(out.data?.hrid).toBe('PL-0001');
    });

    it("a position outside the layout is the service's validation error, with its reason", async () => {
      const e = await client
        .updateManifest({ hrid: 'PL-0001', plate: { wells: [{ position: 'Z99', label: 'BLANK' }] } })
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).status).toBe(422);
      expect((e as ValidationError).serverMessage).toBe('Validation error');
      // `reason` is the sandbox's own extra property; the spec profiles do not send it.
      if (answers.profile === 'extended') expect((e as ValidationError).reason).toBeTruthy();
    });
  });

  describe('labspaces and folders', () => {
    it('createLabspace, fetchLabspaceList, fetchLabspace, fetchFolder', async () => {
      const name = unique('Space');
      const created = await client.createLabspace({ name, description: 'it' });
      expect(created.name).toBe(name);
      const list = await client.fetchLabspaceList({});
      expect(list.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Molecular Biology', name]));
      const one = await client.fetchLabspace({ name: 'Molecular Biology' });
      expect(one.data.name).toBe('Molecular Biology');
      const folder = await client.fetchFolder({ name: 'Inventory' });
      expect(folder.location).toBe('Molecular Biology:Inventory');
      expect(await client.fetchFolder({ name: 'No Such Folder' }).catch((x: unknown) => x)).toBeInstanceOf(
        NotFoundError,
      );
    });

    it('removeFolderPermissions on a private folder', async () => {
      const out = await client.removeFolderPermissions({
        location: 'Molecular Biology:Restricted',
        users: [{ email: 'tech@demo-lab.example' }],
      });
      expect(out.success).toBe(true);
    });

    it('attachImage embeds an image uploaded with storeAndEmbedFiles', async () => {
      const [uploaded] = await client.storeAndEmbedFiles({ files: [{ path: join(dir, 'gel.png') }] });
      expect(uploaded?.status).toBe('QUEUED');
      const out = await client.attachImage({
        hrid: 'EXP-0001',
        image_uuid: uploaded!.fileId!,
        image_name: 'gel.png',
        image_mime_type: 'image/png',
        position: 'append',
      });
      expect(out).toMatchObject({ success: true, image_uuid: uploaded!.fileId, name: 'gel.png' });
    });
  });

  describe('sequences', () => {
    it('listSequences, iterateSequences, findSequenceByName and fetchSequence (deprecated)', async () => {
      const page = await client.listSequences({ page: 0, pageSize: 2 });
      expect(page.items).toHaveLength(2);
      let n = 0;
      for await (const p of iterateSequences(client, { pageSize: 2 })) n += p.items.length;
      expect(n).toBe(page.total);
      const found = await client.findSequenceByName('pET-28a-MCS');
      expect(found.sequence.name).toBe('pET-28a-MCS');
      const fetched = await client.fetchSequence({ name: 'GFP-primer-F' });
      expect(fetched.sequence.sequence).toBe('ATGGTGAGCAAGGGCGAGGAG');
    });
  });

  describe('labflows, locations, files, webhook', () => {
    it('linkSamplesToTest with row uuids', async () => {
      const rows = await client.fetchLabsheetRows({ labsheet: 'Samples', page: 1, pageSize: 2 });
      const uuids = rows.rows.map((r) => String(r[0]));
      const out = await client.linkSamplesToTest({
        labflowId: 'LF-0001',
        protocoltemplateId: 'PT-0001',
        sampleUuids: uuids,
      });
      expect(out.samplesLinked).toBe(2);
    });

    it('createLocations + fetchLocationCreateStatus, and createLocationsAndWait', async () => {
      const { requestId } = await client.createLocations({ locations: [{ name: unique('Rack'), parent: 'Shelf 1' }] });
      const status = await client.fetchLocationCreateStatus({ requestId });
      expect(status.requestId).toBe(requestId);
      const name = unique('Box');
      const created = await createLocationsAndWait(client, { locations: [{ name }] }, { timeoutMs: 5000, pollMs: 30 });
      expect(created.map((c) => c.name)).toEqual([name]);
    });

    it('storeAndEmbedFiles: several files in one request, one result each', async () => {
      const out = await client.storeAndEmbedFiles({
        files: [{ path: join(dir, 'plate.csv') }, { path: join(dir, 'notes.md') }],
        isGlobal: false,
        fileSource: 'Benchlink',
      });
      expect(out.map((r) => [r.fileName, r.status])).toEqual([
        ['plate.csv', 'QUEUED'],
        ['notes.md', 'QUEUED'],
      ]);
    });

    it('sendWebhook with an event type; anonymous only in legacy mode', async () => {
      const before = sandbox.store.webhooks.count();
      // A 204 or an empty 200 (varied) reads as {}: taken, with no flag to read.
      expect(
        (await client.sendWebhook({ event: 'plate.filled', plate: 'PL-0001' }, { eventType: 'plate-filled' })).success,
      ).not.toBe(false);
      const anonymous = createLabClient({ connection: connection(), token: async () => null });
      const result = await anonymous.sendWebhook({ event: 'ping' }).catch((x: unknown) => x);
      if (mode === 'legacy') expect(result).not.toBeInstanceOf(Error);
      else expect(result).toBeInstanceOf(AuthError);
      expect(sandbox.store.webhooks.count()).toBe(before + (mode === 'legacy' ? 2 : 1));
    });
  });

  describe('authentication', () => {
    it("a refused token is an AuthError with the service's message; the token is not in it", async () => {
      const bad = '00000000-dead-beef-0000-000000000000';
      const c = createLabClient({ connection: connection(), token: async () => bad });
      const e = await c.fetchLabsheetList({}).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AuthError);
      expect((e as AuthError).status).toBe(401);
      expect((e as AuthError).serverMessage).toBe('Invalid Authentication Token');
      expect((e as AuthError).message).not.toContain(bad);
    });

    it('no log line of this suite contains the token', () => {
      expect(logs.length).toBeGreaterThan(20);
      for (const line of logs) expect(line).not.toContain(sandbox.demoToken.slice(0, 8));
    });
  });
});
