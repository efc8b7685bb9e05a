import type { LabelRecord } from './record.js';
import type { Placeholder } from './template.js';

/** "{id} · {volume} µL" with the record's values; a field the record lacks prints as nothing. */
export function fillFields(text: string, record: LabelRecord): string {
  return text
    .replace(/\{([^{}]*)\}/g, (_, name: string) => record[name as Placeholder] ?? '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
