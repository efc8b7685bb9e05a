import { LabelError } from './errors.js';
import { preparingLabels, type PreparedLabel } from './prepare.js';
import type { LabelRecordInput } from './record.js';
import { finish, type Steps } from './steps.js';
import type { MeasureSymbol } from './symbol.js';
import type { LabelTemplate } from './template.js';
import { dotsPerMm, mmToDots, pointsToMm } from './units.js';
import { ZPL_CI, zplFieldData, type ZplEncoding } from './zpl-escape.js';

export const ZPL_DPIS = [203, 300, 600] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];

export interface ZplOptions {
  /** The printer's resolution; 203 dpi is the common desktop Zebra. */
  dpi?: ZplDpi;
  measure: MeasureSymbol;
}

export interface ZplResult {
  zpl: string;
  notes: string[];
}

/** ^BQ magnification is 1–10 dots per module. */
const MAX_QR_MAGNIFICATION = 10;
/** ^BY module width is 1–10 dots: a printer given more ignores it and draws its default width. */
const MAX_BY_MODULE_DOTS = 10;
/** DataMatrix escape characters tried in turn; one the value does not contain is used (never "_", ^FH's). */
const DM_ESCAPES = ['`', '|', '@', '#', '$', '%', '&', '*'];

/**
 * Why a Zebra would not encode `value` as the PDF and the preview do (so a label could scan as another
 * ID), or null. Refused rather than printed: nothing scans a ZPL label back before it is stuck on a tube.
 * - Code 128: ">" starts a printer code in the field (">8" is FNC1, ">5" a change of subset), and is
 *   itself lost: "A>8B" would scan as "AB".
 * - QR: outside ASCII, the printer's automatic mode cannot carry every byte of UTF-8 and marks none as
 *   UTF-8, where the PDF's symbol says it is (ECI 26).
 * - DataMatrix: a value holding every escape character the field could be given.
 */
export function zebraWouldAlter(symbology: LabelTemplate['symbology'], value: string): string | null {
  const pdf = 'print the PDF instead, or use a template with another barcode';
  if (symbology === 'code128' && value.includes('>'))
    return `"${value}" has ">", which a Zebra printer reads as the start of a code in a Code 128 barcode (the label would scan as another ID): ${pdf}.`;
  if (symbology === 'qrcode' && /[^\x00-\x7f]/.test(value))
    return `"${value}" has characters outside ASCII, which a Zebra printer's QR code does not encode as the PDF does: ${pdf}.`;
  if (symbology === 'datamatrix' && DM_ESCAPES.every((c) => value.includes(c)))
    return `"${value}" holds every character a Zebra DataMatrix field could use to escape (${DM_ESCAPES.join(' ')}): ${pdf}.`;
  return null;
}

function barcodeCommand(label: PreparedLabel, dpi: number, minModuleMm: number, notes: string[]): string {
  const p = label.placement;
  const moduleDots = Math.max(1, Math.round(p.moduleMm * dotsPerMm(dpi)));
  const x = mmToDots(p.x, dpi);
  const y = mmToDots(p.y, dpi);
  if (label.bwip.bcid === 'code128') {
    const bars = Math.min(MAX_BY_MODULE_DOTS, moduleDots);
    // Capped (600 dpi), the symbol is narrower than planned: re-centre it, and say so if its
    // modules end up below what scans reliably.
    const shrink = ((moduleDots - bars) * label.symbol.widthModules) / 2;
    const barsMm = bars / dotsPerMm(dpi);
    if (barsMm < minModuleMm - 1e-9)
      notes.push(
        `Label ${label.index + 1} (ID "${label.recordId}"): a Zebra printer draws Code 128 modules at most ${MAX_BY_MODULE_DOTS} dots wide, ${(Math.round(barsMm * 1000) / 1000).toString()} mm at ${dpi} dpi, narrower than the ${minModuleMm} mm this template asks for; check that it scans, or print at a lower dpi.`,
      );
    // Mode A: the printer picks subsets (C for digit runs) itself, as bwip-js does, so sizes agree.
    return `^FO${x + Math.round(shrink)},${y}^BY${bars}^BCN,${mmToDots(p.h, dpi)},N,N,N,A^FH^FD${zplFieldData(label.barcodeValue, 'cp1252')}^FS`;
  }
  if (label.bwip.bcid === 'datamatrix') {
    // zebraWouldAlter refused a value holding every one.
    const escape = DM_ESCAPES.find((c) => !label.barcodeValue.includes(c))!;
    return `^FO${x},${y}^BXN,${moduleDots},200,0,0,6,${escape}^FH^FD${zplFieldData(label.barcodeValue, 'cp1252')}^FS`;
  }
  const magnification = Math.min(MAX_QR_MAGNIFICATION, moduleDots);
  // Re-centre when the magnification cap made the symbol smaller than planned.
  const shrink = ((moduleDots - magnification) * label.symbol.widthModules) / 2;
  return `^FO${x + Math.round(shrink)},${y + Math.round(shrink)}^BQN,2,${magnification}^FH^FDMA,${zplFieldData(label.barcodeValue, 'utf8')}^FS`;
}

