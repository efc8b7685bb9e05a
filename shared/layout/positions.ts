/**
 * Well positions are a row letter and a column number: `A1` .. `P24`. `A01` is accepted and
 * normalised to `A1`. Rows beyond Z are not used by any plate or box we support.
 */
export interface Layout {
  rows: number;
  columns: number;
}

export interface WellPosition {
  row: number; // 0-based
  column: number; // 0-based
}

const POSITION = /^([A-Za-z])0*([1-9][0-9]*)$/;
export const MAX_ROWS = 26;
export const MAX_COLUMNS = 48;

export function parsePosition(text: string): WellPosition | null {
  const m = POSITION.exec(text.trim());
  if (!m) return null;
  const row = m[1]!.toUpperCase().charCodeAt(0) - 65;
  const column = Number(m[2]) - 1;
  if (column >= MAX_COLUMNS) return null;
  return { row, column };
}

export function formatPosition(p: WellPosition): string {
  return `${String.fromCharCode(65 + p.row)}${p.column + 1}`;
}

export function isInLayout(p: WellPosition, layout: Layout): boolean {
  return p.row >= 0 && p.row < layout.rows && p.column >= 0 && p.column < layout.columns;
}

/** Normalises a position against a layout; null when it is not a position or lies outside the layout. */
export function normalizePosition(text: string, layout: Layout): string | null {
  const p = parsePosition(text);
  return p && isInLayout(p, layout) ? formatPosition(p) : null;
}

/**
 * A well's position as one key, with no layout to check it against: `A01` and `a1` are the same well; an
 * unparsable position is kept as typed (trimmed) so the server names it.
 */
export function positionKey(p: string): string {
  const parsed = parsePosition(p);
  return parsed ? formatPosition(parsed) : p.trim();
}

export type FillOrder = 'row-major' | 'column-major';

/** Every position of a layout in fill order. */
export function positionsInOrder(layout: Layout, order: FillOrder): string[] {
  const out: string[] = [];
  if (order === 'row-major') {
    for (let r = 0; r < layout.rows; r++)
      for (let c = 0; c < layout.columns; c++) out.push(formatPosition({ row: r, column: c }));
  } else {
    for (let c = 0; c < layout.columns; c++)
      for (let r = 0; r < layout.rows; r++) out.push(formatPosition({ row: r, column: c }));
  }
  return out;
}

/** Common stock, by the number of positions a template name mentions ("96 Well Plate", "81 Slot Box"). */
const KNOWN_LAYOUTS: Record<number, Layout> = {
  6: { rows: 2, columns: 3 },
  12: { rows: 3, columns: 4 },
  24: { rows: 4, columns: 6 },
  48: { rows: 6, columns: 8 },
  81: { rows: 9, columns: 9 },
  96: { rows: 8, columns: 12 },
  100: { rows: 10, columns: 10 },
  384: { rows: 16, columns: 24 },
};

/** A count the name says is one of positions: "96 Well", "384-well", "81 Slot", "100 positions". */
const COUNT_OF_POSITIONS = /(\d+)\s*-?\s*(?:wells?|slots?|positions?|places?)\b/gi;

/**
 * Guesses a layout from a manifest template name; null unless the name says it unambiguously (the bench
 * is then asked, once per template). "8 x 12" names both sides (the shorter is the rows: plates and racks
 * lie landscape). Otherwise a count of positions we know: one the name marks as such ("Plate 2 (96
 * wells)"), before any other number, or the only number in the name ("384", "Greiner 96 plate"). A name
 * with other numbers besides says no count: "Echo 12-col 384 plate" was read as 12 positions (3 × 4), and
 * a 384-well plate so drawn counted no well as used, so its fill went over another bench's tubes.
 */
export function layoutFromTemplate(template: string): Layout | null {
  const sides = /(\d+)\s*[x×]\s*(\d+)/i.exec(template);
  if (sides) {
    const [a, b] = [Number(sides[1]), Number(sides[2])];
    const layout = { rows: Math.min(a, b), columns: Math.max(a, b) };
    // Sides no plate or box we support has: the name says something else (a shelf of 100), not a count.
    return layout.rows >= 1 && layout.rows <= MAX_ROWS && layout.columns <= MAX_COLUMNS ? layout : null;
  }
  const marked = new Set([...template.matchAll(COUNT_OF_POSITIONS)].map((m) => Number(m[1])));
  if (marked.size > 0) return marked.size === 1 ? (KNOWN_LAYOUTS[[...marked][0]!] ?? null) : null;
  const numbers = [...template.matchAll(/\d+/g)];
  return numbers.length === 1 ? (KNOWN_LAYOUTS[Number(numbers[0]![0])] ?? null) : null;
}

export function capacity(layout: Layout): number {
  return layout.rows * layout.columns;
}
