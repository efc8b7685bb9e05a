import { describe, expect, it } from 'vitest';
import { createClassifier } from '../../../../shared/barcode/classify.js';
import {
  describeGs1,
  gs1DisplayValue,
  gs1FieldLines,
  isExpired,
  notAnIdReason,
} from '../../../../shared/barcode/gs1-describe.js';
import type { Gs1Data } from '../../../../shared/barcode/gs1.js';

const classify = createClassifier({}, { now: () => Date.UTC(2026, 5, 1) });
const gs1 = (read: string): Gs1Data => {
  const c = classify(read);
  if (!c.gs1) throw new Error(`${read} is not GS1: ${c.why}`);
  return c.gs1;
};

describe('describeGs1', () => {
  it('says what the read is in one line', () => {
    expect(describeGs1(gs1('https://id.gs1.org/01/09506000134352/10/ABC123?17=271130'))).toBe(
      'product 09506000134352, lot ABC123, expires 2027-11-30',
    );
    expect(describeGs1(gs1(']C1010950600013435221S-1\x1d70032711301430'))).toBe(
      'product 09506000134352, serial S-1, expires 2027-11-30 14:30',
    );
    expect(describeGs1(gs1(']C100106141411234567897'))).toBe('shipping container 106141411234567897');
    expect(describeGs1(gs1('(414)9520123456788'))).toBe('physical location (GLN) 9520123456788');
    expect(describeGs1(gs1('(11)260101(3103)000250'))).toBe('production date 2026-01-01, net weight (kg) 0.250');
  });
});

describe('isExpired', () => {
  const data = gs1('(01)09506000134352(17)271130');
  it('is false up to and on the expiry date, true after it', () => {
    expect(isExpired(data, '2027-11-29')).toBe(false);
    expect(isExpired(data, '2027-11-30')).toBe(false);
    expect(isExpired(data, '2027-12-01')).toBe(true);
  });

  it('takes day 00 as the last day of the month', () => {
    const endOfFebruary = gs1('(01)09506000134352(17)280200');
    expect(endOfFebruary.expiry).toBe('2028-02-29');
    expect(isExpired(endOfFebruary, '2028-02-29')).toBe(false);
    expect(isExpired(endOfFebruary, '2028-03-01')).toBe(true);
  });

  it('compares the (7003) time when given one', () => {
    const timed = gs1('(01)09506000134352(7003)2711301430');
    expect(isExpired(timed, '2027-11-30')).toBe(false);
    expect(isExpired(timed, '2027-11-30T14:30')).toBe(false);
    expect(isExpired(timed, '2027-11-30T14:31')).toBe(true);
    expect(isExpired(timed, '2027-12-01T00:00')).toBe(true);
  });

  it('is false when the read has no expiry', () => {
    expect(isExpired(gs1('(01)09506000134352(10)A'), '2099-01-01')).toBe(false);
  });
});

describe('gs1DisplayValue', () => {
  it('shows dates, date-times and measures as a person reads them', () => {
    expect(gs1DisplayValue('17', '271100', 2026)).toBe('2027-11-30');
    expect(gs1DisplayValue('7003', '2711301430', 2026)).toBe('2027-11-30 14:30');
    expect(gs1DisplayValue('8008', '2711301430', 2026)).toBe('2027-11-30 14:30');
    expect(gs1DisplayValue('8008', '271130143059', 2026)).toBe('2027-11-30 14:30:59');
    expect(gs1DisplayValue('3103', '000250')).toBe('0.250');
    expect(gs1DisplayValue('3100', '000250')).toBe('250');
    expect(gs1DisplayValue('10', 'ABC')).toBe('ABC');
  });
});

describe('notAnIdReason: how a workflow refuses what cannot be a tube, sample or plate ID', () => {
  it('gives the refusal of a refused read', () => {
    expect(notAnIdReason(classify('https://example.com/x'))).toBe('a web address, not an ID');
    expect(notAnIdReason(classify('010950600013435310X'))).toContain('wrong check digit');
  });

  it('names a GS1 product or shipping code for what it is, and what was expected', () => {
    expect(notAnIdReason(classify(']E04006381333931'), 'a plate ID')).toBe('product 04006381333931 — not a plate ID');
    expect(notAnIdReason(classify(']d20109506000134352\x1d10L1'))).toBe('product 09506000134352, lot L1 — not an ID');
    expect(notAnIdReason(classify('https://id.gs1.org/01/09506000134352/10/ABC123?17=271130'), 'a tube ID')).toBe(
      'product 09506000134352, lot ABC123, expires 2027-11-30 — not a tube ID',
    );
    expect(notAnIdReason(classify(']C100106141411234567897'), 'a sample ID')).toBe(
      'shipping container 106141411234567897 — not a sample ID',
    );
  });

  it("says when the product has expired, by the bench's date", () => {
    const pack = classify('https://id.gs1.org/01/09506000134352/10/ABC123?17=271130');
    expect(notAnIdReason(pack, 'a tube ID', '2027-12-01')).toBe(
      'product 09506000134352, lot ABC123, expires 2027-11-30 (expired) — not a tube ID',
    );
    expect(notAnIdReason(pack, 'a tube ID', '2027-11-30')).not.toContain('expired)');
  });

  it('leaves IDs and unknown codes to the workflow', () => {
    expect(notAnIdReason(classify('TB0001'))).toBeNull();
    expect(notAnIdReason(classify('XYZ-77'))).toBeNull();
    expect(notAnIdReason(classify('A1'))).toBeNull();
  });
});

describe('gs1FieldLines: the scanner test panel names each field in words', () => {
  it('one line per field, values in readable form', () => {
    expect(gs1FieldLines(gs1(']d210LOT-7\x1d17261130'))).toEqual([
      '(10) Batch or lot number: LOT-7',
      '(17) Expiry date: 2026-11-30',
    ]);
  });
});
