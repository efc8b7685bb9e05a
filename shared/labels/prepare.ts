import { BARCODE_CHARSET, codePoint, describeReplacements, fitToCharset } from './charset.js';
import { encoderRefusal } from './encoder-refusal.js';
import { LabelError } from './errors.js';
import { fillBarcode, fillFields } from './fill.js';
import { layoutLabel, MIN_BARCODE_AREA_MM, placeSymbol, type LabelLayout, type Placement } from './layout.js';
import { labelRecord, type LabelRecordInput } from './record.js';
import { finish, type Steps } from './steps.js';
import { bwipRequestFor, SYMBOLOGY_NAMES, type BwipRequest, type MeasureSymbol, type SymbolSize } from './symbol.js';
import type { LabelTemplate } from './template.js';
import { fitLines } from './text-fit.js';
import { MM_PER_INCH, mmToPoints } from './units.js';

/** One label, checked and laid out: everything an output (PDF, ZPL, preview) needs to draw it. */
export interface PreparedLabel {
  index: number;
  recordId: string;
  /** Exactly what a scanner will read back. */
  barcodeValue: string;
  bwip: BwipRequest;
  symbol: SymbolSize;
  lines: string[];
  /** The size each line is printed at, in points: the template's, or less for a line too wide (fitLines). */
  lineSizesPt: number[];
  layout: LabelLayout;
  placement: Placement;
}

export interface PreparedLabels {
  labels: PreparedLabel[];
  /** Changes the user must see before printing (transliterations, lines shrunk or cut off), one each. */
  notes: string[];
}

export interface PrepareOptions {
  /** bwip-js `raw`, wrapped by `symbolSizeFromRaw`: the encoder decides the symbol's size. */
  measure: MeasureSymbol;
  /** A thermal printer's resolution: modules are snapped to whole dots and checked at that size. */
  dpi?: number;
}

const fmt = (mm: number): string => (Math.round(mm * 1000) / 1000).toString();

/**
 * Check every record against the template and lay each label out. Throws one LabelError listing
 * every label that cannot be made, so nothing is printed half-right and nothing is changed silently.
 */
export function prepareLabels(
  template: LabelTemplate,
  records: readonly LabelRecordInput[],
  options: PrepareOptions,
): PreparedLabels {
  return finish(preparingLabels(template, records, options));
}

/**
 * prepareLabels a label at a time: it pauses after each one, so main can answer a scan between the
 * labels of a large job (main/labels/turns.ts) where the preview runs it through at once.
 */
