import type { LabelTemplate, Symbology } from './template.js';
import { QUIET_ZONE_MODULES, type SymbolSize } from './symbol.js';
import { pointsToMm } from './units.js';

/** Millimetres from the label's top-left corner: the one geometry PDF, ZPL and preview all draw. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TextLayout {
  x: number;
  /** Top of the first line. */
  y: number;
  w: number;
  lineHeightMm: number;
  fontSizeMm: number;
}

export interface LabelLayout {
  barcodeArea: Box;
  text: TextLayout;
}

const LINE_SPACING = 1.15;
const GAP_MM = 0.5;
/** Below this a 1D symbol is too short to swipe and a 2D one too small to find. */
export const MIN_BARCODE_AREA_MM = 3;

export function layoutLabel(template: LabelTemplate, lineCount: number): LabelLayout {
  const m = template.marginMm;
  const inner: Box = { x: m, y: m, w: template.widthMm - 2 * m, h: template.heightMm - 2 * m };
  const fontSizeMm = pointsToMm(template.fontSizePt);
  const lineHeightMm = fontSizeMm * LINE_SPACING;
  const textHeight = lineCount * lineHeightMm;
  const gap = lineCount > 0 ? GAP_MM : 0;

  if (template.layout === 'barcode-left') {
    const side = Math.min(inner.h, lineCount > 0 ? inner.w * 0.45 : inner.w);
    const barcodeArea = { x: inner.x, y: inner.y + (inner.h - side) / 2, w: side, h: side };
    const textX = inner.x + side + gap;
    return {
      barcodeArea,
      text: {
        x: textX,
        y: inner.y + Math.max(0, (inner.h - textHeight) / 2),
        w: inner.w - side - gap,
        lineHeightMm,
        fontSizeMm,
      },
    };
  }
  const barcodeArea = { x: inner.x, y: inner.y, w: inner.w, h: inner.h - textHeight - gap };
  return {
    barcodeArea,
    text: { x: inner.x, y: inner.y + barcodeArea.h + gap, w: inner.w, lineHeightMm, fontSizeMm },
  };
}

/** Where the symbol itself goes (quiet zone excluded) and how wide one module is. */
export interface Placement extends Box {
  moduleMm: number;
}

/** Large modules scan no better and look odd; cap them so a short ID does not fill a 2" label with fat bars. */
const MAX_MODULE_MM: Readonly<Record<Symbology, number>> = { code128: 0.5, datamatrix: 1, qrcode: 1.2 };

/**
 * Largest module that fits the area with its quiet zone, optionally snapped down to whole printer
 * dots (`dotMm`). Returns the module width even when it is below the template's minimum; the
 * caller turns that into an error that names the value.
 */
export function placeSymbol(area: Box, size: SymbolSize, symbology: Symbology, dotMm?: number): Placement {
  const qz = QUIET_ZONE_MODULES[symbology];
  let moduleMm = Math.min(MAX_MODULE_MM[symbology], area.w / (size.widthModules + 2 * qz));
  if (size.heightModules !== null) moduleMm = Math.min(moduleMm, area.h / (size.heightModules + 2 * qz));
  if (dotMm !== undefined) moduleMm = Math.floor(moduleMm / dotMm + 1e-9) * dotMm;
  const w = size.widthModules * moduleMm;
  const h = size.heightModules === null ? area.h : size.heightModules * moduleMm;
  return { x: area.x + (area.w - w) / 2, y: area.y + (area.h - h) / 2, w, h, moduleMm };
}
