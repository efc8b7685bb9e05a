import type { AssignLocationRequest } from '../../../shared/api/labsheets.js';
import type { SandboxStore } from '../store/index.js';
import type { LabsheetRecord } from '../store/labsheets.js';
import type { ManifestRecord } from '../store/manifests.js';
import type { RowRecord } from '../store/rows.js';
import { findLabsheet } from './labsheets.js';
import { wellPosition } from './manifests.js';
import { conflict, notFound } from './service-error.js';

function findRow(
  store: SandboxStore,
  sheet: LabsheetRecord,
  idType: AssignLocationRequest['idType'],
  id: string,
): RowRecord | undefined {
  switch (idType) {
    case 'ID':
      return store.rows.byIdValue(sheet.uuid, id)[0];
    case 'ID_BARCODE':
      return store.rows.byBarcode(sheet.uuid, id)[0];
    case 'SERVICE_BARCODE':
      return store.rows.byServiceBarcode(sheet.uuid, id)[0];
    case 'ROW_UUID': {
      const row = store.rows.byUuid(id);
      return row && row.labsheetUuid === sheet.uuid ? row : undefined;
    }
  }
}

const sampleIdOf = (row: RowRecord): string => row.idValue ?? row.barcodeValue ?? row.uuid;

/**
 * Assigns rows to a location. When the location is a manifest and a position is given, the row's
 * sample fills that well; a well holding a different sample is a conflict, the same one a no-op.
 * A row moved away from a well it was assigned to leaves that well (a tube is in one place).
 * All-or-nothing: every check runs before anything is written.
 */
export function assignLocation(
  store: SandboxStore,
  req: AssignLocationRequest,
): { id: string; position: string | null }[] {
  const sheet = findLabsheet(store, req.labsheet);
  const manifest: ManifestRecord | null = store.manifests.find('uuid', req.locationId);
  if (!manifest && !store.locations.byUuid(req.locationId))
    throw notFound(`location "${req.locationId}" does not exist`);

  const claimed = new Map<string, string>();
  const plan = req.assignments.map((a, i) => {
    const row = findRow(store, sheet, req.idType, a.id);
    if (!row) throw notFound(`assignments[${i}]: labsheet "${sheet.name}" has no row with ${req.idType} "${a.id}"`);
    const position =
      manifest && a.position !== undefined && a.position !== ''
        ? wellPosition(manifest, a.position, `assignments[${i}].position`)
        : null;
    if (manifest && position) {
      const sample = sampleIdOf(row);
      const earlier = claimed.get(position);
      if (earlier !== undefined && earlier !== sample)
        throw conflict(
          `assignments[${i}]: well ${position} of ${manifest.hrid} is given to both ${earlier} and ${sample} in this request`,
        );
      claimed.set(position, sample);
      const well = store.manifests.well(manifest.uuid, position);
      if (well.sampleId !== null && (well.sampleId !== sample || well.sampleLabsheet !== sheet.name)) {
        throw conflict(
          `assignments[${i}]: well ${position} of ${manifest.hrid} already holds ${well.sampleId} (${well.sampleLabsheet}), not ${sample}`,
        );
      }
    }
    return { a, row, position };
  });

  const now = store.now();
  store.tx(() => {
    for (const { row, position } of plan) {
      const sample = sampleIdOf(row);
      const previous = row.locationUuid && row.position ? store.manifests.find('uuid', row.locationUuid) : null;
      const moved = previous && (previous.uuid !== manifest?.uuid || row.position !== position);
      if (previous && moved) {
        const old = store.manifests.well(previous.uuid, row.position!);
        if (old.sampleId === sample && old.sampleLabsheet === sheet.name) {
          store.manifests.putWell(previous.uuid, { ...old, sampleId: null, sampleLabsheet: null });
          store.manifests.touch(previous.uuid, now);
        }
      }
      if (manifest && position) {
        const well = store.manifests.well(manifest.uuid, position);
        if (well.sampleId === null) {
          store.manifests.putWell(manifest.uuid, { ...well, sampleId: sample, sampleLabsheet: sheet.name });
          store.manifests.touch(manifest.uuid, now);
        }
      }
      store.rows.setLocation(row, req.locationId, position, now);
    }
  });
  return plan.map(({ a, position }) => ({ id: a.id, position }));
}
