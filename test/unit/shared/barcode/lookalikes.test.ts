import { describe, expect, it } from 'vitest';
import { classifyScan } from '../../../../shared/barcode/classify.js';
import { plainForm } from '../../../../shared/barcode/lookalikes.js';
import { classify, garbageSaid } from '../../../../renderer/lib/scan-input/scan-kind.js';
import { randInt, seededRandom } from '../../../helpers/seeded-random.js';

/**
 * Reads that look exactly like a code we know but hold other characters: typed by an input method (IME)
 * in full-width forms, or pasted from a document with another alphabet's letters, a typographic dash or
 * an invisible character. On the old code each was refused "no pattern matched", nothing said why, and
 * an invisible character at the end of a pasted code refused the code. They are still refused (never
 * recorded as their plain form), now saying what is in them and what they would read as.
 */
describe('a read holding characters drawn like a code we know', () => {
  it.each([
    ['ＴＢ０００００１', 'it was typed in full-width characters', 'tube barcode TB000001', 'turn the input method'],
    [
      '＃ＣＭＤ：ＵＮＤＯ',
      'it was typed in full-width characters',
      'a command barcode (#CMD:UNDO)',
      'turn the input method',
    ],
    ['ТВ000011', 'Т, В are Cyrillic letters', 'tube barcode TB000011', 'type the code'],
    ['ΒΟΧ000001', 'Β, Ο, Χ are Greek letters', 'box barcode BOX000001', 'type the code'],
    ['PLТ000001', 'Т is a Cyrillic letter', 'plate barcode PLT000001', 'type the code'],
    ['S–0011', '– (U+2013) is a dash', 'sample ID S-0011', 'type the code'],
    ['S\u20110011', '‑ (U+2011) is a dash', 'sample ID S-0011', 'type the code'],
    [
      'TB00\u00a00011',
      'an invisible no-break space (U+00A0) is at position 5',
      'tube barcode TB000011',
      'type the code',
    ],
    [
      'TB\u200b000011',
      'an invisible zero-width space (U+200B) is at position 3',
      'tube barcode TB000011',
      'type the code',
    ],
  ])('%s: refused, saying "%s" and what it reads as', (read, found, readsAs, advice) => {
    const c = classifyScan(read);
    expect(c.kind).toBe('unknown');
    expect(c.why).toContain(`no pattern matched; ${found}`);
    expect(c.why).toContain(`. In plain characters this is ${readsAs}: ${advice}`);
    expect(c.cause).toBe(c.why.replace('no pattern matched; ', ''));
    // The bench refuses it in those words, and records nothing.
    const onBench = classify(read);
    expect(onBench.garbage).toBe(true);
    expect(garbageSaid(onBench)).toBe(`Nothing recorded: ${c.cause}`);
    expect(garbageSaid(onBench)).toContain(found);
  });

  it('invisible characters at the ends of a read are trimmed with its terminator: the code is read', () => {
    for (const read of [
      'TB000011\u00a0',
      '\ufeffTB000011',
      'TB000011\u200b\r\n',
      '\u2060 PLT000001 \u202f',
      'S-0011\u3000',
    ]) {
      const c = classifyScan(read);
      expect(c.kind, JSON.stringify(read)).not.toBe('unknown');
      expect(c.value).toBe(read.replace(/[^A-Z0-9-]/g, ''));
    }
  });

  it('says nothing more when the plain form is no code we know either, or when there is nothing drawn alike', () => {
    for (const read of ['Привет', 'ТВ-ЖЖ', 'ＡＢＣ', 'S–X', 'hello', 'TB 000011', 'hx 12']) {
      expect(classifyScan(read).why, read).toBe('no pattern matched');
    }
    expect(plainForm('TB000011')).toBeNull();
    expect(plainForm('Ölprobe 7')).toBeNull();
  });

  it('seeded: a known code with any of its characters swapped for a look-alike is never read as a code, and is named', () => {
    const rand = seededRandom(20261129);
    const alike: Record<string, string[]> = {
      T: ['Т', 'Τ', 'Ｔ'],
      B: ['В', 'Β', 'Ｂ'],
      O: ['О', 'Ο', 'Ｏ'],
      X: ['Х', 'Χ', 'Ｘ'],
      P: ['Р', 'Ρ', 'Ｐ'],
      '-': ['–', '—', '‐', '−', '－'],
      '0': ['０'],
      '1': ['１'],
    };
    const codes = ['TB000011', 'BOX000001', 'PLT000001', 'S-0011', 'TB000140', 'S-0003'];
    for (const code of codes) expect(classifyScan(code).kind, code).not.toBe('unknown');
    for (let i = 0; i < 500; i++) {
      const code = codes[randInt(rand, 0, codes.length - 1)]!;
      const chars = [...code];
      const swappable = chars.flatMap((ch, at) => (alike[ch] ? [at] : []));
      const at = swappable[randInt(rand, 0, swappable.length - 1)]!;
      const options = alike[chars[at]!]!;
      chars[at] = options[randInt(rand, 0, options.length - 1)]!;
      if (rand() < 0.3) chars.splice(randInt(rand, 1, chars.length - 1), 0, '\u200b');
      const read = chars.join('');
      const c = classifyScan(read);
      expect(c.kind, read).toBe('unknown');
      expect(c.why, read).toMatch(new RegExp(`In plain characters this is .*${code}: `));
      expect(classify(read).garbage, read).toBe(true);
    }
  });
});

