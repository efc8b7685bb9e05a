import { describe, expect, it } from 'vitest';
import { classifyScan } from '../../../../shared/barcode/classify.js';
import { summarizeScan } from '../../../../shared/barcode/scan-summary.js';

describe('summarizeScan for the test-your-scanner panel', () => {
  it('says what was read, what it was taken for, why, and how fast', () => {
    const s = summarizeScan('PLT0001', { source: 'wedge', durationMs: 48, keys: 9 }, classifyScan('PLT0001'));
    expect(s.title).toBe('plate: PLT0001');
    expect(s.details).toContain('Taken as: plate → PLT0001');
    expect(s.details.some((d) => d.startsWith('Why: matched plate barcode'))).toBe(true);
    expect(s.msPerKey).toBe(6);
    expect(s.suggestedProfile).toBe('usb');
  });

  it('suggests the bluetooth profile for a slow key rhythm, none for HID POS', () => {
    expect(
      summarizeScan('TB1234', { source: 'wedge', durationMs: 250, keys: 7 }, classifyScan('TB1234')).suggestedProfile,
    ).toBe('bluetooth');
    expect(
      summarizeScan('TB1234', { source: 'hid-pos', durationMs: 0 }, classifyScan('TB1234')).suggestedProfile,
    ).toBeUndefined();
  });

  it('shows GS1 fields and makes the GS separator visible', () => {
    const raw = '0109506000134352\x1d21X';
    const s = summarizeScan(raw, { source: 'hid-pos', durationMs: 1, symbology: 'gs1-128' }, classifyScan(`]C1${raw}`));
    expect(s.details).toContain('Read: 0109506000134352<GS>21X');
    expect(s.details).toContain('  (01) Product number (GTIN): 09506000134352');
    expect(s.details).toContain('Symbology: gs1-128');
  });

  it('shows GS1 values in readable form and what the label leaves to another one', () => {
    const raw = ']d210LOT-7\x1d17261130';
    const s = summarizeScan(raw, { source: 'hid-pos', durationMs: 1 }, classifyScan(raw));
    expect(s.details).toContain('  (17) Expiry date: 2026-11-30');
    expect(s.details.some((d) => d.startsWith('  Not on this label: (10) Batch or lot number needs (01)'))).toBe(true);
  });

  it('titles unrecognised reads as such', () => {
    expect(summarizeScan('hello', { source: 'wedge', durationMs: 20, keys: 5 }, classifyScan('hello')).title).toBe(
      'Not recognised: hello',
    );
  });
});