function textCommands(label: PreparedLabel, dpi: number, encoding: ZplEncoding): string[] {
  const t = label.layout.text;
  // A field the record lacks leaves its line blank rather than sending an empty ^FD.
  return label.lines.flatMap((line, i) => {
    if (line === '') return [];
    // The printer draws a line too wide past the label's edge without a word: shrunk as the PDF and the
    // preview draw it (fitLines, when the label was prepared).
    const height = Math.max(10, mmToDots(pointsToMm(label.lineSizesPt[i]!), dpi));
    return [
      `^FO${mmToDots(t.x, dpi)},${mmToDots(t.y + i * t.lineHeightMm, dpi)}^A0N,${height},${height}^FH^FD${zplFieldData(line, encoding)}^FS`,
    ];
  });
}

/**
 * One ^XA…^XZ block per record, sized in dots for the printer's dpi. The same checks as every
 * other output run first (prepareLabels), with modules snapped to whole dots at this dpi.
 */
export function toZpl(template: LabelTemplate, records: readonly LabelRecordInput[], options: ZplOptions): ZplResult {
  return finish(zplSteps(template, records, options));
}

/** toZpl a label at a time (steps.ts), for main to answer scans between the labels of a large job. */
export function* zplSteps(
  template: LabelTemplate,
  records: readonly LabelRecordInput[],
  options: ZplOptions,
): Steps<ZplResult> {
  const dpi = options.dpi ?? 203;
  const { labels, notes } = yield* preparingLabels(template, records, { measure: options.measure, dpi });
  if (labels.length === 0) throw new LabelError(['Nothing to print: no records were chosen.']);
  const refused = labels.flatMap((label) => {
    const why = zebraWouldAlter(template.symbology, label.barcodeValue);
    return why ? [`Label ${label.index + 1} (ID "${label.recordId}"): ${why}`] : [];
  });
  if (refused.length > 0) throw new LabelError(refused);
  // QR carries UTF-8 (^CI28); Code 128 and DataMatrix carry single bytes (^CI27, Latin-1 compatible).
  const encoding: ZplEncoding = template.symbology === 'qrcode' ? 'utf8' : 'cp1252';
  const blocks: string[] = [];
  for (const label of labels) {
    yield;
    blocks.push(
      [
        '^XA',
        `^FX Benchlink label ${label.index + 1}, template ${template.id}^FS`,
        `^CI${ZPL_CI[encoding]}`,
        `^PW${mmToDots(template.widthMm, dpi)}`,
        `^LL${mmToDots(template.heightMm, dpi)}`,
        '^LH0,0',
        barcodeCommand(label, dpi, template.minModuleMm, notes),
        ...textCommands(label, dpi, encoding),
        '^PQ1',
        '^XZ',
      ].join('\n'),
    );
  }
  return { zpl: `${blocks.join('\n')}\n`, notes };
}
