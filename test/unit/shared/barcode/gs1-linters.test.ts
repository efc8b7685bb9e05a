import { describe, expect, it } from 'vitest';
import { parseGs1HumanReadable } from '../../../../shared/barcode/gs1.js';
import { centuryYear, checkCset, gs1CheckDigit, lint } from '../../../../shared/barcode/gs1-linters.js';

const YEAR = { year: 2026 };
const read = (text: string) => parseGs1HumanReadable(text, YEAR);

describe('GS1 character sets', () => {
  // The characters a scanner on the wrong keyboard layout swaps in, and the space: none is CSET 82.
  it.each(['#', '$', '@', '[', '\\', ']', '^', '{', '|', '}', '~', ' ', '`', 'é'])('CSET 82 refuses %j', (ch) => {
    expect(checkCset('X', `AB${ch}1`)).toContain('position 3');
    expect(read(`(01)09506000134352(10)AB${ch}1`)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('CSET 82'),
    });
  });

  it('CSET 82 allows all 82 of its characters', () => {
    const all = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
    expect(all).toHaveLength(82);
    expect(checkCset('X', all)).toBeNull();
  });

  it('CSET 39 is digits, capitals, "#", "-" and "/"; (8010) uses it', () => {
    expect(checkCset('Y', '#-/09AZ')).toBeNull();
    expect(checkCset('Y', 'a')).toContain('CSET 39');
    expect(read('(8010)123456_')).toMatchObject({ ok: false, reason: expect.stringContaining('CSET 39') });
  });

  it('CSET 64 is base64url with at most two "=" of padding on a length divisible by 3; (8030) uses it', () => {
    expect(checkCset('Z', 'AZaz09-_')).toBeNull();
    expect(checkCset('Z', 'ABC:123')).toContain('CSET 64');
    expect(checkCset('Z', 'ABCDE=')).toBeNull();
    expect(checkCset('Z', '123=')).toContain('padding');
    expect(checkCset('Z', 'AB===')).toContain('padding');
  });

  it('numeric components refuse letters', () => {
    expect(read('(00)A23456789012345675')).toMatchObject({ ok: false, reason: expect.stringContaining('only digits') });
  });
});

describe('check digits the dictionary marks (csum)', () => {
  it('computes GS1 mod 10 from the right', () => {
    expect(gs1CheckDigit('0950600013435')).toBe(2);
    expect(gs1CheckDigit('10614141123456789')).toBe(7);
    expect(gs1CheckDigit('952012345678')).toBe(8);
  });

  it.each([
    ['(00)106141411234567897', '(00)106141411234567890'],
    ['(01)09506000134352', '(01)09506000134353'],
    ['(02)09506000134352(37)1(00)106141411234567897', '(02)09506000134353(37)1(00)106141411234567897'],
    ['(253)9520123456788ABC', '(253)9520123456787ABC'],
    ['(255)9520123456788123', '(255)9520123456789123'],
    ['(410)9520123456788', '(410)9520123456780'],
    ['(414)9520123456788', '(414)9520123456789'],
    ['(415)9520123456788(8020)REF1', '(415)9520123456781(8020)REF1'],
    ['(402)95201234567890122', '(402)95201234567890123'],
    ['(8003)095201234567880ABC', '(8003)095201234567870ABC'],
    ['(8006)095060001343520102', '(8006)095060001343530102'],
    ['(8017)123456789012345675', '(8017)123456789012345670'],
    ['(8018)123456789012345675', '(8018)123456789012345676'],
  ])('%s passes and %s is refused', (good, bad) => {
    expect(read(good).ok).toBe(true);
    expect(read(bad)).toMatchObject({ ok: false, reason: expect.stringContaining('wrong check digit') });
  });
});

describe('check character pairs (csumalpha) of (8013) GMN', () => {
  it('accepts the GS1 General Specifications example and refuses a changed pair', () => {
    expect(read('(8013)1987654Ad4X4bL5ttr2310c2K').ok).toBe(true);
    expect(read('(8013)1987654Ad4X4bL5ttr2310c2L')).toMatchObject({ ok: false, reason: expect.stringContaining('2K') });
    expect(read('(8013)123456ABXX')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('check character pair'),
    });
  });
});

