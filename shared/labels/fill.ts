import type { LabelRecord } from './record.js';
import type { Placeholder } from './template.js';

/** "{id} · {volume} µL" with the record's values; a field the record lacks prints as nothing. */
export function fillFields(text: string, record: LabelRecord): string {
  return (
    text
      .replace(/\{([^{}]*)\}/g, (_, name: string) => record[name as Placeholder] ?? '')
      // Any run of white space, a lone tab or line break too (a cell pasted from a spreadsheet): one space.
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * What the barcode holds. A field that is one placeholder ("{id}", the usual) holds its value as the
 * record has it: tidied like a printed line, "S-0001  A" was encoded "S-0001 A", and the label scanned
 * back named no row. A field that joins several is tidied as a line (a missing value leaves no gap).
 */
export function fillBarcode(field: string, record: LabelRecord): string {
  const single = /^\{([^{}]*)\}$/.exec(field);
  return single ? (record[single[1] as Placeholder] ?? '') : fillFields(field, record);
}
