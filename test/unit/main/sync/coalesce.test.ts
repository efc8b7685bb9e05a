import { describe, expect, it } from 'vitest';
import { updateRowsByIdResponse } from '../../../../shared/api/labsheets.js';
import { coalesceAssignments, coalesceRows, coalesceWells, takeRowBatch } from '../../../../main/sync/coalesce.js';
import type { LocationAssignIntent, RowUpdateIntent, WellIntent } from '../../../../shared/outbox/intents.js';
import { assign, rowUpdate, wellRemove, wellSet } from '../outbox/helpers.js';

const tag = <I>(intents: unknown[]) => intents.map((intent, i) => ({ id: i + 1, intent: intent as I }));

describe('coalescing wells into one manifest/update', () => {
  it('last intent per position wins, positions normalised (A01 = A1)', () => {
    const c = coalesceWells(
      { hrid: 'PL-0001' },
      tag<WellIntent>([wellSet('A1', 'S-1'), wellSet('B2', 'S-2'), wellSet('A01', 'S-3')]),
    );
    expect(c.request).toEqual({
      hrid: 'PL-0001',
      plate: {
        wells: [
          { position: 'A1', sample: { id: 'S-3', labsheet: 'Samples' }, tags: [], label: '' },
          { position: 'B2', sample: { id: 'S-2', labsheet: 'Samples' }, tags: [], label: '' },
        ],
      },
    });
  });

  it('a set then a removal of the same field sends only the removal', () => {
    const c = coalesceWells({ hrid: 'P' }, tag<WellIntent>([wellSet('A1', 'S-1'), wellRemove('A1', ['SAMPLE'])]));
    expect(c.request.plate).toEqual({ removeFromWells: [{ position: 'A1', fields: ['SAMPLE'] }] });
  });

  it('a removal then a set removes only what the set does not give: either order of applying them lands the set', () => {
    const c = coalesceWells(
      { hrid: 'P' },
      tag<WellIntent>([wellRemove('A1', ['SAMPLE', 'LABEL']), wellSet('A1', 'S-9')]),
    );
    // The spec gives no order between the two lists: with SAMPLE in both, a service applying `wells`
    // first cleared the tube just set (the old request), while the app marked it done.
    expect(c.request.plate).toEqual({
      wells: [{ position: 'A1', sample: { id: 'S-9', labsheet: 'Samples' }, tags: [], label: '' }],
      removeFromWells: [{ position: 'A1', fields: ['LABEL'] }],
    });
  });

  it('a removal then a set giving that field empty keeps the removal (the label of a well emptied first)', () => {
    const emptyLabelled: WellIntent = {
      type: 'well-set',
      manifest: { hrid: 'P' },
      position: 'A1',
      sample: null,
      label: 'BLANK',
    };
    const c = coalesceWells({ hrid: 'P' }, tag<WellIntent>([wellRemove('A1', ['SAMPLE']), emptyLabelled]));
    expect(c.request.plate).toEqual({
      wells: [{ position: 'A1', sample: null, tags: [], label: 'BLANK' }],
      removeFromWells: [{ position: 'A1', fields: ['SAMPLE'] }],
    });
  });

  it('a removal then a set of the same field sends the set alone', () => {
    const c = coalesceWells({ hrid: 'P' }, tag<WellIntent>([wellRemove('A1', ['SAMPLE']), wellSet('A1', 'S-9')]));
    expect(c.request.plate).toEqual({
      wells: [{ position: 'A1', sample: { id: 'S-9', labsheet: 'Samples' }, tags: [], label: '' }],
    });
  });

  it('merges fields set by different intents on one well', () => {
    const label: WellIntent = { type: 'well-set', manifest: { hrid: 'P' }, position: 'C3', label: 'BLANK' };
    const tags: WellIntent = { type: 'well-set', manifest: { hrid: 'P' }, position: 'C3', tags: ['qc'] };
    const c = coalesceWells({ hrid: 'P' }, tag<WellIntent>([label, tags]));
    expect(c.request.plate.wells).toEqual([{ position: 'C3', sample: null, label: 'BLANK', tags: ['qc'] }]);
  });

  it('every well element carries all four fields the spec marks required, whatever the intents gave', () => {
    const full: WellIntent = {
      type: 'well-set',
      manifest: { hrid: 'P' },
      position: 'D4',
      sample: { id: 'S-4', labsheet: 'Samples' },
      label: 'POS_CONTROL',
      tags: ['x'],
    };
    const control: WellIntent = {
      type: 'well-set',
      manifest: { hrid: 'P' },
      position: 'H12',
      sample: null,
      label: 'NEG_CONTROL',
      tags: [],
    };
    const c = coalesceWells({ hrid: 'P' }, tag<WellIntent>([full, control, wellSet('A1', 'S-1')]));
    for (const w of c.request.plate.wells ?? [])
      expect(Object.keys(w).sort()).toEqual(['label', 'position', 'sample', 'tags']);
    expect(c.request.plate.wells).toContainEqual({ position: 'H12', sample: null, label: 'NEG_CONTROL', tags: [] });
    expect(c.request.plate.wells).toContainEqual({
      position: 'D4',
      sample: { id: 'S-4', labsheet: 'Samples' },
      label: 'POS_CONTROL',
      tags: ['x'],
    });
  });

  it('a removal of everything a set gave leaves only the removal', () => {
    const label: WellIntent = { type: 'well-set', manifest: { hrid: 'P' }, position: 'C3', label: 'BLANK' };
    const c = coalesceWells({ hrid: 'P' }, tag<WellIntent>([label, wellRemove('C3', ['LABEL'])]));
    expect(c.request.plate).toEqual({ removeFromWells: [{ position: 'C3', fields: ['LABEL'] }] });
  });

  it('a full 384 plate is one request with 384 wells, every entry done on success', () => {
    const intents = Array.from({ length: 384 }, (_, i) =>
      wellSet(`${String.fromCharCode(65 + Math.floor(i / 24))}${(i % 24) + 1}`, `S-${i}`),
    );
    const c = coalesceWells({ hrid: 'P' }, tag<WellIntent>(intents));
    expect(c.request.plate.wells).toHaveLength(384);
    expect(c.outcomes({ success: true, message: '', data: { hrid: 'P' } }).every((o) => o.ok)).toBe(true);
  });
});

