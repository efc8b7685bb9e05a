import { z } from 'zod';
import { isExpired } from './gs1-describe.js';
import type { Gs1Data } from './gs1.js';

/**
 * What a reagent or consumable pack's GS1 code can fill in a labsheet row. A labsheet's columns
 * are mapped to these once (Row update → "Pack columns"); a scanned pack then fills the open row.
 */
export const GS1_COLUMN_FIELDS = ['gtin', 'lot', 'expiry', 'serial'] as const;
export type Gs1ColumnField = (typeof GS1_COLUMN_FIELDS)[number];

export const GS1_FIELD_WORDS: Record<Gs1ColumnField, string> = {
  gtin: 'Product (GTIN, AI 01)',
  lot: 'Lot (AI 10)',
  expiry: 'Expiry date (AI 17)',
  serial: 'Serial (AI 21)',
};

const columnName = z.string().trim().min(1).max(200);
/** One labsheet's mapping: field → column. A field left out is not filled. */
export const gs1ColumnMap = z.strictObject({
  gtin: columnName.optional(),
  lot: columnName.optional(),
  expiry: columnName.optional(),
  serial: columnName.optional(),
});
export type Gs1ColumnMap = z.infer<typeof gs1ColumnMap>;

/** Mappings by labsheet name; bounded so a hostile patch cannot grow the settings file without end. */
export const gs1ColumnMaps = z
  .record(z.string().trim().min(1).max(200), gs1ColumnMap)
  .refine((o) => Object.keys(o).length <= 100, 'at most 100 labsheets with pack columns');
export type Gs1ColumnMaps = z.infer<typeof gs1ColumnMaps>;

const GUESS: Record<Gs1ColumnField, RegExp> = {
  gtin: /\b(gtin|ean|upc|product code|catalog)/i,
  lot: /\b(lot|batch)\b/i,
  expiry: /\b(expir|exp\b|use by|best before)/i,
  serial: /\bserial\b/i,
};

/** A first mapping from the column names, for the user to confirm; never applied unconfirmed. */
export function guessGs1Columns(headers: readonly string[]): Gs1ColumnMap {
  const map: Gs1ColumnMap = {};
  for (const field of GS1_COLUMN_FIELDS) {
    const hit = headers.find((h) => GUESS[field].test(h));
    if (hit) map[field] = hit;
  }
  return map;
}

export interface Gs1Fill {
  /** column → value, in the cell form the service takes (dates as YYYY-MM-DD). */
  cells: Record<string, string>;
  /** The mapped fields this read does not carry, for "lot not on this code". */
  missing: Gs1ColumnField[];
  expired: boolean;
}

/** What a read fills in a row under a mapping; `today` is the bench's local date, YYYY-MM-DD. */
export function gs1Fill(data: Gs1Data, map: Gs1ColumnMap, today: string): Gs1Fill {
  const values: Record<Gs1ColumnField, string | undefined> = {
    gtin: data.gtin,
    lot: data.lot,
    expiry: data.expiry,
    serial: data.serial,
  };
  const cells: Record<string, string> = {};
  const missing: Gs1ColumnField[] = [];
  for (const field of GS1_COLUMN_FIELDS) {
    const column = map[field];
    if (!column) continue;
    const value = values[field];
    if (value === undefined) missing.push(field);
    else cells[column] = value;
  }
  return { cells, missing, expired: isExpired(data, today) };
}
