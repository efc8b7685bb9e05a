import { z } from 'zod';
import { labelDay } from './day.js';
import type { Placeholder } from './template.js';

const cell = z.union([z.string(), z.number()]).transform((v) => String(v));

/** One thing to label: a row, a well or a location, reduced to the fields templates can name. */
export const labelRecord = z.object({
  id: z.union([z.string().min(1), z.number()]).transform((v) => String(v)),
  name: cell.optional(),
  date: cell.optional(),
  volume: cell.optional(),
  hrid: cell.optional(),
  barcode: cell.optional(),
  position: cell.optional(),
});
export type LabelRecord = z.output<typeof labelRecord>;
export type LabelRecordInput = z.input<typeof labelRecord>;

/** Which labsheet column feeds which field; `id` is required because every label must name its sample. */
export type ColumnMap = { id: string } & Partial<Record<Exclude<Placeholder, 'id'>, string>>;

/**
 * A labsheet row (column name → cell) as a label record. Empty or missing cells stay absent so the
 * template prints an empty line rather than "undefined"; a missing ID is an error at label time. The
 * date column's cell is printed as a day (labelDay), never as the epoch ms it may come as.
 */
export function recordFromRow(row: Readonly<Record<string, unknown>>, columns: ColumnMap): LabelRecordInput {
  const record: Record<string, string> = {};
  for (const [field, column] of Object.entries(columns)) {
    if (column === undefined) continue;
    const value = row[column];
    if (field === 'date') {
      const day = labelDay(value);
      if (day !== undefined) record[field] = day;
    } else if (typeof value === 'string' && value.trim() !== '') record[field] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) record[field] = String(value);
  }
  return { ...record, id: record['id'] ?? '' };
}
