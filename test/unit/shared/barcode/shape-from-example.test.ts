import { describe, expect, it } from 'vitest';
import { shapeFromExample, shapeWords } from '../../../../shared/barcode/shape-from-example.js';

describe('a barcode shape from one example', () => {
  it.each([
    ['P000123', '^P\\d{6}$', 'P then 6 digits'],
    ['FRZ-0042', '^FRZ-\\d{4}$', 'FRZ- then 4 digits'],
    ['FX12345678', '^FX\\d{8}$', 'FX then 8 digits'],
    ['0123456789', '^\\d{10}$', '10 digits'],
    ['AB12-C3', '^AB\\d{2}-C\\d{1}$', 'AB then 2 digits then -C then 1 digit'],
    ['  RK0007 ', '^RK\\d{4}$', 'RK then 4 digits'],
  ])('%s → %s, said "%s"', (example, pattern, words) => {
    expect(shapeFromExample(example)).toEqual({ pattern, words });
  });

  it("keeps the example's punctuation as it is, never as regular-expression syntax", () => {
    const shape = shapeFromExample('L.1(2)+x')!;
    expect(shape.pattern).toBe('^L\\.\\d{1}\\(\\d{1}\\)\\+x$');
    expect(shape.words).toBe('L. then 1 digit then ( then 1 digit then )+x');
    const re = new RegExp(shape.pattern);
    expect(re.test('L.7(3)+x')).toBe(true);
    expect(re.test('LA7(3)+x')).toBe(false);
  });

  it('takes codes like the example, not longer or shorter runs of digits', () => {
    const re = new RegExp(shapeFromExample('P000123')!.pattern, 'i');
    expect(['P000123', 'P999999', 'p000001'].every((c) => re.test(c))).toBe(true);
    expect(['P00012', 'P0001234', 'PL000123', 'XP000123'].some((c) => re.test(c))).toBe(false);
  });

  it('has nothing to make from an empty example', () => {
    expect(shapeFromExample('')).toBeNull();
    expect(shapeFromExample('   ')).toBeNull();
  });
});

describe('a shape in plain words', () => {
  it('says a hand-edited shape of the same kind in words', () => {
    expect(shapeWords('^P\\d+$')).toBe('P then digits');
    expect(shapeWords('^FRZ-\\d{4}$')).toBe('FRZ- then 4 digits');
  });

  it('says nothing of any other regular expression (the screen shows it as it is)', () => {
    for (const p of ['^[A-Z]\\d+$', 'P\\d{6}', '^P\\w{6}$', '^(P|Q)\\d{6}$', '^P.\\d$', '^$'])
      expect(shapeWords(p), p).toBeNull();
  });
});
