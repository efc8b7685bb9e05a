import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  gridOf,
  LAYOUT_LABELS,
  plateLayout,
  type LayoutSize,
  type PlateLayout,
} from '../../shared/layout/plate-layout.js';
import { normalizePosition } from '../../shared/layout/positions.js';

/** `position,label,tags` with tags separated by `;`: what a spreadsheet user writes and reads. */
export function layoutToCsv(l: PlateLayout): string {
  return stringify(
    l.wells.map((w) => [w.position, w.label, w.tags.join(';')]),
    { header: true, columns: ['position', 'label', 'tags'] },
  );
}

export class LayoutCsvError extends Error {}

/**
 * Reads a layout from CSV. Every problem is reported with its line, all at once, so a file is fixed in
 * one go; nothing is saved from a file with any problem.
 */
export function layoutFromCsv(name: string, size: LayoutSize, csv: string): PlateLayout {
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (h: string[]) => h.map((x) => x.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch (err) {
    throw new LayoutCsvError(`Not a CSV file we can read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (records.length === 0)
    throw new LayoutCsvError('The file has no wells (expected the columns position,label,tags)');
  if (!('position' in records[0]!) || !('label' in records[0]!))
    throw new LayoutCsvError('The first line must name the columns: position,label,tags');
  const wells = records.map((r) => ({
    position: r['position'] ?? '',
    label: (r['label'] ?? '').toUpperCase(),
    tags: (r['tags'] ?? '')
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean),
  }));
  // Positions and labels are checked here, line by line, so one file's problems all come back at once.
  const grid = gridOf(size);
  const problems: string[] = [];
  const seen = new Set<string>();
  wells.forEach((w, i) => {
    const line = `line ${i + 2}`; // the header is line 1
    const p = normalizePosition(w.position, grid);
    if (p === null) problems.push(`${line}: ${w.position || '(empty)'} is not on a ${size}-well plate`);
    else if (seen.has(p)) problems.push(`${line}: ${p} is listed twice`);
    else seen.add(p);
    if (!(LAYOUT_LABELS as readonly string[]).includes(w.label))
      problems.push(`${line}: label must be one of ${LAYOUT_LABELS.join(', ')}`);
  });
  if (problems.length > 0) throw new LayoutCsvError(problems.join('; '));
  const parsed = plateLayout.safeParse({ name, size, wells });
  if (parsed.success) return parsed.data;
  throw new LayoutCsvError(parsed.error.issues.map((i) => `${i.path.join('.') || 'layout'}: ${i.message}`).join('; '));
}
