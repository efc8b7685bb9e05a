import { describe, expect, it } from 'vitest';
import { createClassifier } from '../../../../shared/barcode/classify.js';
import { GS } from '../../../../shared/barcode/gs1.js';
import { classify as benchClassify } from '../../../../renderer/lib/scan-input/scan-kind.js';

// A fixed clock: two-digit years resolve against 2026, whatever year the tests run in.
const classify = createClassifier({}, { now: () => Date.UTC(2026, 5, 1) });

describe('a GS1 read that fails to parse is refused with its reason, never an ID (issue 17)', () => {
  it.each([
    ['010950600013435310X', 'wrong check digit'],
    [']C1010950600013435310X', 'wrong check digit'],
    [']C1010950600013435217271301', 'month 13'],
    [']C10109506000134352' + '10' + 'L'.repeat(21), 'longer than the 20 allowed'],
    [']C1010950600013435217270431', '31 April 2027, which does not exist'],
    [']C1010950600013435217270229', '29 February 2027, which does not exist'],
    [']C101095060001343', 'needs 14'],
    [']C100106141411234567898', 'wrong check digit'],
    ['0109506000134352172704311', '31 April 2027'],
    ['(01)09506000134353', 'wrong check digit'],
    ['(10)ABC', undefined],
    [`${GS}0109506000134353`, 'wrong check digit'],
    [`0109506000134352${GS}10AB#1`, 'CSET 82'],
    [']C1010950600013435270032613301200', 'month 13'],
    [']C1010950600013435270032611302399', 'minute 99'],
    [']C1010950600013435270032611302460', 'hour 24'],
    [']d20109506000134352' + GS + '0209506000134352', 'must not appear together'],
    [`]C1010950600013435210A${GS}10B`, 'appears twice with different values'],
    [']C1' + '89ABC', 'no GS1 application identifier at "89ABC"'],
    [']C1' + '0109506000134352' + '3106000123', '(3106) is not a GS1 application identifier'],
  ])('%j is refused (%s)', (read, reason) => {
    const c = classify(read);
    if (reason === undefined) {
      expect(c.kind).toBe('gs1');
      return;
    }
    expect(c).toMatchObject({ kind: 'unknown', rejected: true, reason: expect.stringContaining(reason) });
    expect(c.why).toBe(c.reason);
    const bench = benchClassify(read);
    expect(bench.garbage).toBe(true);
    expect(bench.refusal).toContain(reason);
  });

  it('still lets a lab pattern claim text that only resembles GS1 without saying so', () => {
    const lab = createClassifier({ rules: [{ kind: 'tube', pattern: '^\\d{16}$', flags: '' }] });
    expect(lab('0109506000134353')).toMatchObject({ kind: 'tube' });
    expect(lab(']C10109506000134353')).toMatchObject({ kind: 'unknown', rejected: true });
  });
});

describe('GS1 reads that must classify (issue 17 and 21)', () => {
  it('a ]d2 DataMatrix with the lot first: gs1, with what the label lacks noted', () => {
    const c = classify(`]d210LOT-7${GS}17261130`);
    expect(c).toMatchObject({ kind: 'gs1', symbology: 'gs1-datamatrix', gs1: { lot: 'LOT-7', expiry: '2026-11-30' } });
    expect(c.gs1?.unmet[0]).toContain('(10) Batch or lot number needs (01)');
    expect(c.why).toContain('not on this label');
  });

  it('a ]C1 SSCC', () => {
    expect(classify(']C100106141411234567897')).toMatchObject({
      kind: 'gs1',
      symbology: 'gs1-128',
      normalized: '(00)106141411234567897',
      gs1: { sscc: '106141411234567897' },
    });
  });

  it('the German pharma number (710)12345 stays (710)', () => {
    expect(classify(']C1010950600013435271012345').normalized).toBe('(01)09506000134352(710)12345');
    expect(classify('(710)12345').normalized).toBe('(710)12345');
  });

  it('(414) with a valid check digit, and DotCode ]J1 as GS1 while ]J0 is plain', () => {
    expect(classify(']C14149520123456788').kind).toBe('gs1');
    expect(classify(']C14149520123456789').rejected).toBe(true);
    expect(classify(']J1010950600013435210ABC')).toMatchObject({ kind: 'gs1', symbology: 'gs1-dotcode' });
    expect(classify(']J0TB0001')).toMatchObject({ kind: 'tube', symbology: 'dotcode' });
  });

  it('an FNC1-separated read whose AIM prefix the scanner dropped', () => {
    expect(classify(`10LOT-7${GS}17261130`)).toMatchObject({ kind: 'gs1', gs1: { lot: 'LOT-7' } });
  });
});

