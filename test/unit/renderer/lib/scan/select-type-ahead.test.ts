import { describe, expect, it } from 'vitest';
import { SelectTypeAhead, type SelectLike } from '../../../../../renderer/lib/scan/select-type-ahead.js';

/** Letters the wedge gave back to a dropdown choose its option as Chromium's own type-ahead would. */
function select(labels: string[], disabled: number[] = []): SelectLike {
  return {
    tagName: 'SELECT',
    selectedIndex: 0,
    options: labels.map((label, i) => ({ label, disabled: disabled.includes(i) })),
  };
}

describe('select type-ahead', () => {
  const order = ['Across rows (A1, A2, …)', 'Down columns (A1, B1, …)'];

  it('a letter picks the next option starting with it, in any case, and wraps round', () => {
    const s = select(order);
    const t = new SelectTypeAhead();
    expect(t.choose(s, ['D'], 0).index).toBe(1);
    s.selectedIndex = 1;
    expect(t.choose(s, ['d'], 2_000).index).toBe(1); // the only "d" option: it stays
    expect(t.choose(s, ['a'], 4_000).index).toBe(0);
  });

  it('letters within a second make one prefix; the same letter again cycles; disabled options are skipped', () => {
    const s = select(['Blank', 'Down rows', 'Diagonal', 'Down columns', 'Dilution'], [1]);
    const t = new SelectTypeAhead();
    expect(t.choose(s, ['d'], 0).index).toBe(2);
    s.selectedIndex = 2;
    expect(t.choose(s, ['o'], 300).index).toBe(3); // "do": Down rows is disabled
    s.selectedIndex = 3;
    expect(t.choose(s, ['d'], 2_000).index).toBe(4); // a new prefix after a pause: the next "d"
    s.selectedIndex = 4;
    expect(t.choose(s, ['d'], 2_300).index).toBe(2); // "dd" cycles, wrapping round
    expect(t.choose(s, ['x'], 5_000).index).toBeNull(); // nothing matches: the choice stays
  });

  it('a space opens the list when no prefix is being typed, and is part of a prefix when one is', () => {
    const s = select(['Across rows', 'Down columns', 'Down rows']);
    const t = new SelectTypeAhead();
    expect(t.choose(s, [' '], 0)).toEqual({ index: null, open: true });
    expect(t.choose(s, ['d', 'o', 'w', 'n', ' ', 'r'], 3_000)).toEqual({ index: 2, open: false });
    expect(t.choose(s, [' '], 6_000)).toEqual({ index: null, open: true });
  });
});