describe('a code typed by hand with letters for the digits they look like', () => {
  it.each([
    ['TB00O011', 'the letter O in place of the digit 0', 'tube barcode TB000011'],
    ['TBOOOO11', 'the letter O in place of the digit 0', 'tube barcode TB000011'],
    ['S-0Ol1', 'the letter O in place of the digit 0 and the letter l in place of the digit 1', 'sample ID S-0011'],
    ['BOX00000I', 'the letter I in place of the digit 1', 'box barcode BOX000001'],
    ['plt0o0001', 'the letter o in place of the digit 0', 'plate barcode PLT000001'],
  ])('%s: the likely cause names the letters and the code', (read, letters, readsAs) => {
    // On the old code "no pattern matched" and, plausible as a lab's own code, an unknown sample.
    const c = classifyScan(read);
    expect(c.kind).toBe('unknown');
    expect(c.cause).toBe(`it has ${letters}; with digits this is ${readsAs}: type the code again or scan the label`);
  });

  it("leaves the letters of a code's own name, and reads whose digits make no code we know", () => {
    for (const read of ['BOXOLD1', 'HELLO1', 'OLIO', 'TBOO', 'LOT-0O1', 'S-OOXX']) {
      expect(classifyScan(read).cause, read).toBeUndefined();
    }
    expect(classifyScan('BOX000001').kind).toBe('box');
  });
});

describe('a well position written otherwise than a position is scanned', () => {
  const layout = { rows: 8, columns: 12 };
  it.each([
    ['A-1', 'written A-1, this is position A1'],
    ['a:01', 'written a:01, this is position A1'],
    ['H/12', 'written H/12, this is position H12'],
    ['12H', 'written 12H (column first), this is position H12'],
  ])('%s: the likely cause names the position', (read, said) => {
    // On the old code "no pattern matched": plausible as a lab's own code, A-1 was looked up as a sample.
    const c = classifyScan(read, { layout });
    expect(c.kind).toBe('unknown');
    expect(c.cause).toBe(`${said}: scan or type it as ${said.split(' ').at(-1)}`);
  });

  it.each([
    ['A-13', 'A13', 'written A-13, this is position A13'],
    ['I-1', 'I1', 'written I-1, this is position I1'],
    ['13A', 'A13', 'written 13A (column first), this is position A13'],
  ])('%s, outside the open plate, is that position outside it, as %s is', (read, position, said) => {
    // On the old code "no pattern matched": asked about as a sample, "Use it anyway" recorded it in a well.
    const c = classifyScan(read, { layout });
    expect(c).toMatchObject({ kind: 'unknown', normalized: position, outsideLayout: true, cause: said });
    expect(classifyScan(position, { layout })).toMatchObject({ normalized: position, outsideLayout: true });
  });

  it("not with no plate open, nor of a lab's code", () => {
    // Row update has no plate: R-001 is the demo lab's reagent, and was "misread" as well R1.
    expect(classifyScan('A-1').cause).toBeUndefined();
    expect(classifyScan('R-001', { layout: { rows: 26, columns: 48 } }).cause).toBeUndefined();
    expect(classifyScan('S-11', { layout }).kind).toBe('sample-id');
  });
});
