import { describe, expect, it } from 'vitest';
import { classifyScan, createClassifier } from '../../../../shared/barcode/index.js';

/**
 * Two codes in one read: a keyboard scanner whose Enter after each code was lost, or set to a space or a
 * Tab, or one sending the codes it stored at once. Nothing took such a read, so Well fill asked about it
 * as an unknown sample, and "Use it anyway" put TB000011TB000012 in one well as one tube.
 */
describe('codes run together in one read', () => {
  it.each([
    ['TB000011TB000012', 'tube barcode TB000011 and tube barcode TB000012', 'each code'],
    ['PLT000001TB000011', 'plate barcode PLT000001 and tube barcode TB000011', 'each code'],
    ['S-0011S-0012S-0013', 'sample ID S-0011 and sample ID S-0012 and sample ID S-0013', 'each code'],
    ['TB000011TB000011', 'tube barcode TB000011 twice', 'it again'],
    ['TB000011 TB000012', 'tube barcode TB000011 and tube barcode TB000012', 'each code'],
    ['TB000011,S-0012', 'tube barcode TB000011 and sample ID S-0012', 'each code'],
    ['TB000011\tTB000012', 'tube barcode TB000011 and tube barcode TB000012', 'each code'],
  ])('%j is refused, naming the codes in it', (read, codes, scan) => {
    const c = classifyScan(read);
    expect(c).toMatchObject({ kind: 'unknown', rejected: true });
    expect(c.cause).toBe(
      `this is ${codes}, in one read: scan ${scan} on its own. If it happens again, set the scanner to send Enter after each code (its suffix)`,
    );
  });

  it('in a serial frame (STX…ETX, taken off a single read) is said as the codes in it', () => {
    expect(classifyScan('\x02TB000011\tTB000012\x03').cause).toMatch(
      /^this is tube barcode TB000011 and tube barcode TB000012, in one read/,
    );
  });

  it("finds a lab's codes of digits only read twice, by equal parts", () => {
    const classify = createClassifier({ rules: [{ kind: 'tube', pattern: '^\\d{10}$', flags: '' }] });
    expect(classify('55123456785512345678').cause).toMatch(/^this is tube barcode 5512345678 twice/);
    expect(classify('5512345678').kind).toBe('tube');
  });

  it('leaves reads that are one code, or not all codes we know', () => {
    for (const read of ['S-0011A', 'TB000011-2', 'TB000011X', 'TB000011 hello', 'TB000011TB', 'A1B2C3D4E5F6G7H8I9']) {
      const c = classifyScan(read);
      expect(c.cause ?? '', read).not.toMatch(/in one read/);
    }
    // Five codes are more than a scanner's lost Enter makes: not looked for.
    expect(classifyScan('TB1TB2TB3TB4TB5').cause).toBeUndefined();
    expect(classifyScan('TB000011').kind).toBe('tube');
  });
});
