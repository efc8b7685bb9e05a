import { describe, expect, it } from 'vitest';
import { fieldKind, toCell } from '../../../../../renderer/workflows/row-update/field-types.js';

describe('row field kinds', () => {
  const ids = ['Sample ID', 'Tube Barcode'];
  it('reads the kind from the value, and keeps identifying and service columns read-only', () => {
    expect(fieldKind('Volume uL', 42, ids)).toBe('number');
    expect(fieldKind('QC Passed', 'true', ids)).toBe('checkbox');
    expect(fieldKind('Received', '2026-09-01', ids)).toBe('date');
    expect(fieldKind('Notes', null, ids)).toBe('text');
    expect(fieldKind('Sample ID', 'S-1', ids)).toBe('readonly');
    expect(fieldKind('Last Modified', 'x', ids)).toBe('readonly');
  });
  it('converts input back to cells of that kind', () => {
    expect(toCell('number', '12.5')).toBe(12.5);
    expect(toCell('number', '')).toBeNull();
    expect(toCell('checkbox', true)).toBe('true');
    expect(toCell('text', 'received')).toBe('received');
  });
});
