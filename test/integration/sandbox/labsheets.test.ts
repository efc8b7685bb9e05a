/** Labsheet endpoints and the spec's Resources/Limits rules for them, in both modes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRowsResponse, labsheetTemplate } from '../../../shared/api/labsheets.js';
import { MAGIC_COLUMN_NAMES } from '../../../shared/api/primitives.js';
import { DEMO_SAMPLE_COUNT } from '../../../main/sandbox/demo-data.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

type Json = Record<string, unknown>;
const json = async (res: Response): Promise<Json> => (await res.json()) as Json;
let n = 0;
const uniqueName = (): string => `LS ${++n} ${Date.now() % 100000}`;

describe.each(['v2', 'legacy'] as const)('labsheets (%s)', (mode) => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startTestSandbox({ mode });
  });
  afterAll(async () => {
    await s.close();
  });

  const create = (body: Json): Promise<Response> => s.call('/labsheets/create', { body });

  describe('create', () => {
    it(`answers ${mode === 'v2' ? 201 : 200} with name, uuid, path, success`, async () => {
      const name = uniqueName();
      const res = await create({
        name,
        folder: 'Inventory',
        waitRefresh: true,
        columns: [
          { name: 'Tube', type: 'ID' },
          { name: 'Vol', type: 'NUMBER' },
        ],
      });
      expect(res.status).toBe(mode === 'v2' ? 201 : 200);
      const body = await json(res);
      expect(body).toMatchObject({ name, success: true, path: `Molecular Biology:Inventory/${name}` });
      expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
      const list = await json(await s.call('/labsheets/fetch-list'));
      expect((list.items as Json[]).map((i) => i.name)).toContain(name);
      expect(list.total).toBe((list.items as Json[]).length);
    });

    it('accepts additional properties on the labsheet and its columns', async () => {
      const res = await create({
        name: uniqueName(),
        colour: 'blue',
        columns: [{ name: 'ID', type: 'ID', width: 120 }],
      });
      expect(res.status).toBeLessThan(300);
    });

    it('name: at most 30 characters, non-empty', async () => {
      expect((await create({ name: 'x'.repeat(30), columns: [{ name: 'ID', type: 'ID' }] })).status).toBeLessThan(300);
      const long = await create({ name: 'y'.repeat(31), columns: [{ name: 'ID', type: 'ID' }] });
      expect(long.status).toBe(422);
      expect((await json(long)).reason).toMatch(/body\.name.*30/);
      expect((await create({ name: '', columns: [{ name: 'ID', type: 'ID' }] })).status).toBe(422);
    });

    it('name must be unique: 409 Conflict', async () => {
      const res = await create({ name: 'Samples', columns: [{ name: 'ID', type: 'ID' }] });
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ message: 'Conflict', reason: expect.stringMatching(/Samples/) });
    });

    it('exactly one ID column: none or two -> 422', async () => {
      const none = await create({ name: uniqueName(), columns: [{ name: 'A', type: 'TEXT' }] });
      expect(none.status).toBe(422);
      expect((await json(none)).reason).toMatch(/exactly one column of type ID/);
      const two = await create({
        name: uniqueName(),
        columns: [
          { name: 'A', type: 'ID' },
          { name: 'B', type: 'ID' },
        ],
      });
      expect(two.status).toBe(422);
    });

    it('column names: at most 30 characters and unique', async () => {
      expect(
        (
          await create({
            name: uniqueName(),
            columns: [
              { name: 'ID', type: 'ID' },
              { name: 'c'.repeat(31), type: 'TEXT' },
            ],
          })
        ).status,
      ).toBe(422);
      const dup = await create({
        name: uniqueName(),
        columns: [
          { name: 'ID', type: 'ID' },
          { name: 'Vol', type: 'TEXT' },
          { name: 'Vol', type: 'NUMBER' },
        ],
      });
      expect(dup.status).toBe(422);
      expect((await json(dup)).reason).toMatch(/duplicate column name "Vol"/);
    });

    it('magic columns get their fixed names whatever the caller sends', async () => {
      const name = uniqueName();
      await create({
        name,
        columns: [{ name: 'ID', type: 'ID' }, { name: 'my own name', type: 'LAST_MODIFIED' }, { type: 'LABSPACES' }],
      });
      const rows = await json(await s.call(`/labsheets/fetch-list-rows?labsheet=${encodeURIComponent(name)}`));
      expect(rows.headers).toEqual(['uuid', 'ID', MAGIC_COLUMN_NAMES.LAST_MODIFIED, MAGIC_COLUMN_NAMES.LABSPACES]);
    });

    it('magic columns are computed on read: Labspaces from the folder, Last Modified from the row', async () => {
      const name = uniqueName();
      await create({
        name,
        folder: 'Inventory',
        columns: [
          { name: 'ID', type: 'ID' },
          { type: 'LABSPACES' },
          { type: 'LAST_MODIFIED' },
          { name: 'F', type: 'FORMULA', formula: '=1' },
        ],
      });
      s.store.seedRows(name, [{ ID: 'm1' }]);
      const rows = await json(await s.call(`/labsheets/fetch-list-rows?labsheet=${encodeURIComponent(name)}`));
      const row = (rows.rows as unknown[][])[0]!;
      expect(row.slice(1, 3)).toEqual(['m1', 'Molecular Biology']);
      expect(Number.isNaN(Date.parse(String(row[3])))).toBe(false);
      expect(row[4]).toBe(null);
    });

    it("a magic column's name is ignored, even one longer than 30 characters", async () => {
      const res = await create({
        name: uniqueName(),
        columns: [
          { name: 'ID', type: 'ID' },
          { name: 'x'.repeat(40), type: 'EXPERIMENTS' },
        ],
      });
      expect(res.status).toBeLessThan(300);
    });

    it('a magic name colliding with a named column is a duplicate (422)', async () => {
      const res = await create({
        name: uniqueName(),
        columns: [{ name: 'ID', type: 'ID' }, { name: 'Last Modified', type: 'TEXT' }, { type: 'LAST_MODIFIED' }],
      });
      expect(res.status).toBe(422);
    });

    it('the column name "uuid" is reserved for the row uuid (422)', async () => {
      const res = await create({
        name: uniqueName(),
        columns: [
          { name: 'ID', type: 'ID' },
          { name: 'UUID', type: 'TEXT' },
        ],
      });
      expect(res.status).toBe(422);
      expect((await json(res)).reason).toMatch(/reserved/);
    });

    it('LIST columns need references (422 otherwise)', async () => {
      const res = await create({
        name: uniqueName(),
        columns: [
          { name: 'ID', type: 'ID' },
          { name: 'State', type: 'LIST' },
        ],
      });
      expect(res.status).toBe(422);
      expect((await json(res)).reason).toMatch(/references/);
    });

    it('unknown column type -> 422 naming the column', async () => {
      const res = await create({
        name: uniqueName(),
        columns: [
          { name: 'ID', type: 'ID' },
          { name: 'X', type: 'COLOUR' },
        ],
      });
      expect(res.status).toBe(422);
      expect((await json(res)).reason).toMatch(/columns\[1\]\.type/);
    });

    it('folder must exist: 404', async () => {
      const res = await create({ name: uniqueName(), folder: 'No Such Folder', columns: [{ name: 'ID', type: 'ID' }] });
      expect(res.status).toBe(404);
      expect((await json(res)).reason).toMatch(/No Such Folder/);
    });

    it('a reference column naming a missing labsheet -> 404', async () => {
      const res = await create({
        name: uniqueName(),
        columns: [
          { name: 'ID', type: 'ID' },
          { name: 'Ref', type: 'FOREIGN_KEY', labsheet: 'Ghost' },
        ],
      });
      expect(res.status).toBe(404);
    });
  });

  describe('fetch-list-rows', () => {
    const rows = (q: string): Promise<Response> => s.call(`/labsheets/fetch-list-rows?labsheet=Samples${q}`);

    it('defaults: page 1, pageSize 5; headers start with uuid; success per mode', async () => {
      const body = await json(await rows(''));
      expect(body.headers).toEqual(expect.arrayContaining(['uuid', 'Sample ID', 'Tube Barcode']));
      expect((body.headers as string[])[0]).toBe('uuid');
      expect(body.rows).toHaveLength(5);
      expect((body.rows as unknown[][])[0]![1]).toBe('S-0001');
      expect(body.total).toBe(DEMO_SAMPLE_COUNT);
      expect(body.success).toBe(mode === 'legacy' ? 'true' : true);
      expect(() => fetchRowsResponse.parse(body)).not.toThrow();
    });

    it('page 2 with pageSize 10 returns rows 11-20', async () => {
      const body = await json(await rows('&page=2&pageSize=10'));
      expect((body.rows as unknown[][]).map((r) => r[1])).toEqual(
        Array.from({ length: 10 }, (_, i) => `S-${String(i + 11).padStart(4, '0')}`),
      );
    });

    it('row uuids differ from ID values and cells align with headers', async () => {
      const body = await json(await rows('&pageSize=1'));
      const headers = body.headers as string[];
      const row = (body.rows as unknown[][])[0]!;
      expect(row).toHaveLength(headers.length);
      expect(row[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(row[headers.indexOf('Tube Barcode')]).toBe('TB000001');
      expect(typeof row[headers.indexOf('Volume uL')]).toBe('number');
    });

    it.each([
      ['pageSize above 1000', '&pageSize=1001', /pageSize must be at most 1000/],
      ['pageSize 0', '&pageSize=0', /pageSize/],
      ['page 0 (pages start at 1)', '&page=0', /page must be/],
      ['non-numeric page', '&page=two', /page must be/],
      ['page x pageSize = 50000', '&page=50&pageSize=1000', /less than 50000/],
      ['page x pageSize > 50000', '&page=10001&pageSize=5', /less than 50000/],
    ])('%s -> 400 with a plain string body', async (_label, q, msg) => {
      const res = await rows(q);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toMatch(msg);
    });

    it('page 49 x pageSize 1000 (< 50000) is allowed', async () => {
      const res = await rows('&page=49&pageSize=1000');
      expect(res.status).toBe(200);
      expect((await json(res)).rows).toEqual([]);
    });

    it('archived filter: archived | unarchived | any (default any)', async () => {
      const any = await json(await rows('&pageSize=1000'));
      const archived = await json(await rows('&pageSize=1000&archived=archived'));
      const unarchived = await json(await rows('&pageSize=1000&archived=unarchived'));
      expect(any.total).toBe(DEMO_SAMPLE_COUNT);
      expect((archived.total as number) + (unarchived.total as number)).toBe(any.total);
      expect(archived.total).toBeGreaterThan(0);
      const statusAt = (archived.headers as string[]).indexOf('Status');
      expect((archived.rows as unknown[][]).every((r) => r[statusAt] === 'discarded')).toBe(true);
      expect((await rows('&archived=maybe')).status).toBe(422);
    });

    it('unknown labsheet -> 404; missing labsheet -> 422', async () => {
      expect((await s.call('/labsheets/fetch-list-rows?labsheet=Ghost')).status).toBe(404);
      expect((await s.call('/labsheets/fetch-list-rows')).status).toBe(422);
    });
  });

  describe('labsheet-to-template', () => {
    it('returns every template field', async () => {
      const res = await s.call('/labsheets/labsheet-to-template', {
        body: { labsheet: 'Samples', templateName: `T ${mode}` },
      });
      expect(res.status).toBe(200);
      const body = await json(res);
      const t = labsheetTemplate.parse(body);
      expect(t).toMatchObject({
        name: `T ${mode}`,
        type: 'manager_template',
        createdBy: 'admin@demo-lab.example',
        success: true,
      });
      expect(t.folder).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(t.creationDate ?? ''))).toBe(false);
      expect(
        (await s.call('/labsheets/labsheet-to-template', { body: { labsheet: 'Samples', templateName: `T ${mode}` } }))
          .status,
      ).toBe(409);
      expect(
        (await s.call('/labsheets/labsheet-to-template', { body: { labsheet: 'Ghost', templateName: 'T2' } })).status,
      ).toBe(404);
      expect(t.isPrivate).toBe(false);
    });

    it('a labsheet in a private folder makes a private template', async () => {
      const name = uniqueName();
      await create({ name, folder: 'Restricted', columns: [{ name: 'ID', type: 'ID' }] });
      const res = await s.call('/labsheets/labsheet-to-template', {
        body: { labsheet: name, templateName: `P ${mode}` },
      });
      expect(((await json(res)) as { isPrivate: boolean }).isPrivate).toBe(true);
    });
  });

  describe('delete-column', () => {
    it('removes the column and its data; the ID column cannot be deleted', async () => {
      const name = uniqueName();
      await create({
        name,
        columns: [
          { name: 'ID', type: 'ID' },
          { name: 'Note', type: 'TEXT' },
          { name: 'Keep', type: 'TEXT' },
        ],
      });
      s.store.seedRows(name, [{ ID: 'a', Note: 'secret', Keep: 'k' }]);
      const res = await s.call('/labsheets/delete-column', {
        method: 'DELETE',
        body: { labsheet: name, columnName: 'Note' },
      });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ success: true, name: 'Note' });
      const rows = await json(await s.call(`/labsheets/fetch-list-rows?labsheet=${encodeURIComponent(name)}`));
      expect(rows.headers).toEqual(['uuid', 'ID', 'Keep']);
      const raw = s.store.db.prepare('SELECT cells FROM rows WHERE id_value = ?').get('a') as { cells: string };
      expect(raw.cells).not.toContain('secret');
      const id = await s.call('/labsheets/delete-column', {
        method: 'DELETE',
        body: { labsheet: name, columnName: 'ID' },
      });
      expect(id.status).toBe(422);
      expect(
        (await s.call('/labsheets/delete-column', { method: 'DELETE', body: { labsheet: name, columnName: 'Nope' } }))
          .status,
      ).toBe(404);
    });
  });
});
