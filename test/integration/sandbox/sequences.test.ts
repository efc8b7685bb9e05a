/** Sequences: paginated listing (page from 0, pageSize 20), single reads, add-sequence-to-row. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSequencesResponse, singleSequenceResponse } from '../../../shared/api/sequences.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

type Json = Record<string, unknown>;

describe.each(['v2', 'legacy'] as const)('sequences (%s)', (mode) => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startTestSandbox({ mode });
    for (let i = 1; i <= 30; i++) s.store.sequences.create({ name: `oligo-${String(i).padStart(2, '0')}`, type: 'DNA', sequence: 'ACGT'.repeat(i), circular: false });
  });
  afterAll(async () => { await s.close(); });

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
    const one = singleSequenceResponse.parse(body);
    expect(one.sequence).toMatchObject({ name: 'pGEX-4T-1', type: 'DNA', circular: true });
    const seq = body.sequence as Json;
    for (const f of ['index', 'Id', '_class', 'sequenceType']) expect(seq).not.toHaveProperty(f);
    // The stripping is real: the stored document does carry the internal fields.
    const doc = s.store.sequences.byName('pGEX-4T-1')!;
    expect(doc).toMatchObject({ index: 'sequences', type: 'sequence', _class: expect.any(String), Id: expect.stringMatching(/^SEQ-/) });
    expect((await get('/sequences?name=missing')).status).toBe(404);
  });

  it('bad paging -> 422', async () => {
    expect((await get('/sequences?page=-1')).status).toBe(422);
    expect((await get('/sequences?pageSize=0')).status).toBe(422);
    expect((await get('/sequences?pageSize=abc')).status).toBe(422);
  });

  it('deprecated sequence/fetch by name or uuid; 404 unknown; 422 without identifier', async () => {
    const byName = singleSequenceResponse.parse((await get('/sequence/fetch?name=GFP-primer-F')).body);
    expect(byName.sequence.sequence).toBe('ATGGTGAGCAAGGGCGAGGAG');
    const byUuid = await get(`/sequence/fetch?uuid=${byName.sequence.uuid}`);
    expect((byUuid.body.sequence as Json).name).toBe('GFP-primer-F');
    expect(byUuid.body.sequence).not.toHaveProperty('_class');
    expect((await get('/sequence/fetch?uuid=nope')).status).toBe(404);
    expect((await get('/sequence/fetch')).status).toBe(422);
  });

  describe('add-sequence-to-row (deprecated)', () => {
    const add = async (body: Json): Promise<{ status: number; body: Json }> => {
      const res = await s.call('/labsheets/add-sequence-to-row', { body: { labsheet: 'Samples', sequenceColumn: 'Plasmid', ...body } });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const plasmidOf = async (id: string): Promise<unknown> => {
      const sheet = s.store.labsheets.byName('Samples')!;
      const col = s.store.labsheets.columns(sheet.uuid).find((c) => c.name === 'Plasmid')!;
      return s.store.rows.byIdValue(sheet.uuid, id)[0]!.cells[String(col.id)];
    };

    it('attaches by name or uuid (row found by ID or barcode)', async () => {
      expect(await add({ id: 'S-0005', sequenceName: 'pET-28a-MCS' })).toEqual({ status: 200, body: { success: true } });
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
