import { labelTemplateInput, type LabelTemplate, type LabelTemplateInput } from './template.js';

/** Common lab stock. Sizes are the ones sold (inches); each parses through the same schema users' templates do. */
const DEFAULT_INPUTS: LabelTemplateInput[] = [
  {
    id: 'cryotube-code128',
    name: 'Cryotube 1" × 0.5" — Code 128',
    size: { width: 1, height: 0.5, unit: 'in' },
    symbology: 'code128',
    barcodeField: '{id}',
    lines: ['{id}', '{name}'],
    fontSizePt: 5,
    marginMm: 0.75,
    layout: 'barcode-top',
  },
  {
    id: 'cryotube-datamatrix',
    name: 'Cryotube 1" × 0.5" — DataMatrix',
    size: { width: 1, height: 0.5, unit: 'in' },
    symbology: 'datamatrix',
    barcodeField: '{id}',
    lines: ['{id}', '{name}', '{date}'],
    fontSizePt: 5,
    marginMm: 0.75,
    layout: 'barcode-left',
  },
  {
    id: 'plate-side-code128',
    name: 'Plate side 2" × 1" — Code 128',
    size: { width: 2, height: 1, unit: 'in' },
    symbology: 'code128',
    barcodeField: '{id}',
    lines: ['{id} {name}', '{date}'],
    fontSizePt: 7,
    marginMm: 1.5,
    layout: 'barcode-top',
  },
  {
    id: 'box-lid-qr',
    name: 'Box lid 2" × 2" — QR',
    size: { width: 2, height: 2, unit: 'in' },
    symbology: 'qrcode',
    barcodeField: '{id}',
    lines: ['{name}', '{id}', '{date}'],
    fontSizePt: 8,
    marginMm: 2,
    layout: 'barcode-top',
  },
];

export function defaultTemplates(): LabelTemplate[] {
  return DEFAULT_INPUTS.map((input) => labelTemplateInput.parse(input));
}
