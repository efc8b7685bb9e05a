import { ENDPOINTS, type EndpointName } from '../api/endpoints.js';
import { RECORD_FILE_SOURCE, type Intent, type IntentType, type ManifestRef } from './intents.js';

/** Which endpoint carries each intent. The idempotency rule is read from ENDPOINTS, never restated. */
export const ENDPOINT_OF: Record<IntentType, EndpointName> = {
  'well-set': 'updateManifest',
  'well-remove': 'updateManifest',
  'location-assign': 'assignLocation',
  'row-update': 'updateRowsById',
  'file-upload': 'storeAndEmbedFiles',
  webhook: 'sendWebhook',
  'labflow-link': 'linkSamplesToTest',
  'labsheet-create': 'createLabsheet',
  'location-create': 'createLocations',
  'labsheet-to-template': 'labsheetToTemplate',
  'delete-column': 'deleteColumn',
  'remove-permissions': 'removeFolderPermissions',
  'attach-image': 'attachImage',
  'add-sequence-to-row': 'addSequenceToRow',
  'labspace-create': 'createLabspace',
};

export function isIdempotentIntent(type: IntentType): boolean {
  return ENDPOINTS[ENDPOINT_OF[type]].idempotent;
}

/** Intents that several of can share one request. */
export type CoalescingKind = 'wells' | 'assignments' | 'rows';
export function coalescingKindOf(type: IntentType): CoalescingKind | null {
  if (type === 'well-set' || type === 'well-remove') return 'wells';
  if (type === 'location-assign') return 'assignments';
  if (type === 'row-update') return 'rows';
  return null;
}

export function manifestKey(ref: ManifestRef): string {
  return 'uuid' in ref ? `uuid:${ref.uuid}` : `hrid:${ref.hrid}`;
}

/** The lane (target key) of a plate's well changes, for the name they were queued under. */
export function plateLaneOf(ref: ManifestRef): string {
  return JSON.stringify(['manifest', manifestKey(ref)]);
}

/**
 * The uuid of the plate, box or location a target key (targetKeyOf) names by uuid, or null: the one an
 * entry's summary needs a name for. A plate named by hrid, and every other lane, names none.
 */
export function placeUuidOfTarget(target: string): string | null {
  let parts: unknown;
  try {
    parts = JSON.parse(target);
  } catch {
    return null;
  }
  if (!Array.isArray(parts)) return null;
  const [kind, first, second] = parts as unknown[];
  if (kind === 'manifest' && typeof first === 'string' && first.startsWith('uuid:')) return first.slice('uuid:'.length);
  if (kind === 'location' && typeof second === 'string') return second;
  return null;
}

/** The lane a labsheet's row changes sync in (targetKeyOf of any row-update of it). */
export const rowLaneOf = (labsheet: string): string =>
  targetKeyOf({ type: 'row-update', labsheet, idColumn: '-', id: '-', changes: {} });

/**
 * The target key groups entries that must stay in order and may be coalesced together. JSON arrays
 * keep the parts unambiguous whatever characters names contain.
 */
export function targetKeyOf(i: Intent): string {
  switch (i.type) {
    case 'well-set':
    case 'well-remove':
      return plateLaneOf(i.manifest);
    case 'location-assign':
      return JSON.stringify(['location', i.labsheet, i.locationId, i.idType]);
    case 'row-update':
      return JSON.stringify(['rows', i.labsheet]);
    case 'labsheet-create':
    case 'labsheet-to-template':
    case 'delete-column':
      return JSON.stringify(['labsheet', i.type === 'labsheet-create' ? i.request.name : i.request.labsheet]);
    case 'add-sequence-to-row':
      return JSON.stringify(['rows', i.request.labsheet]);
    case 'attach-image':
      // Pictures keep their order within a page; one waiting for an upload the user has yet to resolve
      // (uncertain) must not hold every other page's pictures.
      return JSON.stringify(['attach-image', i.request.uuid ?? i.request.hrid ?? i.request.name ?? '']);
    case 'webhook':
      // A plate record's event keeps its plate's records in order, and only them: one filing waiting for
      // the user (its picture unsure, its plate's changes unsent) held every other plate's event and every
      // webhook the Data screen sends. Entries already queued keep the lane they were stored with.
      return i.payload['event'] === 'plate.completed' && typeof i.payload['uuid'] === 'string'
        ? JSON.stringify(['webhook', 'plate.completed', i.payload['uuid']])
        : JSON.stringify(['webhook']);
    case 'file-upload':
      // A plate record's files wait for the plate's well changes they state: in a lane per plate, so they
      // hold neither another plate's record nor the Upload screen's files.
      return i.fileSource === RECORD_FILE_SOURCE
        ? JSON.stringify(['file-upload', RECORD_FILE_SOURCE, recordPlateOf(i.fileName)])
        : JSON.stringify(['file-upload']);
    default:
      // One lane per kind keeps e.g. webhooks in the order they were raised.
      return JSON.stringify([i.type]);
  }
}

/**
 * The plate part of a record file's name (PLATE_<hrid>_<day>_<time>.csv, _grid.csv, .png: record-folders.ts;
 * without the time from older versions): the day and time come off, so a plate's records of every day share one lane. A name of another shape is its own.
 */
function recordPlateOf(fileName: string): string {
  return /^(.+)_\d{4}-\d{2}-\d{2}(?:_\d{6})?(?:_grid)?\.(?:csv|png)$/.exec(fileName)?.[1] ?? fileName;
}
