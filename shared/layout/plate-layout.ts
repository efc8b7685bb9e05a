import { z } from 'zod';
import { normalizePosition } from './positions.js';

/**
 * A plate layout template: the control, blank and standard wells most plates of a kind share (qPCR
 * with no-template controls in A1–A3 and standards down column 12). Applied to an open plate in one
 * step; the fill then passes over its wells.
 */
export const LAYOUT_SIZES = [96, 384] as const;
export const layoutSize = z.union([z.literal(96), z.literal(384)]);
export type LayoutSize = z.infer<typeof layoutSize>;
export const gridOf = (size: LayoutSize) => (size === 96 ? { rows: 8, columns: 12 } : { rows: 16, columns: 24 });

/** Printed in a Code 128 command barcode and typed by scanners: plain ASCII, no prefix-like colon. */
export const layoutName = z
  .string()
  .trim()
  .min(1, 'give the layout a name')
  .max(40, 'at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.+-]*$/, 'letters, digits, spaces and _ . + - only');

/** A layout places controls, blanks and standards (and SAMPLE marks); "no label" is not something to place. */
export const LAYOUT_LABELS = ['POS_CONTROL', 'NEG_CONTROL', 'BLANK', 'STANDARD', 'SAMPLE'] as const;
export const layoutWell = z.strictObject({
  position: z.string(),
  label: z.enum(LAYOUT_LABELS),
  tags: z.array(z.string().trim().min(1).max(60)).max(20),
});
export type LayoutWell = z.infer<typeof layoutWell>;

export const plateLayout = z
  .strictObject({ name: layoutName, size: layoutSize, wells: z.array(layoutWell).min(1).max(384) })
  .superRefine((l, ctx) => {
    const grid = gridOf(l.size);
    const seen = new Set<string>();
    l.wells.forEach((w, i) => {
      const p = normalizePosition(w.position, grid);
      if (p === null)
        ctx.addIssue({
          code: 'custom',
          path: ['wells', i, 'position'],
          message: `${w.position} is not on a ${l.size}-well plate`,
        });
      else if (seen.has(p))
        ctx.addIssue({ code: 'custom', path: ['wells', i, 'position'], message: `${p} is listed twice` });
      else seen.add(p);
    });
  })
  .transform((l) => ({
    ...l,
    wells: l.wells.map((w) => ({ ...w, position: normalizePosition(w.position, gridOf(l.size)) ?? w.position })),
  }));
export type PlateLayout = z.output<typeof plateLayout>;

/** Same name, ignoring case: the command barcode's name may arrive upper-cased. */
export const sameLayoutName = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
