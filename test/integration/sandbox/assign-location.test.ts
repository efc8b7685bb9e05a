/** labsheets/assign-location: plain locations, manifests as locations, id types, conflicts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

describe.each(['v2', 'legacy'] as const)('assign-location (%s)', (mode) => {
  let s: TestSandbox;
  let box: string;
  let shelf: string;
  beforeAll(async () => {
    s = await startTestSandbox({ mode });
    box = s.store.manifests.find('hrid', 'BX-0001')!.uuid;
    shelf = s.store.locations.byName('Shelf 1')[0]!.uuid;
  });
  afterAll(async () => { await s.close(); });

  const assign = async (body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await s.call('/labsheets/assign-location', { body: { labsheet: 'Samples', ...body } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const boxWell = async (p: string): Promise<unknown> => {
    const m = (await (await s.call('/manifest/fetch-metadata?hrid=BX-0001')).json()) as { wells: { position: string; sample: unknown }[] };
    return m.wells.find((w) => w.position === p)?.sample ?? null;
  };
  const row = (id: string) => s.store.rows.byIdValue(s.store.labsheets.byName('Samples')!.uuid, id)[0]!;

  it('assigns rows to a plain location (position ignored there)', async () => {
    const r = await assign({ locationId: shelf, idType: 'ID', assignments: [{ id: 'S-0200' }, { id: 'S-0201', position: 'A1' }] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, assignedPositions: [{ id: 'S-0200', position: null }, { id: 'S-0201', position: null }] });
    expect(row('S-0200').locationUuid).toBe(shelf);
  });

  it('a manifest is a location: a position fills its well with the row ID and labsheet (A01 normalised)', async () => {
    const r = await assign({ locationId: box, idType: 'ID_BARCODE', assignments: [{ id: 'TB000210', position: 'b02' }] });
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
    const r = await assign({ locationId: box, idType: 'ID', assignments: [{ id: 'S-0211', position: 'C3' }, { id: 'S-0212', position: 'B2' }] });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: 'Conflict', reason: expect.stringMatching(/B2 of BX-0001 already holds S-0210/) });
    expect(await boxWell('C3')).toBe(null);
  });

  it('two different samples to one well in one request -> 409', async () => {
    const r = await assign({ locationId: box, idType: 'ID', assignments: [{ id: 'S-0213', position: 'D4' }, { id: 'S-0214', position: 'D4' }] });
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
    expect((await assign({ locationId: box, idType: 'ROW_UUID', assignments: [{ id: a.uuid, position: 'F6' }] })).status).toBe(200);
    expect((await assign({ locationId: box, idType: 'SERVICE_BARCODE', assignments: [{ id: b.serviceBarcode, position: 'F7' }] })).status).toBe(200);
    expect(await boxWell('F6')).toEqual({ id: 'S-0220', labsheet: 'Samples' });
    expect(await boxWell('F7')).toEqual({ id: 'S-0221', labsheet: 'Samples' });
  });

  it('the location must exist (404); an unknown id -> 404 naming it; off-layout position -> 422', async () => {
    expect((await assign({ locationId: '00000000-0000-4000-8000-000000000000', idType: 'ID', assignments: [{ id: 'S-0001' }] })).status).toBe(404);
    const unknown = await assign({ locationId: shelf, idType: 'ID', assignments: [{ id: 'S-0001' }, { id: 'S-7777' }] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.reason).toMatch(/assignments\[1\].*S-7777/);
    const off = await assign({ locationId: box, idType: 'ID', assignments: [{ id: 'S-0230', position: 'J1' }] });
    expect(off.status).toBe(422);
    expect(off.body.reason).toMatch(/J1/);
  });

  it('shape rules -> 422: bad idType, empty assignments, unknown labsheet -> 404', async () => {
    expect((await assign({ locationId: shelf, idType: 'NAME', assignments: [{ id: 'S-0001' }] })).status).toBe(422);
    expect((await assign({ locationId: shelf, idType: 'ID', assignments: [] })).status).toBe(422);
    expect((await assign({ labsheet: 'Ghost', locationId: shelf, idType: 'ID', assignments: [{ id: 'S-0001' }] })).status).toBe(404);
  });

  it('the Existing Manifest column shows the manifest a row sits in', async () => {
    const body = (await (await s.call('/labsheets/fetch-list-rows?labsheet=Samples&page=44&pageSize=5')).json()) as { headers: string[]; rows: unknown[][] };
    const r = body.rows.find((x) => x[1] === 'S-0220')!;
    expect(r[body.headers.indexOf('Existing Manifest')]).toBe('Freezer Box 1');
  });
});
