import { describe, expect, it } from 'vitest';
import { expandUpcE, isRestrictedCirculation, parseEanUpc } from '../../../../shared/barcode/ean-upc.js';

describe('EAN/UPC by AIM modifier', () => {
  it.each([
    ['0', '4006381333931', 'EAN-13', '04006381333931'],
    ['0', '0012345678905', 'UPC-A', '00012345678905'],
    ['0', '012345678905', 'UPC-A', '00012345678905'],
    ['0', '01234565', 'UPC-E', '00012345000065'],
    ['4', '96385074', 'EAN-8', '00000096385074'],
    ['3', '400638133393112', 'EAN-13', '04006381333931'],
    ['3', '978020137962451299', 'EAN-13', '09780201379624'],
  ])(']E%s %s is a valid %s carrying GTIN %s', (modifier, payload, format, gtin) => {
    expect(parseEanUpc(modifier, payload)).toMatchObject({ ok: true, format, gtin });
  });

  it('keeps the add-on of ]E3', () => {
    expect(parseEanUpc('3', '978020137962451299')).toMatchObject({ ok: true, addOn: '51299' });
    expect(parseEanUpc('3', '400638133393112')).toMatchObject({ ok: true, addOn: '12' });
  });

  it.each([
    ['0', '4006381333932', 'the last digit should be 1'],
    ['0', '012345678906', 'the last digit should be 5'],
    ['0', '01234566', 'UPC-E 01234566 has a wrong check digit'],
    ['0', '21234565', 'must start with 0 or 1'],
    ['4', '96385075', 'EAN-8 96385075 has a wrong check digit'],
    ['4', '9638507', 'must have 8 digits'],
    ['0', '123456789', 'of 9 digits'],
    ['0', '40063813339X1', 'digits only'],
    ['3', '4006381333931123', '15 or 18 digits'],
    ['3', '400638133393212', 'wrong check digit'],
    ['1', '12', 'add-on (2 digits) read without its main symbol'],
    ['2', '51299', 'add-on (5 digits) read without its main symbol'],
  ])(']E%s %s is refused: %s', (modifier, payload, reason) => {
    expect(parseEanUpc(modifier, payload)).toMatchObject({ ok: false, reason: expect.stringContaining(reason) });
  });

  it.each([
    ['0', '400638133393', 'UPC-A 400638133393 has a wrong check digit', 'EAN-13 4006381333931'],
    ['0', '01234567890', 'of 11 digits', 'UPC-A 012345678905'],
    ['4', '9638507', 'must have 8 digits, not 7', 'EAN-8 96385074'],
  ])(
    ']E%s %s, a code with its check digit left out, is refused saying that too (%s; %s with it)',
    (modifier, payload, first, whole) => {
      // On the old code only the first reason: a wrong check digit sent the user looking at a good label.
      expect(parseEanUpc(modifier, payload)).toEqual({
        ok: false,
        reason: expect.stringMatching(
          new RegExp(
            `${first}.*; or the scanner leaves its check digit out: with it this is ${whole} \\(set the scanner to send the check digit`,
          ),
        ),
      });
    },
  );

  it('says nothing of a check digit left out where one more digit would not be a whole code', () => {
    for (const [modifier, payload] of [
      ['0', '4006381333932'],
      ['0', '123456789'],
      ['3', '4006381333931123'],
    ] as const) {
      const r = parseEanUpc(modifier, payload);
      expect(r.ok).toBe(false);
      expect(r.ok ? '' : r.reason, payload).not.toContain('leaves its check digit out');
    }
  });

  it('expands UPC-E to UPC-A by its last digit, keeping the check digit', () => {
    expect(expandUpcE('01234505')).toBe('012000003455');
    expect(expandUpcE('01234531')).toBe('012300000451');
    expect(expandUpcE('01234546')).toBe('012340000056');
    expect(expandUpcE('01234565')).toBe('012345000065');
    expect(expandUpcE('21234565')).toBeNull();
  });

  it('knows restricted circulation numbers: GTIN-13 prefixes 02, 04, 2x and GTIN-8 prefixes 0 and 2', () => {
    expect(isRestrictedCirculation('02001234567893')).toBe(true);
    expect(isRestrictedCirculation('00212345678906')).toBe(true);
    expect(isRestrictedCirculation('00412345678904')).toBe(true);
    expect(isRestrictedCirculation('00000002345673')).toBe(true);
    expect(isRestrictedCirculation('00000020000003')).toBe(true);
    expect(isRestrictedCirculation('04006381333931')).toBe(false);
    expect(isRestrictedCirculation('00012345678905')).toBe(false);
    expect(isRestrictedCirculation('00000096385074')).toBe(false);
    expect(parseEanUpc('0', '2001234567893')).toMatchObject({ ok: true, restricted: true });
  });
});
