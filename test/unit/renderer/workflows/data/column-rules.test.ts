import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  draftToRequest,
  effectiveName,
  fieldsFor,
  issuesAt,
  newColumn,
  splitReferences,
  type LabsheetDraft,
} from '../../../../../renderer/workflows/data/lib/column-rules.js';

const draft = (over: Partial<LabsheetDraft> = {}): LabsheetDraft => ({
  name: 'Extractions',
  folder: '',
  columns: [newColumn(1, 'ID', 'Extraction ID'), newColumn(2, 'NUMBER', 'Yield ng')],
  ...over,
});
const messagesAt = (d: LabsheetDraft, at: string) => {
  const r = checkDraft(d);
  return r.ok ? [] : issuesAt(r.issues, at);
};

describe('column editor rules', () => {
  it('accepts a valid draft and produces the request the shared schema accepts', () => {
    const r = checkDraft(draft({ folder: ' Inventory ' }));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.request).toMatchObject({ name: 'Extractions', folder: 'Inventory', waitRefresh: true });
      expect(r.request.columns).toEqual([
        { name: 'Extraction ID', type: 'ID' },
        { name: 'Yield ng', type: 'NUMBER' },
      ]);
    }
  });

  it('labsheet name: required and at most 30 characters', () => {
    expect(messagesAt(draft({ name: '   ' }), 'name')).toEqual(['must not be empty']);
    expect(messagesAt(draft({ name: 'x'.repeat(31) }), 'name')).toEqual(['at most 30 characters']);
    expect(checkDraft(draft({ name: 'x'.repeat(30) })).ok).toBe(true);
  });

  it('exactly one ID column', () => {
    expect(messagesAt(draft({ columns: [newColumn(1, 'TEXT', 'A')] }), 'columns')[0]).toMatch(
      /exactly one column of type ID .*found 0/,
    );
    const two = [newColumn(1, 'ID', 'A'), newColumn(2, 'ID', 'B')];
    expect(messagesAt(draft({ columns: two }), 'columns')[0]).toMatch(/found 2/);
  });

  it('column names: required, at most 30 characters, unique (ignoring case)', () => {
    const cols = [
      newColumn(1, 'ID', 'Tube'),
      newColumn(2, 'TEXT', ''),
      newColumn(3, 'TEXT', 'y'.repeat(31)),
      newColumn(4, 'TEXT', 'tube'),
    ];
    const d = draft({ columns: cols });
    expect(messagesAt(d, 'columns.1.name')).toEqual(['must not be empty']);
    expect(messagesAt(d, 'columns.2.name')).toEqual(['at most 30 characters']);
    expect(messagesAt(d, 'columns.3.name')[0]).toMatch(/"tube" is already used by column 1/);
  });

  it('reports an exact duplicate once, not twice', () => {
    const d = draft({ columns: [newColumn(1, 'ID', 'Tube'), newColumn(2, 'TEXT', 'Tube')] });
    expect(messagesAt(d, 'columns.1.name')).toHaveLength(1);
  });

  it('LIST columns need references; they are split on commas and trimmed', () => {
    const list = { ...newColumn(2, 'LIST', 'Status'), references: ' ' };
    expect(messagesAt(draft({ columns: [newColumn(1, 'ID', 'Tube'), list] }), 'columns.1.references')).toEqual([
      'LIST columns need references',
    ]);
    list.references = 'received, in use,,depleted ';
    const r = checkDraft(draft({ columns: [newColumn(1, 'ID', 'Tube'), list] }));
    expect(r.ok && r.request.columns[1]).toMatchObject({ references: ['received', 'in use', 'depleted'] });
    expect(splitReferences('a,,b')).toEqual(['a', 'b']);
  });

  it('magic columns have fixed names: no name is sent and the fixed one counts for uniqueness', () => {
    const magic = { ...newColumn(3, 'LAST_MODIFIED'), name: 'whatever' };
    expect(effectiveName(magic)).toBe('Last Modified');
    const ok = checkDraft(draft({ columns: [newColumn(1, 'ID', 'Tube'), magic] }));
    expect(ok.ok && ok.request.columns[1]).toEqual({ type: 'LAST_MODIFIED' });
    const clash = draft({ columns: [newColumn(1, 'ID', 'Tube'), newColumn(2, 'TEXT', 'last modified'), magic] });
    expect(messagesAt(clash, 'columns.2.name')[0]).toMatch(/LAST_MODIFIED has the fixed name "Last Modified"/);
    const twice = draft({
      columns: [newColumn(1, 'ID', 'Tube'), newColumn(2, 'EXPERIMENTS'), newColumn(3, 'EXPERIMENTS')],
    });
    expect(checkDraft(twice).ok).toBe(false);
  });

  it('sends only the fields that apply to a column type', () => {
    const lookup = {
      ...newColumn(2, 'LOOKUP', 'Donor'),
      labsheet: 'Donors',
      linkColumn: 'Donor ID',
      lookupColumnName: 'Age',
      formula: 'ignored',
      references: 'ignored',
    };
    const req = draftToRequest(draft({ columns: [newColumn(1, 'ID', 'Tube'), lookup] }));
    expect(req.columns[1]).toEqual({
      name: 'Donor',
      type: 'LOOKUP',
      labsheet: 'Donors',
      linkColumn: 'Donor ID',
      lookupColumnName: 'Age',
    });
    expect(fieldsFor('FORMULA')).toEqual(['formula']);
    expect(fieldsFor('LINK')).toEqual(['labsheet', 'linkColumn']);
    expect(fieldsFor('TEXT')).toEqual([]);
  });

  it('an empty column list is refused before anything else', () => {
    expect(messagesAt(draft({ columns: [] }), 'columns')).toContain('at least one column');
  });

  it('refuses a second ID_BARCODE column before anything is sent (a service answers it 422, said bare)', () => {
    const d = draft({
      columns: [newColumn(1, 'ID', 'Tube'), newColumn(2, 'ID_BARCODE', 'BC1'), newColumn(3, 'ID_BARCODE', 'BC2')],
    });
    expect(checkDraft(d).ok).toBe(false);
  });
});
