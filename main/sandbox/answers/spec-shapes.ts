import type { EndpointName } from '../../../shared/api/endpoints.js';
import { mapField, mapItems, pick, type Json } from './json.js';

/**
 * For each endpoint, the answer cut down to the fields lab-data-service-spec.md names for it: what a
 * real service promises, nothing of ours. Where the spec shows no response (labspace/create,
 * /sequences?name=) the sandbox's own answer stays. Each line quotes the spec's words it follows.
 */
export const SPEC_SHAPES: Partial<Record<EndpointName, (body: Json) => Json>> = {
  // "body name, uuid, path, success (boolean)"
  createLabsheet: (b) => pick(b, ['name', 'uuid', 'path', 'success']),
  // "items (array of objects with name), total (number), success (boolean)"
  fetchLabsheetList: (b) =>
    mapField(pick(b, ['items', 'total', 'success']), 'items', (items) => mapItems(items, (i) => pick(i, ['name']))),
  // "headers (array of string), rows (array of arrays), total (number), success (string `true` or boolean)"
  fetchLabsheetRows: (b) => pick(b, ['headers', 'rows', 'total', 'success']),
  // "array of objects with ID (string) and updatedRows (array of objects with uuid string and success string)"
  updateRowsById: (b) =>
    mapItems(b, (r) =>
      mapField(pick(r, ['ID', 'updatedRows']), 'updatedRows', (u) => mapItems(u, (x) => pick(x, ['uuid', 'success']))),
    ),
  // "Response: success (boolean)"
  addSequenceToRow: (b) => pick(b, ['success']),
  // "the template fields listed in Resources"
  labsheetToTemplate: (b) =>
    pick(b, [
      'uuid',
      'Id',
      'name',
      'index',
      'type',
      'createdBy',
      'creationDate',
      'defaultAddRows',
      'editable',
      'isPrivate',
      'alerts',
      'iconIndex',
      'folder',
      'success',
    ]),
  // "success (boolean), name (string), uuid (string)"
  deleteColumn: (b) => pick(b, ['success', 'name', 'uuid']),
  // "success (boolean), assignedPositions (array of objects with id and position)"
  assignLocation: (b) =>
    mapField(pick(b, ['success', 'assignedPositions']), 'assignedPositions', (a) =>
      mapItems(a, (x) => pick(x, ['id', 'position'])),
    ),
  // "name, template, uuid, hrid, barcode, emptySpaces, lastUpdate, success" — no wells, no layout
  fetchManifestMetadata: (b) =>
    pick(b, ['name', 'template', 'uuid', 'hrid', 'barcode', 'emptySpaces', 'lastUpdate', 'success']),
  // "success (boolean), message (string), data (object with hrid)"
  updateManifest: (b) => mapField(pick(b, ['success', 'message', 'data']), 'data', (d) => pick(d, ['hrid'])),
  // "items (array of objects with name, uuid), total (number), success (boolean)"
  fetchLabspaceList: (b) =>
    mapField(pick(b, ['items', 'total', 'success']), 'items', (items) =>
      mapItems(items, (i) => pick(i, ['name', 'uuid'])),
    ),
  // "success (boolean), data (object: name, uuid, description)"
  fetchLabspace: (b) => mapField(pick(b, ['success', 'data']), 'data', (d) => pick(d, ['name', 'uuid', 'description'])),
  // "success, name, uuid, location"
  fetchFolder: (b) => pick(b, ['success', 'name', 'uuid', 'location']),
  // "Response: success (boolean)"
  removeFolderPermissions: (b) => pick(b, ['success']),
  // "success, uuid, image_uuid, extension, name, position"
  attachImage: (b) => pick(b, ['success', 'uuid', 'image_uuid', 'extension', 'name', 'position']),
  // "items (array of objects with name, type, uuid), total (number), success (boolean)"; with name: not shown,
  // and "Internal index, type, Id and _class fields are stripped from single-sequence reads"
  listSequences: (b) =>
    pickSequenceRead(b) ??
    mapField(pick(b, ['items', 'total', 'success']), 'items', (items) =>
      mapItems(items, (i) => pick(i, ['name', 'type', 'uuid'])),
    ),
  // "success (boolean), sequence (object as in Resources)", type stripped on single reads
  fetchSequence: (b) => pickSequenceRead(b) ?? b,
  // "success, message, performTestStepId, protocoltemplateId, samplesLinked"
  linkSamplesToTest: (b) => pick(b, ['success', 'message', 'performTestStepId', 'protocoltemplateId', 'samplesLinked']),
  // "returns a request identifier `requestId`. Request body and response shape: not shown."
  createLocations: (b) => pick(b, ['requestId']),
  // "success, requestId, status, message, result (object with created: array of objects with name and uuid)"
  fetchLocationCreateStatus: (b) =>
    mapField(pick(b, ['success', 'requestId', 'status', 'message', 'result']), 'result', (r) =>
      mapField(pick(r, ['created']), 'created', (c) => mapItems(c, (x) => pick(x, ['name', 'uuid']))),
    ),
  // "array with one object per file: fileName, fileId, ticketId, status, message"
  storeAndEmbedFiles: (b) => mapItems(b, (f) => pick(f, ['fileName', 'fileId', 'ticketId', 'status', 'message'])),
  // "Response: success (boolean)"
  sendWebhook: (b) => pick(b, ['success']),
};

/** A single-sequence read: `{success, sequence}` with the sequence's own fields, `type` stripped. */
function pickSequenceRead(b: Json): Json | null {
  if (typeof b !== 'object' || b === null || Array.isArray(b) || !('sequence' in b)) return null;
  return mapField(pick(b, ['success', 'sequence']), 'sequence', (s) =>
    pick(s, ['name', 'uuid', 'sequence', 'circular']),
  );
}
