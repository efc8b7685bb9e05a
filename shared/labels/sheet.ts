import { z } from 'zod';
import { LabelError } from './errors.js';

export const PAPER_MM = { A4: { w: 210, h: 297 }, Letter: { w: 215.9, h: 279.4 } } as const;

/** A sheet of labels (Avery-like): the grid's origin, the gaps, and how many slots to skip on a used sheet. */
export const sheetSpec = z.strictObject({
  paper: z.enum(['A4', 'Letter']).default('A4'),
  /** Omitted: as many as fit. */
  columns: z.number().int().min(1).max(50).optional(),
  rows: z.number().int().min(1).max(100).optional(),
  marginTopMm: z.number().min(0).max(100).default(10),
  marginLeftMm: z.number().min(0).max(100).default(10),
  gapXMm: z.number().min(0).max(50).default(2.5),
  gapYMm: z.number().min(0).max(50).default(0),
  /** Slots already used on the first sheet, so a half-used sheet can go back into the printer. */
  skip: z.number().int().min(0).default(0),
});
export type SheetSpec = z.output<typeof sheetSpec>;
export type SheetSpecInput = z.input<typeof sheetSpec>;

export interface SheetGrid {
  pageWidthMm: number;
  pageHeightMm: number;
  /** Top-left corner of each slot on a page, row by row. */
  slots: Array<{ x: number; y: number }>;
}

export function sheetGrid(spec: SheetSpec, labelWidthMm: number, labelHeightMm: number): SheetGrid {
  const paper = PAPER_MM[spec.paper];
  const fitCols = Math.floor((paper.w - spec.marginLeftMm + spec.gapXMm + 1e-9) / (labelWidthMm + spec.gapXMm));
  const fitRows = Math.floor((paper.h - spec.marginTopMm + spec.gapYMm + 1e-9) / (labelHeightMm + spec.gapYMm));
  const columns = spec.columns ?? fitCols;
  const rows = spec.rows ?? fitRows;
  if (columns < 1 || rows < 1 || columns > fitCols || rows > fitRows) {
    throw new LabelError([
      `A ${columns} × ${rows} grid of ${labelWidthMm} × ${labelHeightMm} mm labels does not fit on ${spec.paper} (${paper.w} × ${paper.h} mm) with these margins and gaps; at most ${Math.max(fitCols, 0)} × ${Math.max(fitRows, 0)} fit.`,
    ]);
  }
  const slots: Array<{ x: number; y: number }> = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      slots.push({
        x: spec.marginLeftMm + c * (labelWidthMm + spec.gapXMm),
        y: spec.marginTopMm + r * (labelHeightMm + spec.gapYMm),
      });
    }
  }
  return { pageWidthMm: paper.w, pageHeightMm: paper.h, slots };
}
