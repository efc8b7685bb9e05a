/** Length units. Templates store millimetres; inches are accepted at the edges because label stock is sold in inches. */
export const MM_PER_INCH = 25.4;
export const MM_PER_POINT = MM_PER_INCH / 72;

export type LengthUnit = 'mm' | 'in';

export function toMm(value: number, unit: LengthUnit): number {
  // Rounded to 1/1000 mm so 1" stays 25.4 and not 25.400000000000002 in saved files and goldens.
  return Math.round((unit === 'in' ? value * MM_PER_INCH : value) * 1000) / 1000;
}

export function fromMm(mm: number, unit: LengthUnit): number {
  return unit === 'in' ? mm / MM_PER_INCH : mm;
}

export function mmToPoints(mm: number): number {
  return mm / MM_PER_POINT;
}

export function pointsToMm(pt: number): number {
  return pt * MM_PER_POINT;
}

export function dotsPerMm(dpi: number): number {
  return dpi / MM_PER_INCH;
}

/** Printer dots for a length; thermal printers address whole dots only. */
export function mmToDots(mm: number, dpi: number): number {
  return Math.round(mm * dotsPerMm(dpi));
}
