/**
 * Sequences (paginated listing from page 0, single reads, add-sequence-to-row), labflow links and
 * asynchronous location creation (with an injected clock). One file: they share nothing but start-up cost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSequenceResponse, listSequencesResponse } from '../../../shared/api/sequences.js';
import { linkSamplesResponse } from '../../../shared/api/labflows.js';
import { LOCATION_NAME_MAX, locationStatusResponse } from '../../../shared/api/locations.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

type Json = Record<string, unknown>;

describe.each(['v2', 'legacy'] as const)('sequences (%s)', (mode) => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startTestSandbox({ mode });
    for (let i = 1; i <= 30; i++)
      s.store.sequences.create({
        name: `oligo-${String(i).padStart(2, '0')}`,
        type: 'DNA',
        sequence: 'ACGT'.repeat(i),
        circular: false,
      });
  });
  afterAll(async () => {
    await s.close();
  });

  const get = async (path: string): Promise<{ status: number; body: Json }> => {
    const res = await s.call(path);
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('lists with page 0 and pageSize 20 by default', async () => {
    const { status, body } = await get('/sequences');
    expect(status).toBe(200);
    const list = listSequencesResponse.parse(body);
    expect(list.total).toBe(35);
    expect(list.items).toHaveLength(20);
    expect(list.items[0]).toEqual({ name: 'pUC19-fragment', type: 'DNA', uuid: expect.any(String) });
  });

  it('page is indexed from 0: page 1 with pageSize 20 holds items 21-35', async () => {
    const list = listSequencesResponse.parse((await get('/sequences?page=1&pageSize=20')).body);
    expect(list.items).toHaveLength(15);
    expect(list.items[0]!.name).toBe('oligo-16');
  });

  it('with name it answers one sequence, internal index/type/Id/_class stripped', async () => {
    const { status, body } = await get('/sequences?name=pGEX-4T-1');
    expect(status).toBe(200);
    const one = fetchSequenceResponse.parse(body);
    expect(one.sequence).toMatchObject({ name: 'pGEX-4T-1', type: 'DNA', circular: true });
    const seq = body.sequence as Json;
    for (const f of ['index', 'Id', '_class', 'sequenceType']) expect(seq).not.toHaveProperty(f);
    // The stripping is real: the stored document does carry the internal fields.
    const doc = s.store.sequences.byName('pGEX-4T-1')!;
    expect(doc).toMatchObject({
      index: 'sequences',
      type: 'sequence',
      _class: expect.any(String),
      Id: expect.stringMatching(/^SEQ-/),
    });
    expect((await get('/sequences?name=missing')).status).toBe(404);
  });

  it('bad paging -> 422', async () => {
    expect((await get('/sequences?page=-1')).status).toBe(422);
    expect((await get('/sequences?pageSize=0')).status).toBe(422);
    expect((await get('/sequences?pageSize=abc')).status).toBe(422);
  });

  it('deprecated sequence/fetch by name or uuid; 404 unknown; 422 without identifier', async () => {
    const byName = fetchSequenceResponse.parse((await get('/sequence/fetch?name=GFP-primer-F')).body);
    expect(byName.sequence.sequence).toBe('ATGGTGAGCAAGGGCGAGGAG');
    const byUuid = await get(`/sequence/fetch?uuid=${byName.sequence.uuid}`);
    expect((byUuid.body.sequence as Json).name).toBe('GFP-primer-F');
    expect(byUuid.body.sequence).not.toHaveProperty('_class');
    expect((await get('/sequence/fetch?uuid=nope')).status).toBe(404);
    expect((await get('/sequence/fetch')).status).toBe(422);
  });

  describe('add-sequence-to-row (deprecated)', () => {
    const add = async (body: Json): Promise<{ status: number; body: Json }> => {
      const res = await s.call('/labsheets/add-sequence-to-row', {
        body: { labsheet: 'Samples', sequenceColumn: 'Plasmid', ...body },
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const plasmidOf = async (id: string): Promise<unknown> => {
      const sheet = s.store.labsheets.byName('Samples')!;
      const col = s.store.labsheets.columns(sheet.uuid).find((c) => c.name === 'Plasmid')!;
      return s.store.rows.byIdValue(sheet.uuid, id)[0]!.cells[String(col.id)];
    };

    it('attaches by name or uuid (row found by ID or barcode)', async () => {
      expect(await add({ id: 'S-0005', sequenceName: 'pET-28a-MCS' })).toEqual({
        status: 200,
        body: { success: true },
      });
      expect(await plasmidOf('S-0005')).toBe('pET-28a-MCS');
      const uuid = s.store.sequences.byName('pUC19-fragment')!.uuid;
      expect((await add({ id: 'TB000006', sequenceUuid: uuid })).status).toBe(200);
      expect(await plasmidOf('S-0006')).toBe('pUC19-fragment');
    });

    it(`createClone is ${mode === 'v2' ? 'honoured in v2' : 'ignored in legacy'}`, async () => {
      const before = s.store.sequences.count();
      expect((await add({ id: 'S-0007', sequenceName: 'pGEX-4T-1', createClone: true })).status).toBe(200);
      expect(s.store.sequences.count()).toBe(mode === 'v2' ? before + 1 : before);
      expect(await plasmidOf('S-0007')).toBe(mode === 'v2' ? 'pGEX-4T-1 (clone)' : 'pGEX-4T-1');
    });

    it('errors: no sequence named -> 422; unknown sequence/row/column -> 404; non-sequence column -> 422', async () => {
      expect((await add({ id: 'S-0005' })).status).toBe(422);
      expect((await add({ id: 'S-0005', sequenceName: 'ghost' })).status).toBe(404);
      expect((await add({ id: 'S-9999', sequenceName: 'pET-28a-MCS' })).status).toBe(404);
      expect((await add({ id: 'S-0005', sequenceName: 'pET-28a-MCS', sequenceColumn: 'Nope' })).status).toBe(404);
      const wrong = await add({ id: 'S-0005', sequenceName: 'pET-28a-MCS', sequenceColumn: 'Notes' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.reason).toMatch(/not SEQUENCE_DATA/);
    });
  });
});

describe.each(['v2', 'legacy'] as const)('labflows and locations (%s)', (mode) => {
  let s: TestSandbox;
  let now = Date.UTC(2026, 10, 23, 9, 0, 0);
  beforeAll(async () => {
    s = await startTestSandbox({ mode, clock: () => now, locationDelayMs: 300 });
  });
  afterAll(async () => {
    await s.close();
  });

  const post = async (path: string, body: unknown): Promise<{ status: number; body: Json }> => {
    const res = await s.call(path, { body });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const uuidsOf = (...ids: string[]): string[] => {
    const sheet = s.store.labsheets.byName('Samples')!;
    return ids.map((id) => s.store.rows.byIdValue(sheet.uuid, id)[0]!.uuid);
  };

  describe('link-samples-to-test', () => {
    it('links row uuids to a test, records each link and returns a new performTestStepId', async () => {
      const sampleUuids = uuidsOf('S-0001', 'S-0002');
      const first = await post('/labflows/link-samples-to-test', {
        labflowId: 'LF-0001',
        protocoltemplateId: 'PT-0001',
        sampleUuids,
      });
      expect(first.status).toBe(200);
      const body = linkSamplesResponse.parse(first.body);
      expect(body).toMatchObject({ success: true, protocoltemplateId: 'PT-0001', samplesLinked: 2 });
      const second = await post('/labflows/link-samples-to-test', {
        labflowId: 'LF-0001',
        protocoltemplateId: 'PT-0002',
        sampleUuids: sampleUuids.slice(0, 1),
        sampleEntityUuid: s.store.labsheets.byName('Samples')!.uuid,
      });
      expect(second.body.performTestStepId).not.toBe(body.performTestStepId);
      const links = s.store.labflows.links();
      expect(links).toHaveLength(3);
      expect(links.filter((l) => l.performTestStepId === body.performTestStepId).map((l) => l.sampleUuid)).toEqual(
        sampleUuids,
      );
    });

    it('labflow, test and samples must exist (404 naming the first unknown)', async () => {
      const sampleUuids = uuidsOf('S-0003');
      expect(
        (
          await post('/labflows/link-samples-to-test', {
            labflowId: 'LF-9',
            protocoltemplateId: 'PT-0001',
            sampleUuids,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await post('/labflows/link-samples-to-test', {
            labflowId: 'LF-0001',
            protocoltemplateId: 'PT-0003',
            sampleUuids,
          })
        ).status,
      ).toBe(404);
      const unknown = await post('/labflows/link-samples-to-test', {
        labflowId: 'LF-0001',
        protocoltemplateId: 'PT-0001',
        sampleUuids: [...sampleUuids, 'ghost-1', 'ghost-2'],
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.reason).toMatch(/ghost-1/);
      expect(unknown.body.reason).not.toMatch(/ghost-2/);
      // An ID value is not a row uuid.
      expect(
        (
          await post('/labflows/link-samples-to-test', {
            labflowId: 'LF-0001',
            protocoltemplateId: 'PT-0001',
            sampleUuids: ['S-0003'],
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await post('/labflows/link-samples-to-test', {
            labflowId: 'LF-0001',
            protocoltemplateId: 'PT-0001',
            sampleUuids: [],
          })
        ).status,
      ).toBe(422);
      const otherSheet = s.store.labsheets.byName('Reagents')!.uuid;
      expect(
        (
          await post('/labflows/link-samples-to-test', {
            labflowId: 'LF-0001',
            protocoltemplateId: 'PT-0001',
            sampleUuids,
            sampleEntityUuid: otherSheet,
          })
        ).status,
      ).toBe(422);
      expect(s.store.labflows.countLinks()).toBe(3);
    });
  });

  describe('location/create', () => {
    it('IN_PROGRESS until the delay has passed, then COMPLETED with result.created; the locations exist at once', async () => {
      const created = await post('/location/create', {
        locations: [{ name: 'Freezer C' }, { name: 'Shelf C1', parent: 'Freezer C' }],
      });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ success: true, requestId: expect.any(String) });
      const status = async (): Promise<Json> =>
        (await (await s.call(`/location/create/status?requestId=${created.body.requestId as string}`)).json()) as Json;
      const pending = await status();
      expect(pending).toMatchObject({ success: true, status: 'IN_PROGRESS' });
      expect(pending).not.toHaveProperty('result');
      expect(s.store.locations.byName('Shelf C1')).toHaveLength(1);
      now += 299;
      expect((await status()).status).toBe('IN_PROGRESS');
      now += 1;
      const done = locationStatusResponse.parse(await status());
      expect(done.status).toBe('COMPLETED');
      expect(done.result?.created.map((c) => c.name)).toEqual(['Freezer C', 'Shelf C1']);
      const shelf = done.result!.created[1]!;
      expect(s.store.locations.byUuid(shelf.uuid)?.parentUuid).toBe(done.result!.created[0]!.uuid);
      // A created location is a valid locationId at once.
      const assign = await post('/labsheets/assign-location', {
        labsheet: 'Samples',
        locationId: shelf.uuid,
        idType: 'ID',
        assignments: [{ id: 'S-0009' }],
      });
      expect(assign.status).toBe(200);
    });

    it('parent by uuid; unknown parent -> 404 and nothing is created; duplicate sibling -> 409', async () => {
      const freezer = s.store.locations.byName('Freezer -80 A')[0]!.uuid;
      expect((await post('/location/create', { locations: [{ name: 'Shelf 9', parent: freezer }] })).status).toBe(200);
      const missing = await post('/location/create', {
        locations: [{ name: 'Orphan A' }, { name: 'Orphan B', parent: 'Nowhere' }],
      });
      expect(missing.status).toBe(404);
      expect(missing.body.reason).toMatch(/locations\[1\]\.parent.*Nowhere/);
      expect(s.store.locations.byName('Orphan A')).toHaveLength(0);
      expect((await post('/location/create', { locations: [{ name: 'Shelf 9', parent: freezer }] })).status).toBe(409);
    });

    it('shape: empty list, empty or overlong name -> 422; unknown requestId -> 404; missing -> 422', async () => {
      expect((await post('/location/create', { locations: [] })).status).toBe(422);
      expect((await post('/location/create', { locations: [{ name: '' }] })).status).toBe(422);
      // The spec caps labsheet and column names at 30, not location names ("Freezer -80 A, shelf 2, rack 4").
      expect(
        (await post('/location/create', { locations: [{ name: 'x'.repeat(LOCATION_NAME_MAX + 1) }] })).status,
      ).toBe(422);
      expect((await post('/location/create', { locations: [{ name: 'Freezer -80 A, shelf 2, rack 4' }] })).status).toBe(
        200,
      );
      expect((await post('/location/create', { name: 'flat' })).status).toBe(422);
      expect((await s.call('/location/create/status?requestId=nope')).status).toBe(404);
      expect((await s.call('/location/create/status')).status).toBe(422);
    });
  });
});