describe('coalescing assignments into one assign-location', () => {
  it('keeps the last position per id and maps results back by id', () => {
    const c = coalesceAssignments(
      tag<LocationAssignIntent>([assign('TB1', 'A1'), assign('TB2', 'A2'), assign('TB1', 'A3')]),
    );
    expect(c.request).toEqual({
      labsheet: 'Samples',
      locationId: 'BOX',
      idType: 'ID_BARCODE',
      assignments: [
        { id: 'TB2', position: 'A2' },
        { id: 'TB1', position: 'A3' },
      ],
    });
    const out = c.outcomes({ success: true, assignedPositions: [{ id: 'TB1', position: 'A3' }] });
    expect(out.map((o) => o.ok)).toEqual([true, false, true]);
  });

  it('an assignment with no position (not a manifest) is done on success though the answer lists no position for it', () => {
    const c = coalesceAssignments(tag<LocationAssignIntent>([assign('TB1', undefined), assign('TB2', 'A2')]));
    expect(c.request.assignments).toEqual([{ id: 'TB1' }, { id: 'TB2', position: 'A2' }]);
    // A position asked for and not listed still fails; so does anything when the service says no success.
    expect(c.outcomes({ success: true, assignedPositions: [] }).map((o) => o.ok)).toEqual([true, false]);
    expect(c.outcomes({ success: false, assignedPositions: [] }).map((o) => o.ok)).toEqual([false, false]);
    // `success` left out (the schema accepts it) on a 2xx: the tube sent with no position is done; on the
    // old code it failed as "The server did not assign TB1" (a 404), and again on every retry.
    expect(c.outcomes({ assignedPositions: [{ id: 'TB2', position: 'A2' }] }).map((o) => o.ok)).toEqual([true, true]);
    expect(c.outcomes({ assignedPositions: [] }).map((o) => o.ok)).toEqual([true, false]);
  });

  it('a tube the answer puts at another position than asked, or at none, is not done: the answer is said', () => {
    const c = coalesceAssignments(tag<LocationAssignIntent>([assign('TB1', 'A1'), assign('TB2', 'A02')]));
    // Taken as done on the old code: the app kept showing A1 while the service had B7.
    const out = c.outcomes({
      success: true,
      assignedPositions: [
        { id: 'TB1', position: 'B7' },
        { id: 'TB2', position: 'a2' },
      ],
    });
    expect(out[0]).toEqual({
      id: 1,
      ok: false,
      refused: true,
      message:
        'The service answered TB1 with "B7" in assignedPositions, not A1 as asked: look at the box on the service ' +
        'before sending it again',
    });
    // The same well however written (A02, a2).
    expect(out[1]).toEqual({ id: 2, ok: true });
    const none = c.outcomes({ success: true, assignedPositions: [{ id: 'TB1' }, { id: 'TB2', position: 'A2' }] });
    expect(none[0]).toMatchObject({
      ok: false,
      refused: true,
      message: expect.stringMatching(
        /^The service answered TB1 with no position in assignedPositions, not A1 as asked/,
      ),
    });
    expect(none[1]).toMatchObject({ ok: true });
  });

  it("the position a move leaves (`from`, the outbox's own record) is not sent: the spec's request has no such field", () => {
    const c = coalesceAssignments(
      tag<LocationAssignIntent>([{ ...assign('TB1', 'B2'), from: { locationId: 'BOX', position: 'A1' } }]),
    );
    expect(c.request).toEqual({
      labsheet: 'Samples',
      locationId: 'BOX',
      idType: 'ID_BARCODE',
      assignments: [{ id: 'TB1', position: 'B2' }],
    });
  });
});

