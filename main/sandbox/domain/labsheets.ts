import type { CreateLabsheetRequest } from '../../../shared/api/labsheets.js';
import { isMagicColumnType, MAGIC_COLUMN_NAMES } from '../../../shared/api/primitives.js';
import type { SandboxStore } from '../store/index.js';
import { folderLocation, type FolderRecord } from '../store/eln.js';
import type { LabsheetRecord, NewColumn } from '../store/labsheets.js';
import { conflict, invalid, notFound } from './service-error.js';

const REFERENCE_TYPES = new Set(['LINK', 'LOOKUP', 'FOREIGN_KEY', 'CONNECTION']);

/** A folder named by the caller: its name, or its location path ("Labspace:Folder"). Duplicates conflict. */
export function findFolder(store: SandboxStore, nameOrLocation: string): FolderRecord {
  let found = store.eln.foldersByName(nameOrLocation);
  if (found.length === 0 && nameOrLocation.includes(':')) found = store.eln.foldersByLocation(nameOrLocation);
  if (found.length === 0) throw notFound(`folder "${nameOrLocation}" does not exist`);
  if (found.length > 1)
    throw conflict(`folder name "${nameOrLocation}" matches ${found.length} folders; use its uuid or location`);
  return found[0]!;
}

export function findLabsheet(store: SandboxStore, name: string): LabsheetRecord {
  const sheet = store.labsheets.byName(name);
  if (!sheet) throw notFound(`labsheet "${name}" does not exist`);
  return sheet;
}

/** The spec's create rules beyond the request schema: unique name, fixed magic names, folder and references exist. */
export function createLabsheet(
  store: SandboxStore,
  req: CreateLabsheetRequest,
  createdBy: string,
  uuid?: string,
): LabsheetRecord {
  const name = req.name.trim();
  if (store.labsheets.byName(name)) throw conflict(`a labsheet named "${name}" already exists`);
  const folder = req.folder === undefined || req.folder === '' ? null : findFolder(store, req.folder);

  const columns: NewColumn[] = req.columns.map((c) => ({
    name: isMagicColumnType(c.type) ? MAGIC_COLUMN_NAMES[c.type] : (c.name ?? '').trim(),
    type: c.type,
    spec: { ...c },
  }));
  const seen = new Map<string, number>();
  columns.forEach((c, i) => {
    // Row listings put the row uuid first under the header "uuid"; a column of that name would be ambiguous.
    if (c.name.toLowerCase() === 'uuid')
      throw invalid(`columns[${i}]: the column name "uuid" is reserved for the row uuid`);
    const prev = seen.get(c.name.toLowerCase());
    if (prev !== undefined) throw invalid(`columns[${i}]: column name "${c.name}" is already used by columns[${prev}]`);
    seen.set(c.name.toLowerCase(), i);
  });
  const barcodes = columns.filter((c) => c.type === 'ID_BARCODE').length;
  if (barcodes > 1) throw invalid(`columns: at most one ID_BARCODE column is allowed (found ${barcodes})`);
  req.columns.forEach((c, i) => {
    if (
      REFERENCE_TYPES.has(c.type) &&
      c.labsheet !== undefined &&
      c.labsheet !== name &&
      !store.labsheets.byName(c.labsheet)
    ) {
      throw notFound(`columns[${i}].labsheet: labsheet "${c.labsheet}" does not exist`);
    }
  });

  return store.labsheets.create({
    name,
    folderUuid: folder?.uuid ?? null,
    path: folder ? `${folderLocation(folder)}/${name}` : name,
    createdBy,
    createdAt: store.now(),
    columns,
    ...(uuid ? { uuid } : {}),
  });
}
