import type { RowUpdateElement } from '../../../shared/api/labsheets.js';
import type { CellValue } from '../../../shared/api/primitives.js';
import type { SandboxStore } from '../store/index.js';
import type { ColumnRecord, LabsheetRecord } from '../store/labsheets.js';
import { coerceCell } from './cells.js';
import { barcodeColumn, idColumn } from './row-lookup.js';
import { invalid, ServiceError } from './service-error.js';

/** One row to update: how it is identified and the cells to set (already type-checked). */
export interface RowUpdateGroup {
  key: string;
  /** Which indexed value to match: the ID column, the ID_BARCODE column, or ID then ID_BARCODE (bare string). */
  by: 'id' | 'barcode' | 'either';
  changes: Map<ColumnRecord, CellValue>;
}

/**
 * Turns the request's `rows` into row updates (DESIGN.md): a flat object is one row (ID column
 * included); a single-key element keyed by the ID or ID_BARCODE column starts a new row and the
 * following single-key elements add cells to it; a bare string is an ID with no changes.
 */
export function groupRowUpdates(
  columns: readonly ColumnRecord[],
  elements: readonly RowUpdateElement[],
): RowUpdateGroup[] {
  const idCol = idColumn(columns);
  const bcCol = barcodeColumn(columns);
  if (!idCol && !bcCol) throw invalid('the labsheet has no ID or ID_BARCODE column to match rows by');
  const byName = new Map(columns.map((c) => [c.name, c]));
  const groups: RowUpdateGroup[] = [];
  let current: RowUpdateGroup | null = null;

  const setCell = (g: RowUpdateGroup, name: string, value: CellValue, where: string): void => {
    const col = byName.get(name);
    if (!col) throw invalid(`${where}: unknown column "${name}"`);
    try {
      g.changes.set(col, coerceCell(col, value));
    } catch (e) {
      throw prefixReason(e, where);
    }
  };

  elements.forEach((el, i) => {
    const where = `rows[${i}]`;
    if (typeof el === 'string') {
      if (el.trim() === '') throw invalid(`${where}: an ID must not be empty`);
      groups.push({ key: el.trim(), by: 'either', changes: new Map() });
      // A bare string is an ID with no changes: cells after it need their own ID-keyed element.
      current = null;
      return;
    }
    const keys = Object.keys(el);
    if (keys.length === 0) throw invalid(`${where}: an element needs at least one column`);
    const keyCol = idCol && keys.includes(idCol.name) ? idCol : bcCol && keys.includes(bcCol.name) ? bcCol : undefined;
    if (keyCol) {
      const raw = el[keyCol.name];
      if (raw === null || raw === undefined || String(raw).trim() === '')
        throw invalid(`${where}: column "${keyCol.name}" must hold the row's ID`);
      current = { key: String(raw).trim(), by: keyCol.type === 'ID' ? 'id' : 'barcode', changes: new Map() };
      groups.push(current);
      for (const k of keys) if (k !== keyCol.name) setCell(current, k, el[k] ?? null, `${where}.${k}`);
      return;
    }
    if (keys.length > 1) {
      const names = [idCol?.name, bcCol?.name]
        .filter(Boolean)
        .map((n) => `"${n}"`)
        .join(' or ');
      throw invalid(`${where}: a row object must include its ${names} column`);
    }
    const g: RowUpdateGroup | null = current;
    if (!g)
      throw invalid(`${where}: sets column "${keys[0]}" without a preceding element keyed by the row's ID column`);
    setCell(g, keys[0]!, el[keys[0]!] ?? null, `${where}.${keys[0]}`);
  });
  return groups;
}

/** Cell errors name the element they came from (rows[3].Vol: ...). */
function prefixReason(e: unknown, where: string): unknown {
  return e instanceof ServiceError && !e.reason.startsWith(where) ? invalid(`${where}: ${e.reason}`) : e;
}

export interface RowUpdateResult {
  ID: string;
  updatedRows: { uuid: string; success: 'true' }[];
}

/** Applies the groups in one transaction. An ID that matches no row answers an empty updatedRows. */
export function applyRowUpdates(
  store: SandboxStore,
  sheet: LabsheetRecord,
  groups: readonly RowUpdateGroup[],
): RowUpdateResult[] {
  const columns = store.labsheets.columns(sheet.uuid);
  const now = store.now();
  return store.tx(() =>
    groups.map((g) => {
      const matches =
        g.by === 'id'
          ? store.rows.byIdValue(sheet.uuid, g.key)
          : g.by === 'barcode'
            ? store.rows.byBarcode(sheet.uuid, g.key)
            : (() => {
                const byId = store.rows.byIdValue(sheet.uuid, g.key);
                return byId.length > 0 ? byId : store.rows.byBarcode(sheet.uuid, g.key);
              })();
      for (const row of matches) {
        if (g.changes.size === 0) continue;
        const cells = { ...row.cells };
        for (const [col, value] of g.changes) cells[String(col.id)] = value;
        store.rows.updateCells(row, columns, cells, now);
      }
      return { ID: g.key, updatedRows: matches.map((r) => ({ uuid: r.uuid, success: 'true' as const })) };
    }),
  );
}