describe('web addresses', () => {
  it('a GS1 Digital Link becomes kind gs1, marked as a Digital Link', () => {
    const c = classify('https://id.gs1.org/01/09506000134352/10/ABC123?17=271130');
    expect(c).toMatchObject({
      kind: 'gs1',
      normalized: '(01)09506000134352(10)ABC123(17)271130',
      gs1: { source: 'digital-link', gtin: '09506000134352', lot: 'ABC123', expiry: '2027-11-30' },
    });
    expect(classify(']Q1https://id.gs1.org/01/09506000134352/10/ABC123')).toMatchObject({
      kind: 'gs1',
      symbology: 'qr',
    });
  });

  it('any other web address is refused as such, and never recorded', () => {
    for (const url of ['https://example.com/tube/TB0001', 'http://lab.local/?id=TB1&x=%20', 'www.example.com']) {
      expect(classify(url), url).toMatchObject({ kind: 'unknown', rejected: true, reason: 'a web address, not an ID' });
      expect(benchClassify(url).garbage).toBe(true);
    }
  });

  it('an invalid Digital Link is refused with the reason', () => {
    const c = classify('https://id.gs1.org/01/09506000134353/10/ABC123');
    expect(c).toMatchObject({ rejected: true, reason: expect.stringContaining('not a valid GS1 Digital Link') });
    expect(c.reason).toContain('wrong check digit');
  });
});

describe('EAN/UPC reads', () => {
  it('a product EAN-13 is GS1 data carrying its GTIN', () => {
    expect(classify(']E04006381333931')).toMatchObject({
      kind: 'gs1',
      symbology: 'ean-13',
      normalized: '(01)04006381333931',
      gs1: { source: 'ean-upc', gtin: '04006381333931' },
    });
  });

  it('a wrong check digit is refused', () => {
    expect(classify(']E04006381333932')).toMatchObject({
      rejected: true,
      reason: expect.stringContaining('check digit'),
    });
    expect(classify(']E496385075')).toMatchObject({ rejected: true });
    expect(classify(']E112')).toMatchObject({ rejected: true, reason: expect.stringContaining('add-on') });
  });

  it("a restricted-circulation number is the lab's own: its patterns decide", () => {
    const lab = createClassifier({ rules: [{ kind: 'tube', pattern: '^2\\d{12}$', flags: '' }] });
    expect(lab(']E02001234567893')).toMatchObject({ kind: 'tube', value: '2001234567893', symbology: 'ean-13' });
    expect(classify(']E02001234567893')).toMatchObject({ kind: 'unknown', why: expect.stringContaining('restricted') });
    expect(classify(']E02001234567893').rejected).toBeUndefined();
  });
});

describe('command barcodes', () => {
  it.each(['#cmd:undo', '#Cmd:Undo', '#CMD:UNDO', '#cmd:next_plate'])('%s is a command whatever the case', (read) => {
    expect(classify(read).kind).toBe('command');
  });

  it('a lab prefix is case-insensitive too', () => {
    expect(createClassifier({ commandPrefix: 'Go!' })('go!DONE').command).toBe('done');
  });
});
