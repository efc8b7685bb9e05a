import { describe, expect, it } from 'vitest';
import { createClassifier } from '../../../../shared/barcode/classify.js';
import { gs1ColumnMaps, gs1Fill, guessGs1Columns } from '../../../../shared/barcode/gs1-columns.js';
import type { Gs1Data } from '../../../../shared/barcode/gs1.js';
import { applySettingsPatch, DEFAULT_SETTINGS, settingsPatch } from '../../../../shared/ipc/settings.js';

const classify = createClassifier({}, { now: () => Date.UTC(2026, 10, 24) });
const gs1 = (read: string): Gs1Data => {
  const c = classify(read);
  if (!c.gs1) throw new Error(`${read} is not GS1: ${c.why}`);
  return c.gs1;
};

describe('GS1 pack columns: what a scanned reagent pack fills in a row', () => {
  it('guesses a mapping from column names, leaving unknown fields out', () => {
    expect(guessGs1Columns(['Reagent ID', 'Name', 'Lot', 'Expires', 'Quantity Left'])).toEqual({
      lot: 'Lot',
      expiry: 'Expires',
    });
    expect(guessGs1Columns(['GTIN', 'Batch No', 'Expiry date', 'Serial number'])).toEqual({
      gtin: 'GTIN',
      lot: 'Batch No',
      expiry: 'Expiry date',
      serial: 'Serial number',
    });
    expect(guessGs1Columns(['Sample ID', 'Status'])).toEqual({});
  });

  it('fills the mapped columns from a Digital Link with lot and expiry, dates as YYYY-MM-DD', () => {
    const fill = gs1Fill(
      gs1('https://id.gs1.org/01/09506000134352/10/ABC123?17=271130'),
      { gtin: 'GTIN', lot: 'Lot', expiry: 'Expires', serial: 'Serial' },
      '2026-11-24',
    );
    expect(fill).toEqual({
      cells: { GTIN: '09506000134352', Lot: 'ABC123', Expires: '2027-11-30' },
      missing: ['serial'],
      expired: false,
    });
  });

  it('fills from a GS1 DataMatrix element string too, and says when the pack has expired', () => {
    const fill = gs1Fill(
      gs1(']d20109506000134352\x1d10L2611A\x1d17260131'),
      { lot: 'Lot', expiry: 'Exp' },
      '2026-11-24',
    );
    expect(fill.cells).toEqual({ Lot: 'L2611A', Exp: '2026-01-31' });
    expect(fill.expired).toBe(true);
  });

  it('is a bounded settings section; a patch replaces one labsheet and an empty mapping removes it', () => {
    const a = applySettingsPatch(DEFAULT_SETTINGS, settingsPatch.parse({ gs1Columns: { Reagents: { lot: 'Lot' } } }));
    const b = applySettingsPatch(a, settingsPatch.parse({ gs1Columns: { Other: { expiry: 'Exp' } } }));
    expect(b.gs1Columns).toEqual({ Reagents: { lot: 'Lot' }, Other: { expiry: 'Exp' } });
    expect(applySettingsPatch(b, settingsPatch.parse({ gs1Columns: { Reagents: {} } })).gs1Columns).toEqual({
      Other: { expiry: 'Exp' },
    });
    expect(settingsPatch.safeParse({ gs1Columns: { R: { lot: 'Lot', colour: 'x' } } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`L${i}`, { lot: 'Lot' }]));
    expect(gs1ColumnMaps.safeParse(many).success).toBe(false);
  });
});
