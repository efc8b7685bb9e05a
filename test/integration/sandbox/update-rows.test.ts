/** update-rows-by-id: grouping of elements into rows, matching by ID / ID_BARCODE, typed cells. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateRowsByIdResponse } from '../../../shared/api/labsheets.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

type Json = Record<string, unknown>;

describe.each(['v2', 'legacy'] as const)('update-rows-by-id (%s)', (mode) => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startTestSandbox({ mode });
    const res = await s.call('/labsheets/create', {
      body: {
        name: 'Tubes',
        columns: [
          { name: 'Tube', type: 'ID' },
          { name: 'Barcode', type: 'ID_BARCODE' },
          { name: 'Vol', type: 'NUMBER' },
          { name: 'Day', type: 'DATE' },
          { name: 'At', type: 'DATETIME' },
          { name: 'OK', type: 'CHECKBOX' },
          { name: 'State', type: 'LIST', references: ['new', 'used'] },
          { name: 'Note', type: 'TEXT' },
          { name: 'Calc', type: 'FORMULA', formula: '=Vol*2' },
          { type: 'LAST_MODIFIED' },
        ],
      },
    });
    expect(res.status).toBeLessThan(300);
    s.store.seedRows('Tubes', [
      { Tube: 'T1', Barcode: 'B1', Vol: 1 },
      { Tube: 'T2', Barcode: 'B2', Vol: 2 },
      { Tube: 'T3', Barcode: 'B3', Vol: 3 },
      { Tube: 'DUP', Barcode: 'B4' },
      { Tube: 'DUP', Barcode: 'B5' },
    ]);
  });
  afterAll(async () => {
    await s.close();
  });

  const update = async (rows: unknown[], labsheet = 'Tubes'): Promise<{ status: number; body: unknown }> => {
    const res = await s.call('/labsheets/update-rows-by-id', { body: { labsheet, rows } });
    return { status: res.status, body: await res.json() };
  };
  const cell = async (id: string, column: string): Promise<unknown> => {
    const body = (await (await s.call('/labsheets/fetch-list-rows?labsheet=Tubes&pageSize=100')).json()) as {
      headers: string[];
      rows: unknown[][];
    };
    return body.rows.find((r) => r[1] === id)?.[body.headers.indexOf(column)];
  };

  it('flat row objects: one object per row, ID column included', async () => {
    const { status, body } = await update([
      { Tube: 'T1', Vol: 10, Note: 'a' },
      { Tube: 'T2', Vol: '20.5' },
    ]);
    expect(status).toBe(200);
    const parsed = updateRowsByIdResponse.parse(body);
    expect(parsed.map((r) => r.ID)).toEqual(['T1', 'T2']);
    expect(parsed[0]!.updatedRows).toHaveLength(1);
    expect((body as Json[])[0]).toMatchObject({ updatedRows: [{ success: 'true' }] });
    expect(await cell('T1', 'Vol')).toBe(10);
    expect(await cell('T1', 'Note')).toBe('a');
    expect(await cell('T2', 'Vol')).toBe(20.5);
  });

  it('single-key elements: an ID-keyed element starts a new row, the following ones add cells to it', async () => {
    const { status, body } = await update([{ Tube: 'T1' }, { Vol: 11 }, { Note: 'b' }, { Tube: 'T3' }, { Vol: 33 }]);
    expect(status).toBe(200);
    expect((body as Json[]).map((r) => r.ID)).toEqual(['T1', 'T3']);
    expect(await cell('T1', 'Vol')).toBe(11);
    expect(await cell('T1', 'Note')).toBe('b');
    expect(await cell('T3', 'Vol')).toBe(33);
  });

  it('an ID_BARCODE-keyed element matches by barcode', async () => {
    const { body } = await update([{ Barcode: 'B2' }, { Note: 'by barcode' }]);
    expect((body as Json[])[0]).toMatchObject({ ID: 'B2', updatedRows: [{ success: 'true' }] });
    expect(await cell('T2', 'Note')).toBe('by barcode');
  });

  it('a bare string is an ID with no changes (matched by ID, else by barcode)', async () => {
    const { status, body } = await update(['T3', 'B1']);
    expect(status).toBe(200);
    expect((body as { updatedRows: unknown[] }[]).map((r) => r.updatedRows.length)).toEqual([1, 1]);
  });

  it('an unknown ID answers an empty updatedRows without failing its neighbours', async () => {
    const { status, body } = await update([
      { Tube: 'NOPE', Vol: 1 },
      { Tube: 'T2', Vol: 22 },
    ]);
    expect(status).toBe(200);
    expect(body).toEqual([
      { ID: 'NOPE', updatedRows: [] },
      { ID: 'T2', updatedRows: [expect.objectContaining({ success: 'true' })] },
    ]);
    expect(await cell('T2', 'Vol')).toBe(22);
  });

  it('an ID shared by two rows updates both', async () => {
    const { body } = await update([{ Tube: 'DUP', Note: 'both' }]);
    expect((body as { updatedRows: unknown[] }[])[0]!.updatedRows).toHaveLength(2);
  });

  it.each([
    ['unknown column', [{ Tube: 'T1', Colour: 'red' }], /unknown column "Colour"/],
    ['NUMBER not numeric', [{ Tube: 'T1', Vol: 'lots' }], /"Vol" \(NUMBER\) needs a number/],
    ['DATE not YYYY-MM-DD', [{ Tube: 'T1', Day: '23/11/2026' }], /YYYY-MM-DD/],
    ['DATE impossible', [{ Tube: 'T1', Day: '2026-02-30' }], /YYYY-MM-DD/],
    ['DATETIME not ISO', [{ Tube: 'T1', At: 'yesterday' }], /ISO 8601/],
    ['CHECKBOX not boolean', [{ Tube: 'T1', OK: 'maybe' }], /true or false/],
    ['LIST value not in references', [{ Tube: 'T1', State: 'lost' }], /must be one of/],
    ['FORMULA is read-only', [{ Tube: 'T1', Calc: 5 }], /cannot be written/],
    ['magic column is read-only', [{ Tube: 'T1', 'Last Modified': '2026-01-01' }], /cannot be written/],
    ['a cell before any ID element', [{ Vol: 5 }, { Tube: 'T1' }], /rows\[0\].*without a preceding element keyed by/],
    [
      'a cell after a bare ID string (an ID with no changes)',
      ['T1', { Vol: 5 }],
      /rows\[1\].*without a preceding element keyed by/,
    ],
    [
      'a multi-key object without the ID column',
      [{ Vol: 5, Note: 'x' }],
      /must include its "Tube" or "Barcode" column/,
    ],
    ['an empty object', [{}], /at least one column/],
    ['a nested value', [{ Tube: 'T1', Vol: { n: 1 } }], /rows\[0\]/],
  ])('%s -> 422 naming it', async (_label, rows, reason) => {
    const { status, body } = await update(rows);
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, message: 'Validation error', reason: expect.stringMatching(reason) });
  });

  it('a 422 writes nothing (all-or-nothing)', async () => {
    const before = await cell('T3', 'Vol');
    const { status } = await update([
      { Tube: 'T3', Vol: 999 },
      { Tube: 'T1', Vol: 'bad' },
    ]);
    expect(status).toBe(422);
    expect(await cell('T3', 'Vol')).toBe(before);
  });

  it('Last Modified is computed from the row and moves forward on an update', async () => {
    const before = String(await cell('T2', 'Last Modified'));
    await new Promise((r) => setTimeout(r, 5));
    await update([{ Tube: 'T2', Note: 'touched' }]);
    const after = String(await cell('T2', 'Last Modified'));
    expect(Number.isNaN(Date.parse(after))).toBe(false);
    expect(after > before).toBe(true);
  });

  it('checkbox values normalise to "true"/"false"; null clears a cell', async () => {
    await update([{ Tube: 'T1', OK: 1, Note: null }]);
    expect(await cell('T1', 'OK')).toBe('true');
    expect(await cell('T1', 'Note')).toBe(null);
  });

  it('the ID_BARCODE value can be changed through a row matched by ID, and is then matchable', async () => {
    await update([{ Tube: 'T3', Barcode: 'B3-NEW' }]);
    const { body } = await update(['B3-NEW']);
    expect((body as { updatedRows: unknown[] }[])[0]!.updatedRows).toHaveLength(1);
  });

  it('unknown labsheet -> 404; empty rows -> 422; unknown field -> 422', async () => {
    expect((await update(['T1'], 'Ghost')).status).toBe(404);
    expect((await update([])).status).toBe(422);
    const res = await s.call('/labsheets/update-rows-by-id', {
      body: { labsheet: 'Tubes', rows: ['T1'], upsert: true },
    });
    expect(res.status).toBe(422);
  });

  it('a labsheet without ID or ID_BARCODE rows cannot be updated by ID (422)', async () => {
    // Every labsheet has an ID column by the create rules; deleting it is refused, so the rule holds.
    const res = await s.call('/labsheets/delete-column', {
      method: 'DELETE',
      body: { labsheet: 'Tubes', columnName: 'Tube' },
    });
    expect(res.status).toBe(422);
  });
});
