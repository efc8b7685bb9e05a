import { describe, expect, it } from 'vitest';
import { layoutFromTemplate, normalizePosition, positionsInOrder } from '../../../../shared/layout/positions.js';

const plate96 = { rows: 8, columns: 12 };
const plate384 = { rows: 16, columns: 24 };

describe('well positions', () => {
  it('normalises A01 to A1 and accepts lower case', () => {
    expect(normalizePosition('A01', plate96)).toBe('A1');
    expect(normalizePosition('h12', plate96)).toBe('H12');
    expect(normalizePosition(' C5 ', plate96)).toBe('C5');
  });
  it('refuses positions outside the layout and non-positions', () => {
    expect(normalizePosition('I1', plate96)).toBeNull();
    expect(normalizePosition('A13', plate96)).toBeNull();
    expect(normalizePosition('P24', plate384)).toBe('P24');
    expect(normalizePosition('A0', plate96)).toBeNull();
    expect(normalizePosition('TB000001', plate96)).toBeNull();
  });
  it('orders wells row-major and column-major', () => {
    expect(positionsInOrder(plate96, 'row-major').slice(0, 3)).toEqual(['A1', 'A2', 'A3']);
    expect(positionsInOrder(plate96, 'column-major').slice(0, 3)).toEqual(['A1', 'B1', 'C1']);
    expect(positionsInOrder(plate384, 'row-major')).toHaveLength(384);
  });
  it('guesses layouts from template names', () => {
    expect(layoutFromTemplate('96 Well Plate')).toEqual(plate96);
    expect(layoutFromTemplate('81 Slot Box')).toEqual({ rows: 9, columns: 9 });
    expect(layoutFromTemplate('Custom rack')).toBeNull();
    // Both sides named: the shorter is the rows, whichever comes first; the first number alone gave
    // 3 × 4, 4 × 6 and 2 × 3 for these.
    expect(layoutFromTemplate('12 x 8 Plate')).toEqual(plate96);
    expect(layoutFromTemplate('24x16 (384) plate')).toEqual({ rows: 16, columns: 24 });
    expect(layoutFromTemplate('6 × 16 rack')).toEqual({ rows: 6, columns: 16 });
    // A count of positions anywhere in the name, not only the first number.
    expect(layoutFromTemplate('Plate 2 (96 wells)')).toEqual(plate96);
    // Sides no plate has are no layout.
    expect(layoutFromTemplate('Shelf 1 x 100')).toBeNull();
  });
  it('reads a template name only when it says the layout unambiguously', () => {
    // The first number we know made this 3 × 4: a 384-well plate drawn so counted no used well.
    expect(layoutFromTemplate('Echo 12-col 384 plate')).toBeNull();
    expect(layoutFromTemplate('Rack 2 of 96')).toBeNull();
    // A count marked as one of wells wins over other numbers; the only number in the name is one too.
    expect(layoutFromTemplate('Echo 12-col 384-well plate')).toEqual(plate384);
    expect(layoutFromTemplate('Greiner 384')).toEqual(plate384);
    expect(layoutFromTemplate('384')).toEqual(plate384);
    expect(layoutFromTemplate('96well PCR plate')).toEqual(plate96);
    // Two different counts of wells say none.
    expect(layoutFromTemplate('96 well insert in 384 well frame')).toBeNull();
  });
});
