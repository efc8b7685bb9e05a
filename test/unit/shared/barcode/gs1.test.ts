import { describe, expect, it } from 'vitest';
import {
  formatGs1,
  gs1CheckDigitValid,
  gs1Date,
  GS,
  parseGs1ElementString,
  parseGs1HumanReadable,
} from '../../../../shared/barcode/gs1.js';
import { symbologyFromAim } from '../../../../shared/barcode/aim.js';

describe('GS1 check digit', () => {
  it('accepts valid GTIN-14/13/8 and rejects a changed digit', () => {
    expect(gs1CheckDigitValid('09506000134352')).toBe(true);
    expect(gs1CheckDigitValid('4006381333931')).toBe(true); // EAN-13
    expect(gs1CheckDigitValid('96385074')).toBe(true); // EAN-8
    expect(gs1CheckDigitValid('09506000134353')).toBe(false);
    expect(gs1CheckDigitValid('0950600013435x')).toBe(false);
  });
});

describe('GS1 dates', () => {
  it('reads YYMMDD, day 00 as end of month, and refuses impossible dates', () => {
    expect(gs1Date('250101', 2026)).toBe('2025-01-01');
    expect(gs1Date('240200', 2026)).toBe('2024-02-29');
    expect(gs1Date('250230', 2026)).toBeNull();
    expect(gs1Date('251301', 2026)).toBeNull();
  });

  it('puts a two-digit year within −49…+50 years of the current one (GS1 General Specifications 7.12)', () => {
    expect(gs1Date('760101', 2026)).toBe('2076-01-01');
    expect(gs1Date('770101', 2026)).toBe('1977-01-01');
    expect(gs1Date('990101', 2060)).toBe('2099-01-01');
    expect(gs1Date('090101', 2060)).toBe('2109-01-01');
    expect(gs1Date('000229', 2026)).toBe('2000-02-29');
  });
});

describe('GS1 element strings', () => {
  it('parses fixed fields without separators and variable fields ending at GS', () => {
    const r = parseGs1ElementString(`0109506000134352172512311012AB${GS}21SER-9`, ']C1');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      aim: ']C1',
      gtin: '09506000134352',
      expiry: '2025-12-31',
      lot: '12AB',
      serial: 'SER-9',
    });
    expect(r.data.fields.map((f) => f.ai)).toEqual(['01', '17', '10', '21']);
    expect(formatGs1(r.data.fields)).toBe('(01)09506000134352(17)251231(10)12AB(21)SER-9');
  });

  it('skips a leading FNC1 and handles AIs 11, 15, 30, 240 and a 4-digit measure AI', () => {
    const r = parseGs1ElementString(`${GS}01095060001343521124010115250601303${GS}240REF-1${GS}3103000250`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.fields).toEqual([
      { ai: '01', name: 'Product number (GTIN)', value: '09506000134352' },
      { ai: '11', name: 'Production date', value: '240101' },
      { ai: '15', name: 'Best before date', value: '250601' },
      { ai: '30', name: 'Variable count of items', value: '3' },
      { ai: '240', name: 'Additional product identification', value: 'REF-1' },
      { ai: '3103', name: 'Net weight (kg)', value: '000250' },
    ]);
  });

  it('rejects a wrong GTIN check digit, a short fixed field, a bad date and a too-long lot', () => {
    expect(parseGs1ElementString('0109506000134353')).toEqual({
      ok: false,
      reason: expect.stringContaining('check digit'),
    });
    expect(parseGs1ElementString('01095060001343')).toEqual({ ok: false, reason: expect.stringContaining('needs 14') });
    const month13 = parseGs1ElementString('010950600013435217991301');
    expect(month13).toEqual({ ok: false, reason: expect.stringContaining('month 13') });
    const longLot = parseGs1ElementString(`10${'X'.repeat(21)}`);
    expect(longLot).toEqual({ ok: false, reason: expect.stringContaining('longer than the 20 allowed') });
    expect(parseGs1ElementString('ZZ12')).toEqual({
      ok: false,
      reason: expect.stringContaining('no GS1 application identifier'),
    });
  });

  it('parses the human-readable (AI) form, spaced or not', () => {
    const r = parseGs1HumanReadable('(01)09506000134352(17)251231(10)LOT-7', { year: 2026 });
    expect(r).toMatchObject({ ok: true, data: { gtin: '09506000134352', expiry: '2025-12-31', lot: 'LOT-7' } });
    expect(parseGs1HumanReadable('(01) 09506000134352 (10) LOT-7').ok).toBe(true);
    // A space inside a value is not GS1 (CSET 82): the old parser took "LOT 7" as a lot.
    const spaced = parseGs1HumanReadable('(01)09506000134352(10)LOT 7');
    expect(spaced).toMatchObject({ ok: false, reason: expect.stringContaining('a space') });
    expect(parseGs1HumanReadable('(01)0950600013435(17)251231').ok).toBe(false);
    expect(parseGs1HumanReadable('(5)abc').ok).toBe(false);
  });
});

describe('symbologyFromAim', () => {
  it.each([
    [']C1', 'gs1-128', true],
    [']C0', 'code128', false],
    [']d2', 'gs1-datamatrix', true],
    [']d1', 'datamatrix', false],
    [']Q3', 'gs1-qr', true],
    [']Q1', 'qr', false],
    [']e0', 'gs1-databar', true],
    [']E0', 'ean-13', false],
    [']E1', 'ean-addon-2', false],
    [']E2', 'ean-addon-5', false],
    [']E3', 'ean-13-addon', false],
    [']E4', 'ean-8', false],
    [']J0', 'dotcode', false],
    [']J1', 'gs1-dotcode', true],
    [']A0', 'code39', false],
  ])('%s → %s', (aim, symbology, gs1) => {
    expect(symbologyFromAim(`${aim}DATA`)).toEqual({ aim, symbology, gs1 });
  });

  it('ignores a bracket that is not an AIM identifier', () => {
    expect(symbologyFromAim(']W1abc')).toBeNull();
    expect(symbologyFromAim(']C')).toBeNull();
    expect(symbologyFromAim('C1]')).toBeNull();
  });
});