describe('dates and times', () => {
  it.each([
    ['(17)271130', true],
    ['(17)271100', true], // day 00: the last day of the month, allowed for (17)
    ['(17)281301', false],
    ['(17)270431', false],
    ['(17)270229', false],
    ['(17)280229', true],
    ['(7006)271100', false], // yymmdd does not allow day 00
    ['(4326)201300', false],
    ['(4326)201200', false],
    ['(4324)2012252400', false],
    ['(4324)2012252360', false],
    ['(4324)2012252359', true],
    ['(8008)201225230060', false],
    ['(8008)2012252300', true],
    ['(7003)2611301299', false],
    ['(7003)2613301200', false],
    ['(7003)2611302359', true],
    ['(7011)271130', true],
    ['(7011)2711302400', false],
    ['(7250)20000229', true],
    ['(7250)19000229', false],
  ])('%s valid: %s', (text, valid) => {
    expect(read(text).ok).toBe(valid);
  });

  it('says what is wrong with a date in words', () => {
    expect(lint('yymmdd', '270431', YEAR)).toBe('is 31 April 2027, which does not exist (April has 30 days)');
    expect(lint('yymmd0', '271300', YEAR)).toBe('has month 13, which does not exist');
    expect(lint('hhmi', '2460', YEAR)).toBe('has hour 24, which does not exist');
    expect(lint('hhmi', '2399', YEAR)).toBe('has minute 99, which does not exist');
  });

  it('takes the century from the current year as GS1 does', () => {
    expect(centuryYear(76, 2026)).toBe(2076);
    expect(centuryYear(77, 2026)).toBe(1977);
    expect(centuryYear(0, 2099)).toBe(2100);
    // 2000 was a leap year and 2100 will not be: the century decides whether 29 February exists.
    expect(lint('yymmdd', '000229', { year: 2026 })).toBeNull();
    expect(lint('yymmdd', '000229', { year: 2090 })).toContain('does not exist');
  });
});

describe('the other linters, triggered through a real AI', () => {
  it.each([
    ['(8001)12340000012311', 'must not be zero'],
    ['(8001)12341234512321', 'must be 0, 1 or 9'],
    ['(8003)112345678901281234567890123456', 'must be 0'],
    ['(8011)023456789012', 'must not start with 0'],
    ['(4321)2', '0 (no) or 1 (yes)'],
    ['(7040)1AB=', 'must be one of'],
    ['(8007)FR1234', 'is not an IBAN'],
    ['(8007)FR12345678901234', 'wrong IBAN check'],
    ['(8026)123456789012310099', 'piece or total of zero'],
    ['(8026)123456789012310100', 'piece or total of zero'],
    ['(8026)123456789012310302', 'piece 3 of 2'],
    ['(4300)ABC%0g', 'two hex digits'],
    ['(4309)18000000010000000000', 'latitude'],
    ['(4309)00000000003600000001', 'longitude'],
    ['(4330)000000X', 'must be "-"'],
    ['(7252)5', '0, 1, 2 or 9'],
    ['(7258)111', 'position/total'],
    ['(7258)0/3', 'position/total'],
    ['(7258)2/1', 'position 2 of 1'],
    ['(8014)1987654Ad4X4bL5ttr2310c2K', null],
    ['(7241)11', 'media type'],
  ])('%s → %s', (text, problem) => {
    const r = read(text);
    if (problem === null) expect(r.ok).toBe(true);
    else expect(r).toMatchObject({ ok: false, reason: expect.stringContaining(problem) });
  });

  it('hasnondigit (for (8014)) wants a character other than a digit', () => {
    expect(lint('hasnondigit', '1234', YEAR)).toContain('other than a digit');
    expect(lint('hasnondigit', '12A4', YEAR)).toBeNull();
  });

  it('accepts valid values of the same AIs', () => {
    for (const text of [
      '(8001)12341234512301',
      '(8007)GB82WEST12345698765432',
      '(4330)001234-',
      '(7258)1/2',
      '(7241)01',
    ]) {
      expect(read(text).ok, text).toBe(true);
    }
  });
});