describe('coalescing row updates into update-rows-by-id', () => {
  it("the spec's shape: single-key elements, each row's ID element first, later changes to a cell win", () => {
    const c = coalesceRows(
      tag<RowUpdateIntent>([
        rowUpdate('S-1', { Status: 'a', 'Volume uL': 5 }),
        rowUpdate('S-2', { Status: 'b' }),
        rowUpdate('S-1', { Status: 'c' }),
      ]),
    );
    expect(c.request).toEqual({
      labsheet: 'Samples',
      rows: [{ 'Sample ID': 'S-1' }, { Status: 'c' }, { 'Volume uL': 5 }, { 'Sample ID': 'S-2' }, { Status: 'b' }],
    });
    for (const element of c.request.rows) expect(typeof element === 'object' && Object.keys(element)).toHaveLength(1);
  });

  it('a change to the ID column itself is not sent (in this shape it would start another row)', () => {
    const c = coalesceRows(tag<RowUpdateIntent>([rowUpdate('S-1', { 'Sample ID': 'S-99', Status: 'a' })]));
    expect(c.request.rows).toEqual([{ 'Sample ID': 'S-1' }, { Status: 'a' }]);
  });

  it('a refusal naming an element points at the row it belongs to', () => {
    const c = coalesceRows(
      tag<RowUpdateIntent>([rowUpdate('S-1', { Status: 'a' }), rowUpdate('S-2', { Status: 'b', Notes: 'n' })]),
    );
    expect(c.entriesAt('rows[3]: Status must be one of …')).toEqual([2]);
    expect(c.entriesAt('rows[1]')).toEqual([1]);
  });

  it('an all-digit ID echoed back as a number (leading zeros gone) still matches its row', () => {
    const c = coalesceRows(tag<RowUpdateIntent>([rowUpdate('0042', { Status: 'a' })]));
    expect(
      c.outcomes(updateRowsByIdResponse.parse([{ ID: 42, updatedRows: [{ uuid: 'u', success: 'true' }] }]))[0],
    ).toMatchObject({ ok: true });
  });

  it('an ID with no updated rows fails as not found; its neighbours are done', () => {
    const c = coalesceRows(
      tag<RowUpdateIntent>([rowUpdate('S-1', { Status: 'a' }), rowUpdate('S-404', { Status: 'b' })]),
    );
    const out = c.outcomes([
      { ID: 'S-1', updatedRows: [{ uuid: 'u', success: true }] },
      { ID: 'S-404', updatedRows: [] },
    ]);
    expect(out[0]).toEqual({ id: 1, ok: true });
    expect(out[1]).toMatchObject({ id: 2, ok: false, message: expect.stringMatching(/Not found/) });
  });

  describe('an answer the service writes otherwise, element by element', () => {
    const two = () =>
      coalesceRows(tag<RowUpdateIntent>([rowUpdate('S-0001', { Status: 'a' }), rowUpdate('NOPE-1', { Status: 'b' })]));

    it.each([
      ['no updatedRows', { ID: 'NOPE-1' }],
      ['updatedRows null', { ID: 'NOPE-1', updatedRows: null }],
      ['a row result that is none', { ID: 'NOPE-1', updatedRows: ['x'] }],
    ])('%s: that row is not updated, the others are (the whole answer was unreadable: all done)', (_, odd) => {
      const answer = updateRowsByIdResponse.safeParse([
        { ID: 'S-0001', updatedRows: [{ uuid: 'u', success: 'true' }] },
        odd,
      ]);
      expect(answer.success).toBe(true);
      const out = two().outcomes(answer.data!);
      expect(out[0]).toEqual({ id: 1, ok: true });
      expect(out[1]).toMatchObject({ id: 2, ok: false });
    });

    it('"false" is no update, said as the service listing it; no success at all is an update (a 2xx listing the row)', () => {
      const out = two().outcomes(
        updateRowsByIdResponse.parse([
          { ID: 'S-0001', updatedRows: [{ uuid: 'u', success: 'false' }] },
          { ID: 'NOPE-1', updatedRows: [{ uuid: 'v', success: null }] },
        ]),
      );
      expect(out[0]).toMatchObject({
        ok: false,
        refused: true,
        message: 'The service listed the row of Samples with Sample ID = S-0001 as not updated',
      });
      // DESIGN: a 2xx to a write is a success even when its body is not understood; the row is listed updated.
      expect(out[1]).toEqual({ id: 2, ok: true });
    });

    it('an ID answered in parts, one of them "false", is not all applied', () => {
      const c = coalesceRows(tag<RowUpdateIntent>([rowUpdate('S-1', { Status: 'a' })]));
      const out = c.outcomes(
        updateRowsByIdResponse.parse([
          { ID: 'S-1', updatedRows: [{ uuid: 'u', success: 'true' }] },
          { ID: 'S-1', updatedRows: [{ uuid: 'w', success: 'false' }] },
        ]),
      );
      expect(out[0]).toMatchObject({ ok: false, message: expect.stringMatching(/updated 1 of the 2 rows/) });
    });
  });

  it('bounds a batch by distinct rows', () => {
    const entries = tag<RowUpdateIntent>(
      Array.from({ length: 1200 }, (_, i) => rowUpdate(`S-${i % 700}`, { Status: String(i) })),
    );
    const batch = takeRowBatch(entries, 500);
    expect(new Set(batch.map((e) => e.intent.id)).size).toBe(500);
    expect(batch).toHaveLength(500);
  });
});

