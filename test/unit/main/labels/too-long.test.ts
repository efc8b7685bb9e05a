import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { measureWithBwip } from '../../../../main/labels/index.js';
import { defaultTemplates, prepareLabels, type LabelTemplate } from '../../../../shared/labels/index.js';
import { labelsRig, type LabelsRig } from './router.js';
import { issuesOf } from './label-issues.js';

const byId = (id: string): LabelTemplate => defaultTemplates().find((t) => t.id === id)!;
/** The barcode from its own field, so the label's name stays short beside a long value. */
const byBarcode = (id: string): LabelTemplate => ({ ...byId(id), barcodeField: '{barcode}' });

describe('a value longer than the largest symbol holds (the encoder refuses it)', () => {
  it('DataMatrix: that label is named with the length and the way out, and the batch’s other issues still listed', () => {
    const issues = issuesOf(() =>
      prepareLabels(
        byBarcode('cryotube-datamatrix'),
        [{ id: 'S-1', barcode: 'TB-1' }, { id: 'S-2', barcode: 'A'.repeat(2400) }, { id: 'S-3' }],
        { measure: measureWithBwip },
      ),
    );
    expect(issues).toEqual([
      `Label 2 (ID "S-2"): the value "${'A'.repeat(24)}…" is too long for DataMatrix (2400 characters): even the largest DataMatrix symbol cannot hold it; use QR (it holds more), or shorten the value.`,
      'Label 3 (ID "S-3"): the barcode field {barcode} is empty for this record',
    ]);
  });

  it('QR and Code 128 say so in their own words', () => {
    expect(
      issuesOf(() =>
        prepareLabels(byBarcode('box-lid-qr'), [{ id: 'B-1', barcode: '7'.repeat(8000) }], {
          measure: measureWithBwip,
        }),
      ),
    ).toEqual([
      `Label 1 (ID "B-1"): the value "${'7'.repeat(24)}…" is too long for QR (8000 characters): even the largest QR symbol cannot hold it; shorten the value.`,
    ]);
    expect(
      issuesOf(() =>
        prepareLabels(byBarcode('plate-side-code128'), [{ id: 'P-1', barcode: 'X'.repeat(5000) }], {
          measure: measureWithBwip,
        }),
      ),
    ).toEqual([
      `Label 1 (ID "P-1"): the value "${'X'.repeat(24)}…" is too long for Code 128 (5000 characters): even the largest Code 128 symbol cannot hold it; use DataMatrix or QR, or shorten the value.`,
    ]);
  });

  it('a fault of the measure itself is not passed off as the value’s problem', () => {
    const broken = (): never => {
      throw new Error('bwip-js returned no symbol');
    };
    expect(() => prepareLabels(byId('cryotube-datamatrix'), [{ id: 'S-1' }], { measure: broken })).toThrow(
      'bwip-js returned no symbol',
    );
  });
});

describe('labels.exportPdf with a value too long for its symbology', () => {
  let rig: LabelsRig;
  beforeEach(async () => {
    rig = await labelsRig([]);
  });
  afterEach(() => rig.close());

  it('fails with every label’s issue in words, not as an internal error', async () => {
    const r = await rig.call('labels.exportPdf', {
      template: byBarcode('cryotube-datamatrix'),
      records: [{ id: 'S-1', barcode: 'Ä'.repeat(3) }, { id: 'S-2', barcode: 'A'.repeat(2400) }, { id: 'S-3' }],
      layout: { kind: 'per-label' },
    });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'failed',
        message:
          /^2 labels cannot be made:\n- Label 2 \(ID "S-2"\): the value "A+…" is too long for DataMatrix \(2400 characters\).*\n- Label 3 \(ID "S-3"\): the barcode field \{barcode\} is empty/s,
      },
    });
  });
});
