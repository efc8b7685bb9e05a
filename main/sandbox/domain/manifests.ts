import type { ManifestIdentifier, UpdateManifestRequest } from '../../../shared/api/manifests.js';
import { normalizePosition } from '../../../shared/layout/positions.js';
import type { SandboxStore } from '../store/index.js';
import type { ManifestRecord, WellRecord } from '../store/manifests.js';
import { rowsByIdOrBarcode } from './row-lookup.js';
import { findLabsheet } from './labsheets.js';
import { invalid, notFound } from './service-error.js';

export function findManifest(store: SandboxStore, q: ManifestIdentifier): ManifestRecord {
  const by = q.uuid ? 'uuid' : q.hrid ? 'hrid' : 'barcode';
  const value = q[by] ?? '';
  const m = store.manifests.find(by, value);
  if (!m) throw notFound(`no manifest with ${by} "${value}"`);
  return m;
}

/** A position checked against the manifest's layout and normalised (A01 -> A1); 422 naming it otherwise. */
export function wellPosition(m: ManifestRecord, text: string, where: string): string {
  const p = normalizePosition(text, m.layout);
  if (!p)
    throw invalid(
      `${where}: "${text}" is not a position on ${m.hrid} (${m.layout.rows} rows x ${m.layout.columns} columns, A1..${String.fromCharCode(64 + m.layout.rows)}${m.layout.columns})`,
    );
  return p;
}

/** A sample named by its row's ID (or ID_BARCODE, normalised to the ID) in its origin labsheet. */
export function resolveSample(
  store: SandboxStore,
  sample: { id: string; labsheet: string },
  where: string,
): { id: string; labsheet: string } {
  const sheet = findLabsheet(store, sample.labsheet);
  const row = rowsByIdOrBarcode(store, sheet, sample.id)[0];
  if (!row) throw notFound(`${where}: labsheet "${sheet.name}" has no row with ID or barcode "${sample.id}"`);
  return { id: row.idValue ?? row.barcodeValue ?? row.uuid, labsheet: sheet.name };
}

function noDuplicates(positions: readonly string[], where: string): void {
  const seen = new Set<string>();
  positions.forEach((p, i) => {
    if (seen.has(p)) throw invalid(`${where}[${i}]: position ${p} appears more than once in this request`);
    seen.add(p);
  });
}

/** manifest/update: removals first, then assignments; a field present in a well is set, an absent one kept. */
export function updateManifest(
  store: SandboxStore,
  req: UpdateManifestRequest,
): { manifest: ManifestRecord; changed: number } {
  const m = findManifest(store, req.uuid ? { uuid: req.uuid } : { hrid: req.hrid ?? '' });
  if (req.uuid && req.hrid && m.hrid !== req.hrid)
    throw invalid(`hrid "${req.hrid}" does not name manifest ${req.uuid} (${m.hrid})`);
  const removals = (req.plate.removeFromWells ?? []).map((r, i) => ({
    ...r,
    position: wellPosition(m, r.position, `plate.removeFromWells[${i}].position`),
  }));
  const wells = (req.plate.wells ?? []).map((w, i) => ({
    ...w,
    position: wellPosition(m, w.position, `plate.wells[${i}].position`),
    // null is "no sample" (the app sends every field of a well); absent leaves the sample as it is.
    sample: w.sample ? resolveSample(store, w.sample, `plate.wells[${i}].sample`) : w.sample,
  }));
  noDuplicates(
    removals.map((r) => r.position),
    'plate.removeFromWells',
  );
  noDuplicates(
    wells.map((w) => w.position),
    'plate.wells',
  );

  store.tx(() => {
    for (const r of removals) {
      const w: WellRecord = store.manifests.well(m.uuid, r.position);
      if (r.fields.includes('SAMPLE')) {
        w.sampleId = null;
        w.sampleLabsheet = null;
      }
      if (r.fields.includes('LABEL')) w.label = '';
      if (r.fields.includes('TAGS')) w.tags = [];
      store.manifests.putWell(m.uuid, w);
    }
    for (const a of wells) {
      const w = store.manifests.well(m.uuid, a.position);
      if (a.sample) {
        w.sampleId = a.sample.id;
        w.sampleLabsheet = a.sample.labsheet;
      }
      if (a.sample === null) {
        w.sampleId = null;
        w.sampleLabsheet = null;
      }
      if (a.tags !== undefined) w.tags = [...new Set(a.tags)];
      if (a.label !== undefined) w.label = a.label;
      store.manifests.putWell(m.uuid, w);
    }
    store.manifests.touch(m.uuid, store.now());
  });
  return { manifest: m, changed: removals.length + wells.length };
}
