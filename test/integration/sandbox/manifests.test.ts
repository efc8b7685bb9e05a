/**
 * manifest/fetch-metadata and manifest/update (identifiers, layouts, well operations, emptySpaces)
 * and labsheets/assign-location (plain locations, manifests as locations, id types, conflicts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestMetadata } from '../../../shared/api/manifests.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

interface Meta {
  uuid: string;
  hrid: string;
  emptySpaces: string;
  lastUpdate: string;
  wells: { position: string; sample: { id: string; labsheet: string } | null; tags: string[]; label: string }[];
  layout: { rows: number; columns: number };
}

describe.each(['v2', 'legacy'] as const)('manifests (%s)', (mode) => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startTestSandbox({ mode });
  });
  afterAll(async () => {
    await s.close();
  });

  const meta = async (q: string): Promise<Meta> => {
    const res = await s.call(`/manifest/fetch-metadata?${q}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Meta;
  };
  const update = async (body: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await s.call('/manifest/update', { body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const well = (m: Meta, p: string) => m.wells.find((w) => w.position === p);

  describe('fetch-metadata', () => {
    it('finds a manifest by uuid, hrid or barcode, with the spec fields and the layout/wells extras', async () => {
      const byHrid = await meta('hrid=PL-0001');
      expect(() => manifestMetadata.parse(byHrid)).not.toThrow();
      expect(byHrid).toMatchObject({
        name: 'QC Plate 1',
        template: '96 Well Plate',
        barcode: 'PLT000001',
        success: true,
        layout: { rows: 8, columns: 12 },
      });
      expect(typeof byHrid.emptySpaces).toBe('string');
      expect(Number(byHrid.emptySpaces)).toBe(96 - 12);
      expect(Number.isNaN(Date.parse(byHrid.lastUpdate))).toBe(false);
      expect(well(byHrid, 'A1')?.sample).toEqual({ id: 'S-0001', labsheet: 'Samples' });
      expect(well(byHrid, 'H12')).toMatchObject({ sample: null, label: 'NEG_CONTROL', tags: ['qc'] });
      expect((await meta(`uuid=${byHrid.uuid}`)).hrid).toBe('PL-0001');
      expect((await meta('barcode=PLT000001')).hrid).toBe('PL-0001');
      expect((await meta('hrid=PL-0002')).layout).toEqual({ rows: 16, columns: 24 });
      expect((await meta('hrid=BX-0001')).layout).toEqual({ rows: 9, columns: 9 });
    });

    it('exactly one identifier: none or two -> 422; unknown -> 404', async () => {
      expect((await s.call('/manifest/fetch-metadata')).status).toBe(422);
      expect((await s.call('/manifest/fetch-metadata?hrid=PL-0001&barcode=PLT000001')).status).toBe(422);
      expect((await s.call('/manifest/fetch-metadata?hrid=')).status).toBe(422);
      const res = await s.call('/manifest/fetch-metadata?barcode=NOPE');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Not found', reason: expect.stringMatching(/NOPE/) });
    });
  });

  describe('update', () => {
    it('assigns a sample (barcode normalised to the ID), a label and tags; A01 is normalised to A1', async () => {
      const before = await meta('hrid=PL-0001');
      const r = await update({
        hrid: 'PL-0001',
        plate: {
          wells: [
            { position: 'B01', sample: { id: 'TB000020', labsheet: 'Samples' }, label: 'SAMPLE', tags: ['x', 'y'] },
          ],
        },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: true, data: { hrid: 'PL-0001' } });
      expect(typeof r.body.message).toBe('string');
      const after = await meta('hrid=PL-0001');
      expect(well(after, 'B1')).toEqual({
        position: 'B1',
        sample: { id: 'S-0020', labsheet: 'Samples' },
        tags: ['x', 'y'],
        label: 'SAMPLE',
      });
      expect(Number(after.emptySpaces)).toBe(Number(before.emptySpaces) - 1);
      expect(after.lastUpdate >= before.lastUpdate).toBe(true);
    });

    it('a field present is set, an absent one is left as it is', async () => {
      await update({ hrid: 'PL-0001', plate: { wells: [{ position: 'B1', label: 'STANDARD' }] } });
      const m = await meta('hrid=PL-0001');
      expect(well(m, 'B1')).toMatchObject({ sample: { id: 'S-0020' }, tags: ['x', 'y'], label: 'STANDARD' });
    });

    it('removeFromWells runs before wells: clear and refill one position in one request', async () => {
      const r = await update({
        uuid: (await meta('hrid=PL-0001')).uuid,
        plate: {
          removeFromWells: [{ position: 'B1', fields: ['SAMPLE', 'TAGS'] }],
          wells: [{ position: 'B1', tags: ['fresh'] }],
        },
      });
      expect(r.status).toBe(200);
      expect(well(await meta('hrid=PL-0001'), 'B1')).toEqual({
        position: 'B1',
        sample: null,
        tags: ['fresh'],
        label: 'STANDARD',
      });
    });

    it('emptySpaces counts wells holding a sample or a label (tags alone do not fill a well)', async () => {
      const before = Number((await meta('hrid=PL-0001')).emptySpaces);
      await update({ hrid: 'PL-0001', plate: { removeFromWells: [{ position: 'B1', fields: ['LABEL'] }] } });
      expect(Number((await meta('hrid=PL-0001')).emptySpaces)).toBe(before + 1);
      await update({ hrid: 'PL-0001', plate: { removeFromWells: [{ position: 'B1', fields: ['TAGS'] }] } });
      expect(well(await meta('hrid=PL-0001'), 'B1')).toBeUndefined();
    });

    it('positions must match the layout: 96 = 8x12, 384 = 16x24, box 9x9', async () => {
      expect((await update({ hrid: 'PL-0001', plate: { wells: [{ position: 'H12', tags: ['edge'] }] } })).status).toBe(
        200,
      );
      const off = await update({ hrid: 'PL-0001', plate: { wells: [{ position: 'I1', label: 'BLANK' }] } });
      expect(off.status).toBe(422);
      expect(off.body.reason).toMatch(/plate\.wells\[0\]\.position: "I1".*PL-0001/);
      expect((await update({ hrid: 'PL-0001', plate: { wells: [{ position: 'A13', label: 'BLANK' }] } })).status).toBe(
        422,
      );
      expect((await update({ hrid: 'PL-0002', plate: { wells: [{ position: 'P24', label: 'BLANK' }] } })).status).toBe(
        200,
      );
      expect((await update({ hrid: 'PL-0002', plate: { wells: [{ position: 'Q1', label: 'BLANK' }] } })).status).toBe(
        422,
      );
      expect((await update({ hrid: 'BX-0001', plate: { wells: [{ position: 'I9', label: 'BLANK' }] } })).status).toBe(
        200,
      );
      expect((await update({ hrid: 'BX-0001', plate: { wells: [{ position: 'A10', label: 'BLANK' }] } })).status).toBe(
        422,
      );
      expect(
        (await update({ hrid: 'BX-0001', plate: { removeFromWells: [{ position: 'J1', fields: ['LABEL'] }] } })).status,
      ).toBe(422);
      expect((await update({ hrid: 'BX-0001', plate: { wells: [{ position: '11', label: 'BLANK' }] } })).status).toBe(
        422,
      );
    });

    it('duplicate positions in one request -> 422 and nothing is written', async () => {
      const r = await update({
        hrid: 'PL-0001',
        plate: {
          wells: [
            { position: 'C1', label: 'BLANK' },
            { position: 'C01', label: 'SAMPLE' },
          ],
        },
      });
      expect(r.status).toBe(422);
      expect(r.body.reason).toMatch(/C1 appears more than once/);
      expect(well(await meta('hrid=PL-0001'), 'C1')).toBeUndefined();
    });

    it('an unknown sample -> 404 naming it; an unknown labsheet -> 404', async () => {
      const r = await update({
        hrid: 'PL-0001',
        plate: { wells: [{ position: 'C2', sample: { id: 'S-9999', labsheet: 'Samples' } }] },
      });
      expect(r.status).toBe(404);
      expect(r.body.reason).toMatch(/S-9999/);
      expect(
        (
          await update({
            hrid: 'PL-0001',
            plate: { wells: [{ position: 'C2', sample: { id: 'S-0001', labsheet: 'Ghost' } }] },
          })
        ).status,
      ).toBe(404);
    });

    it('request shape rules -> 422: no identifier, empty plate, unknown label, unknown removal field, empty well', async () => {
      expect((await update({ plate: { wells: [{ position: 'A1', label: 'BLANK' }] } })).status).toBe(422);
      expect((await update({ hrid: 'PL-0001', plate: {} })).status).toBe(422);
      expect((await update({ hrid: 'PL-0001', plate: { wells: [{ position: 'A1', label: 'GOLD' }] } })).status).toBe(
        422,
      );
      expect(
        (await update({ hrid: 'PL-0001', plate: { removeFromWells: [{ position: 'A1', fields: ['COLOUR'] }] } }))
          .status,
      ).toBe(422);
      expect((await update({ hrid: 'PL-0001', plate: { wells: [{ position: 'A1' }] } })).status).toBe(422);
    });

    it('unknown manifest -> 404; hrid and uuid that disagree -> 422', async () => {
      expect((await update({ hrid: 'PL-9999', plate: { wells: [{ position: 'A1', label: 'BLANK' }] } })).status).toBe(
        404,
      );
      const uuid = (await meta('hrid=PL-0002')).uuid;
      expect(
        (await update({ hrid: 'PL-0001', uuid, plate: { wells: [{ position: 'A1', label: 'BLANK' }] } })).status,
      ).toBe(422);
    });

    it('replaying the same update is harmless (idempotent)', async () => {
      const body = {
        hrid: 'PL-0002',
        plate: { wells: [{ position: 'A1', sample: { id: 'S-0100', labsheet: 'Samples' }, tags: ['t'] }] },
      };
      await update(body);
      const once = await meta('hrid=PL-0002');
      await update(body);
      const twice = await meta('hrid=PL-0002');
      expect(twice.wells).toEqual(once.wells);
      expect(twice.emptySpaces).toBe(once.emptySpaces);
    });
  });
});

describe.each(['v2', 'legacy'] as const)('assign-location (%s)', (mode) => {
  let s: TestSandbox;
  let box: string;
  let shelf: string;
  beforeAll(async () => {
    s = await startTestSandbox({ mode });
    box = s.store.manifests.find('hrid', 'BX-0001')!.uuid;
    shelf = s.store.locations.byName('Shelf 1')[0]!.uuid;
  });
  afterAll(async () => {
    await s.close();
  });

  const assign = async (body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await s.call('/labsheets/assign-location', { body: { labsheet: 'Samples', ...body } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const boxWell = async (p: string): Promise<unknown> => {
    const m = (await (await s.call('/manifest/fetch-metadata?hrid=BX-0001')).json()) as {
      wells: { position: string; sample: unknown }[];
    };
    return m.wells.find((w) => w.position === p)?.sample ?? null;
  };
  const row = (id: string) => s.store.rows.byIdValue(s.store.labsheets.byName('Samples')!.uuid, id)[0]!;

  it('assigns rows to a plain location (position ignored there)', async () => {
    const r = await assign({
      locationId: shelf,
      idType: 'ID',
      assignments: [{ id: 'S-0200' }, { id: 'S-0201', position: 'A1' }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      assignedPositions: [
        { id: 'S-0200', position: null },
        { id: 'S-0201', position: null },
      ],
    });
    expect(row('S-0200').locationUuid).toBe(shelf);
  });

  it('a manifest is a location: a position fills its well with the row ID and labsheet (A01 normalised)', async () => {
    const r = await assign({
      locationId: box,
      idType: 'ID_BARCODE',
      assignments: [{ id: 'TB000210', position: 'b02' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.assignedPositions).toEqual([{ id: 'TB000210', position: 'B2' }]);
    expect(await boxWell('B2')).toEqual({ id: 'S-0210', labsheet: 'Samples' });
    expect(row('S-0210')).toMatchObject({ locationUuid: box, position: 'B2' });
  });

  it('the same assignment again is a no-op', async () => {
    const r = await assign({ locationId: box, idType: 'ID', assignments: [{ id: 'S-0210', position: 'B2' }] });
    expect(r.status).toBe(200);
    expect(await boxWell('B2')).toEqual({ id: 'S-0210', labsheet: 'Samples' });
  });

  it('a well holding a different sample -> 409 Conflict naming the well, nothing written', async () => {
    const r = await assign({
      locationId: box,
      idType: 'ID',
      assignments: [
        { id: 'S-0211', position: 'C3' },
        { id: 'S-0212', position: 'B2' },
      ],
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      message: 'Conflict',
      reason: expect.stringMatching(/B2 of BX-0001 already holds S-0210/),
    });
    expect(await boxWell('C3')).toBe(null);
  });

  it('two different samples to one well in one request -> 409', async () => {
    const r = await assign({
      locationId: box,
      idType: 'ID',
      assignments: [
        { id: 'S-0213', position: 'D4' },
        { id: 'S-0214', position: 'D4' },
      ],
    });
    expect(r.status).toBe(409);
  });

  it('moving a sample to another well empties the old one', async () => {
    const r = await assign({ locationId: box, idType: 'ID', assignments: [{ id: 'S-0210', position: 'E5' }] });
    expect(r.status).toBe(200);
    expect(await boxWell('B2')).toBe(null);
    expect(await boxWell('E5')).toEqual({ id: 'S-0210', labsheet: 'Samples' });
  });

  it('ROW_UUID and SERVICE_BARCODE id types', async () => {
    const a = row('S-0220');
    const b = row('S-0221');
    expect(
      (await assign({ locationId: box, idType: 'ROW_UUID', assignments: [{ id: a.uuid, position: 'F6' }] })).status,
    ).toBe(200);
    expect(
      (
        await assign({
          locationId: box,
          idType: 'SERVICE_BARCODE',
          assignments: [{ id: b.serviceBarcode, position: 'F7' }],
        })
      ).status,
    ).toBe(200);
    expect(await boxWell('F6')).toEqual({ id: 'S-0220', labsheet: 'Samples' });
    expect(await boxWell('F7')).toEqual({ id: 'S-0221', labsheet: 'Samples' });
  });

  it('the location must exist (404); an unknown id -> 404 naming it; off-layout position -> 422', async () => {
    expect(
      (
        await assign({
          locationId: '00000000-0000-4000-8000-000000000000',
          idType: 'ID',
          assignments: [{ id: 'S-0001' }],
        })
      ).status,
    ).toBe(404);
    const unknown = await assign({
      locationId: shelf,
      idType: 'ID',
      assignments: [{ id: 'S-0001' }, { id: 'S-7777' }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.reason).toMatch(/assignments\[1\].*S-7777/);
    const off = await assign({ locationId: box, idType: 'ID', assignments: [{ id: 'S-0230', position: 'J1' }] });
    expect(off.status).toBe(422);
    expect(off.body.reason).toMatch(/J1/);
  });

  it('shape rules -> 422: bad idType, empty assignments, unknown labsheet -> 404', async () => {
    expect((await assign({ locationId: shelf, idType: 'NAME', assignments: [{ id: 'S-0001' }] })).status).toBe(422);
    expect((await assign({ locationId: shelf, idType: 'ID', assignments: [] })).status).toBe(422);
    expect(
      (await assign({ labsheet: 'Ghost', locationId: shelf, idType: 'ID', assignments: [{ id: 'S-0001' }] })).status,
    ).toBe(404);
  });

  it('the Existing Manifest column shows the manifest a row sits in', async () => {
    const body = (await (await s.call('/labsheets/fetch-list-rows?labsheet=Samples&page=44&pageSize=5')).json()) as {
      headers: string[];
      rows: unknown[][];
    };
    const r = body.rows.find((x) => x[1] === 'S-0220')!;
    expect(r[body.headers.indexOf('Existing Manifest')]).toBe('Freezer Box 1');
  });
});
