import type { CellValue } from '../../../shared/api/primitives.js';
import type { SandboxStore } from '../store/index.js';
import type { ColumnRecord, LabsheetRecord } from '../store/labsheets.js';
import type { RowView } from '../store/rows.js';

/**
 * Builds the `headers` + `rows` arrays of a row listing. Magic columns are computed here (they
 * are never stored): Last Modified from the row, Existing Manifest from its location, Labspaces
 * from the labsheet's folder. FORMULA columns are not evaluated by the sandbox and read null.
 */
export function rowTable(store: SandboxStore, sheet: LabsheetRecord, columns: readonly ColumnRecord[], rows: readonly RowView[]): { headers: string[]; rows: CellValue[][] } {
  const headers = ['uuid', ...columns.map((c) => c.name)];
  const manifestNames = new Map<string, string | null>();
  const manifestName = (locationUuid: string | null): string | null => {
    if (locationUuid === null) return null;
    if (!manifestNames.has(locationUuid)) manifestNames.set(locationUuid, store.manifests.find('uuid', locationUuid)?.name ?? null);
    return manifestNames.get(locationUuid) ?? null;
  };
  let labspace: string | null | undefined;
  const labspaceName = (): string | null => {
    if (labspace === undefined) labspace = sheet.folderUuid ? (store.eln.folderByUuid(sheet.folderUuid)?.labspaceName ?? null) : null;
    return labspace;
  };
  const keys = columns.map((c) => String(c.id));
  const out = rows.map((row) => {
    const line: CellValue[] = [row.uuid];
    columns.forEach((c, i) => {
      switch (c.type) {
        case 'LAST_MODIFIED': line.push(row.updatedAt); break;
        case 'EXISTING_MANIFEST': line.push(manifestName(row.locationUuid)); break;
        case 'LABSPACES': line.push(labspaceName()); break;
        default: line.push(row.cells[keys[i]!] ?? null);
      }
    });
    return line;
  });
  return { headers, rows: out };
}
