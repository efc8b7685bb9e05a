import { describe, expect, it } from 'vitest';
import {
  attachImageRequest,
  createLabsheetRequest,
  fetchRowsResponse,
  manifestIdentifierQuery,
  rowPaginationViolation,
  updateManifestRequest,
} from '../../../../shared/api/index.js';

describe('tolerant response parsing', () => {
  it('reads success as "true" or true, and keeps extra properties out', () => {
    const a = fetchRowsResponse.parse({ headers: ['uuid'], rows: [], total: 0, success: 'true', extra: 1 });
    const b = fetchRowsResponse.parse({ headers: ['uuid'], rows: [], total: 0, success: true });
    expect(a.success).toBe(true);
    expect(b.success).toBe(true);
    expect('extra' in a).toBe(false);
  });

  it('reads CHECKBOX booleans and ATTACHED_FILES lists as text, and a numeric-string total as a number', () => {
    const r = fetchRowsResponse.parse({
      headers: ['uuid', 'QC', 'Files', 'N'],
      rows: [['u1', true, ['a.pdf', { name: 'b.png' }], 3]],
      total: '1',
      success: 'true',
    });
    expect(r.rows[0]).toEqual(['u1', 'true', 'a.pdf, b.png', 3]);
    expect(r.total).toBe(1);
  });

  it('refuses what no service may send: rows that are not arrays, a total that is not a count', () => {
    expect(fetchRowsResponse.safeParse({ headers: ['uuid'], rows: [{}], total: 1, success: true }).success).toBe(false);
    expect(fetchRowsResponse.safeParse({ headers: ['uuid'], rows: [], total: 'many', success: true }).success).toBe(
      false,
    );
  });
});

describe('create labsheet rules', () => {
  const id = { name: 'Sample ID', type: 'ID' };
  it('needs exactly one ID column', () => {
    expect(createLabsheetRequest.safeParse({ name: 'X', columns: [{ name: 'a', type: 'TEXT' }] }).success).toBe(false);
    expect(createLabsheetRequest.safeParse({ name: 'X', columns: [id, { name: 'b', type: 'ID' }] }).success).toBe(
      false,
    );
    expect(createLabsheetRequest.safeParse({ name: 'X', columns: [id] }).success).toBe(true);
  });
  it('limits names to 30 characters and column names to unique ones', () => {
    expect(createLabsheetRequest.safeParse({ name: 'x'.repeat(31), columns: [id] }).success).toBe(false);
    expect(createLabsheetRequest.safeParse({ name: 'x'.repeat(30), columns: [id] }).success).toBe(true);
    expect(
      createLabsheetRequest.safeParse({ name: 'X', columns: [id, { name: 'Sample ID', type: 'TEXT' }] }).success,
    ).toBe(false);
  });
  it('needs references on LIST columns and no name on magic columns', () => {
    expect(createLabsheetRequest.safeParse({ name: 'X', columns: [id, { name: 'L', type: 'LIST' }] }).success).toBe(
      false,
    );
    expect(
      createLabsheetRequest.safeParse({ name: 'X', columns: [id, { name: 'L', type: 'LIST', references: ['a'] }] })
        .success,
    ).toBe(true);
    expect(createLabsheetRequest.safeParse({ name: 'X', columns: [id, { type: 'LAST_MODIFIED' }] }).success).toBe(true);
  });
  it('accepts additional properties on labsheet and column objects', () => {
    const r = createLabsheetRequest.parse({ name: 'X', columns: [{ ...id, colour: 'red' }], owner: 'ada' });
    expect((r as Record<string, unknown>).owner).toBe('ada');
  });
});

describe('row pagination', () => {
  it('follows the limits', () => {
    expect(rowPaginationViolation(1, 1000)).toBeNull();
    expect(rowPaginationViolation(1, 1001)).toMatch(/at most 1000/);
    expect(rowPaginationViolation(0, 5)).toMatch(/indexed from 1/);
    expect(rowPaginationViolation(49, 1000)).toBeNull();
    expect(rowPaginationViolation(50, 1000)).toMatch(/less than 50000/);
  });
});

describe('manifest requests', () => {
  it('needs exactly one identifier for metadata', () => {
    expect(manifestIdentifierQuery.safeParse({}).success).toBe(false);
    expect(manifestIdentifierQuery.safeParse({ hrid: 'PL-0001', uuid: 'u' }).success).toBe(false);
    expect(manifestIdentifierQuery.safeParse({ barcode: 'PLT000001' }).success).toBe(true);
  });
  it('needs an entry and an identifier on update', () => {
    expect(updateManifestRequest.safeParse({ hrid: 'PL-0001', plate: {} }).success).toBe(false);
    expect(updateManifestRequest.safeParse({ plate: { wells: [{ position: 'A1', label: 'BLANK' }] } }).success).toBe(
      false,
    );
    expect(
      updateManifestRequest.safeParse({ hrid: 'PL-0001', plate: { wells: [{ position: 'A1', label: 'BLANK' }] } })
        .success,
    ).toBe(true);
    expect(updateManifestRequest.safeParse({ hrid: 'PL-0001', plate: { wells: [{ position: 'A1' }] } }).success).toBe(
      false,
    );
  });
});

describe('attach-image requests', () => {
  const base = { hrid: 'EXP-0001', image_uuid: 'f-1', image_name: 'gel.png', image_mime_type: 'image/png' };
  it('send only the position the spec shows (append)', () => {
    expect(attachImageRequest.safeParse({ ...base, position: 'append' }).success).toBe(true);
    expect(attachImageRequest.safeParse({ ...base, position: 'prepend' }).success).toBe(false);
    expect(attachImageRequest.safeParse(base).success).toBe(false);
  });
});