export function* preparingLabels(
  template: LabelTemplate,
  records: readonly LabelRecordInput[],
  options: PrepareOptions,
): Steps<PreparedLabels> {
  const name = SYMBOLOGY_NAMES[template.symbology];
  const issues: string[] = [];
  const notes: string[] = [];
  const labels: PreparedLabel[] = [];
  const dotMm = options.dpi === undefined ? undefined : MM_PER_INCH / options.dpi;
  const atDpi = options.dpi === undefined ? '' : ` at ${options.dpi} dpi`;

  for (const [index, input] of records.entries()) {
    if (index > 0) yield;
    const parsed = labelRecord.safeParse(input);
    const who = `Label ${index + 1}${typeof input.id === 'string' || typeof input.id === 'number' ? ` (ID "${input.id}")` : ''}`;
    if (!parsed.success) {
      issues.push(
        `${who}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'record'}: ${i.message}`).join('; ')}`,
      );
      continue;
    }
    const record = parsed.data;
    const wanted = fillBarcode(template.barcodeField, record);
    if (wanted === '') {
      issues.push(`${who}: the barcode field ${template.barcodeField} is empty for this record`);
      continue;
    }
    const fitted = fitToCharset(wanted, BARCODE_CHARSET[template.symbology], template.nonEncodable === 'transliterate');
    if (!fitted.ok) {
      const hint =
        fitted.suggestion === null
          ? `It has no safe ASCII spelling; ${template.symbology === 'qrcode' ? 'change the value' : 'use QR or change the value'}.`
          : `Allow transliteration (${fitted.char} → ${fitted.suggestion})${template.symbology === 'code128' ? ', use DataMatrix or QR,' : ', use QR,'} or change the value.`;
      issues.push(
        `${who}: ${name} can only hold ${fitted.charsetName}; "${fitted.char}" (${codePoint(fitted.char)}) in "${wanted}" cannot be encoded. ${hint}`,
      );
      continue;
    }
    if (fitted.replaced.length > 0) {
      notes.push(
        `${who}: ${name} cannot hold ${fitted.replaced.map(([from]) => `"${from}"`).join(', ')}, so the barcode reads "${fitted.value}" (${describeReplacements(fitted.replaced)}), not "${wanted}".`,
      );
    } else if (fitted.value !== wanted) {
      // Composed (fitToCharset): the same text to a reader, other characters to a scanner.
      notes.push(
        `${who}: "${wanted}" has its accents stored as separate marks; the barcode holds each accent joined to its letter, so a scan of it may not find the row. To be sure it does, retype the accented letters in the labsheet.`,
      );
    }

    const lines: string[] = [];
    let linesOk = true;
    for (const lineTemplate of template.lines) {
      const text = fillFields(lineTemplate, record);
      const printable = fitToCharset(text, 'latin1', true);
      if (!printable.ok) {
        issues.push(
          `${who}: the text "${text}" has "${printable.char}" (${codePoint(printable.char)}), which the label fonts cannot print and which has no safe spelling; change the value.`,
        );
        linesOk = false;
        continue;
      }
      if (printable.replaced.length > 0) {
        notes.push(
          `${who}: printed "${text}" as "${printable.value}" (${describeReplacements(printable.replaced)}); the label fonts cannot print the original.`,
        );
      }
      lines.push(printable.value);
    }
    if (!linesOk) continue;

    const layout = layoutLabel(template, lines.length);
    if (layout.barcodeArea.w < MIN_BARCODE_AREA_MM || layout.barcodeArea.h < MIN_BARCODE_AREA_MM) {
      throw new LabelError([
        `Template "${template.name}": ${template.lines.length} text lines at ${template.fontSizePt} pt leave no room for the barcode on a ${fmt(template.widthMm)} × ${fmt(template.heightMm)} mm label; use fewer lines, a smaller font or smaller margins.`,
      ]);
    }
    // Beside the barcode the lines have the label's height alone: taller, the last ones were drawn past
    // its foot, clipped from the PDF and printed off the label by a Zebra, with no word about it.
    const textHeightMm = lines.length * layout.text.lineHeightMm;
    const innerHeightMm = template.heightMm - 2 * template.marginMm;
    if (template.layout === 'barcode-left' && textHeightMm > innerHeightMm + 1e-9) {
      throw new LabelError([
        `Template "${template.name}": ${template.lines.length} text lines at ${template.fontSizePt} pt need ${fmt(textHeightMm)} mm, but the ${fmt(template.widthMm)} × ${fmt(template.heightMm)} mm label has ${fmt(innerHeightMm)} mm inside its margins; use fewer lines, a smaller font or smaller margins.`,
      ]);
    }
    const bwip = bwipRequestFor(template.symbology, fitted.value);
    let symbol: SymbolSize;
    try {
      symbol = options.measure(bwip);
    } catch (error) {
      // A value over the symbology's capacity is this label's issue, listed with the batch's others;
      // thrown on, it hid them all behind an internal error and crashed the preview.
      const refusal = encoderRefusal(error, template.symbology, fitted.value);
      if (refusal === null) throw error;
      issues.push(`${who}: ${refusal}`);
      continue;
    }
    const placement = placeSymbol(layout.barcodeArea, symbol, template.symbology, dotMm);
    if (placement.moduleMm < template.minModuleMm - 1e-9) {
      const ideal = placeSymbol(layout.barcodeArea, symbol, template.symbology).moduleMm;
      const why =
        ideal >= template.minModuleMm - 1e-9 && dotMm !== undefined
          ? `its ${fmt(ideal)} mm modules can only be printed as ${Math.floor(ideal / dotMm + 1e-9)} dot(s) (${fmt(placement.moduleMm)} mm), narrower than the ${fmt(template.minModuleMm)} mm that scans reliably`
          : `it would need ${fmt(ideal)} mm modules (the narrowest that scans reliably is ${fmt(template.minModuleMm)} mm)`;
      const alternative =
        template.symbology === 'code128' ? 'use a wider label, or use DataMatrix' : 'or use a larger label';
      issues.push(
        `${who}: "${fitted.value}" is too long for ${name} on the ${fmt(template.widthMm)} × ${fmt(template.heightMm)} mm label${atDpi}: ${why}. Shorten the ID, ${alternative}.`,
      );
      continue;
    }
    const fits = fitLines({ index, recordId: record.id }, lines, template.fontSizePt, mmToPoints(layout.text.w));
    for (const fit of fits) if (fit.note !== null) notes.push(fit.note);
    labels.push({
      index,
      recordId: record.id,
      barcodeValue: fitted.value,
      bwip,
      symbol,
      lines,
      lineSizesPt: fits.map((f) => f.sizePt),
      layout,
      placement,
    });
  }
  if (issues.length > 0) throw new LabelError(issues);
  return { labels, notes };
}
