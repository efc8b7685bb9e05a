import { afterEach, describe, expect, it } from 'vitest';
import { classify, useLabShapes } from '../../../../../renderer/lib/scan-input/scan-kind.js';
import { exampleRead, shapeRefusals } from '../../../../../renderer/workflows/settings/shape-example.js';

const bare = { prefix: '', suffix: '' };
const PLATE = { kind: 'plate' as const, pattern: '^P\\d{6}$', flags: 'i', example: 'P000123' };

afterEach(() => useLabShapes([]));

describe('Settings → Barcode shapes: the example scanned or typed', () => {
  it('proposes the shape of the code as scanning reads it: framing and AIM prefix off', () => {
    expect(exampleRead('~]C0P000123*', { prefix: '~', suffix: '*' }, 'plate')).toEqual({
      ok: true,
      code: 'P000123',
      pattern: '^P\\d{6}$',
      words: 'P then 6 digits',
      note: null,
    });
  });

  it('says why a position, a command, GS1 data or garbage cannot be an example', () => {
    expect(exampleRead('A01', bare, 'tube')).toEqual({
      ok: false,
      said: 'A01 is a well position (A1): a shape cannot take it.',
    });
    expect(exampleRead('#CMD:UNDO', bare, 'tube')).toMatchObject({
      ok: false,
      said: expect.stringContaining('command barcode'),
    });
    expect(exampleRead(']C14149520123456788', bare, 'tube')).toMatchObject({
      ok: false,
      said: expect.stringContaining('GS1'),
    });
    expect(exampleRead('a b c', bare, 'tube')).toMatchObject({
      ok: false,
      said: expect.stringContaining('cannot be an example'),
    });
    expect(exampleRead('  ', bare, 'tube')).toEqual({ ok: false, said: 'Scan or type a code first.' });
  });

  it('needs no shape for a code of that kind already, and says what changes for one of another kind', () => {
    expect(exampleRead('PLT000007', bare, 'plate')).toMatchObject({
      ok: false,
      said: expect.stringContaining('is read as a plate already'),
    });
    useLabShapes([PLATE]);
    expect(exampleRead('P000999', bare, 'plate')).toMatchObject({
      ok: false,
      said: expect.stringContaining('is read as a plate already'),
    });
    expect(exampleRead('TB12', bare, 'sample-id')).toMatchObject({
      ok: true,
      pattern: '^TB\\d{2}$',
      note: 'TB12 reads as a tube now; with this shape it will be a sample ID.',
    });
  });

  it("refuses a shape with main's reasons before it is sent", () => {
    expect(shapeRefusals({ ...PLATE, pattern: '^P(' }, [])).toEqual(['pattern is not a valid regular expression']);
    expect(shapeRefusals({ kind: 'tube', pattern: '^P\\d{6}$', flags: 'i', example: 'P000124' }, [PLATE])).toEqual([
      "the plate shape P then 6 digits also takes P000124 (the example of your tube shape P then 6 digits): make it narrower (more of the code's own letters, or an exact number of digits)",
    ]);
    expect(shapeRefusals({ kind: 'box', pattern: '^FRZ-\\d{4}$', flags: 'i', example: 'FRZ-0042' }, [PLATE])).toEqual(
      [],
    );
  });
});

describe("every screen's classifier, with the lab's shapes handed over", () => {
  it('reads them, and the built-in ones again once they are gone', () => {
    expect(classify('P000124').kind).toBe('unknown');
    useLabShapes([PLATE]);
    expect(classify('p000124')).toMatchObject({ kind: 'plate', value: 'P000124', garbage: false });
    expect(classify('PLT000001').kind).toBe('plate');
    useLabShapes([]);
    expect(classify('P000124').kind).toBe('unknown');
  });
});