describe('a row queued under its barcode and under its sample ID', () => {
  const names = (_labsheet: string, id: string) => (id === 'TB1' || id === 'S-1' ? ['S-1', 'TB1'] : [id]);
  const byBarcode = (changes: Record<string, string>): RowUpdateIntent => ({
    type: 'row-update',
    labsheet: 'Samples',
    idColumn: 'Tube Barcode',
    id: 'TB1',
    changes,
  });

  it('is one element, under its row ID (the most stable of its names), and the change made last wins', () => {
    const c = coalesceRows(
      tag<RowUpdateIntent>([
        byBarcode({ Status: 'a' }),
        rowUpdate('S-1', { Status: 'b', Notes: 'n' }),
        byBarcode({ Status: 'c' }),
      ]),
      new Map(),
      names,
    );
    expect(c.request.rows).toEqual([{ 'Sample ID': 'S-1' }, { Status: 'c' }, { Notes: 'n' }]);
    expect(c.entriesAt('rows[2]')).toEqual([1, 2, 3]);
  });

  it("each entry's outcome is read under the name the row was sent by", () => {
    const c = coalesceRows(
      tag<RowUpdateIntent>([byBarcode({ Status: 'a' }), rowUpdate('S-1', { Status: 'b' })]),
      new Map(),
      names,
    );
    const out = c.outcomes([{ ID: 'S-1', updatedRows: [{ uuid: 'u', success: true }] }]);
    expect(out.map((o) => o.ok)).toEqual([true, true]);
    const missed = c.outcomes([{ ID: 'S-1', updatedRows: [] }]);
    expect(missed.map((o) => (o.ok ? '' : o.message))).toEqual([
      'Not found: no row of Samples has Sample ID = S-1',
      'Not found: no row of Samples has Sample ID = S-1',
    ]);
  });

  it('sent under its barcode alone, it is done when the answer names the row by its ID (the spec\'s "ID value")', () => {
    const c = coalesceRows(tag<RowUpdateIntent>([byBarcode({ Status: 'a' })]), new Map(), names);
    expect(c.request.rows).toEqual([{ 'Tube Barcode': 'TB1' }, { Status: 'a' }]);
    // On the old code: "Not found: no row of Samples has Tube Barcode = TB1", though it was applied.
    expect(c.outcomes([{ ID: 'S-1', updatedRows: [{ uuid: 'u', success: true }] }])).toEqual([{ id: 1, ok: true }]);
    expect(c.outcomes([{ ID: 'S-1', updatedRows: [] }])[0]).toMatchObject({ ok: false, message: /Not found/ });
  });

  it("one row sent and one element answered: that element is the row's, under whatever name it comes back", () => {
    // The rows are not known here (ONLY_AS_QUEUED): the answer's name is one this computer cannot tie to it.
    const c = coalesceRows(tag<RowUpdateIntent>([byBarcode({ Status: 'a' }), byBarcode({ Notes: 'n' })]));
    expect(c.outcomes([{ ID: 'S-0001', updatedRows: [{ uuid: 'u', success: true }] }]).map((o) => o.ok)).toEqual([
      true,
      true,
    ]);
    // Two rows sent: an answer under a name neither was sent by ties to neither.
    const two = coalesceRows(tag<RowUpdateIntent>([byBarcode({ Status: 'a' }), rowUpdate('S-2', { Status: 'b' })]));
    expect(two.outcomes([{ ID: 'S-0001', updatedRows: [{ uuid: 'u', success: true }] }]).map((o) => o.ok)).toEqual([
      false,
      false,
    ]);
  });
});
