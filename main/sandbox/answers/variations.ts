import type { EndpointName } from '../../../shared/api/endpoints.js';
import { isObject, mapField, mapItems, type Json, type JsonObject } from './json.js';
import type { Random } from '../../common/seeded-random.js';

/** How often each variation is applied to an answer it fits. */
const P = 0.35;

/** A variation: a new body (and maybe an empty 2xx) derived from the spec-shaped one. */
export interface Varied {
  body: Json;
  /** Answer with this status and no body at all (e.g. 204 to a webhook). */
  emptyStatus?: number;
}

type Vary = (body: Json, rnd: Random) => Varied;

const sometimes = (rnd: Random, f: () => Json, otherwise: Json): Json => (rnd() < P ? f() : otherwise);
const numericText = (v: Json): Json => (typeof v === 'number' ? String(v) : v);
/** `success: true` as the string "true" ("success (string `true` or boolean)" on row listing). */
const successText = (b: Json, rnd: Random): Json =>
  mapField(b, 'success', (s) => sometimes(rnd, () => (s === true ? 'true' : s), s));
/** `total` as numeric text: the spec gives it as "number" but services send JSON numbers as strings. */
const totalText = (b: Json, rnd: Random): Json => mapField(b, 'total', (t) => sometimes(rnd, () => numericText(t), t));
const counts = (b: Json, rnd: Random): Json => totalText(successText(b, rnd), rnd);
/** An optional string the service sends as null ("nulls for optional strings"). */
const nullField = (b: Json, key: string, rnd: Random): Json => mapField(b, key, (v) => sometimes(rnd, () => null, v));
/** An optional field left out altogether. */
function dropField(b: Json, key: string, rnd: Random): Json {
  if (!isObject(b) || !(key in b) || rnd() >= P) return b;
  const { [key]: _gone, ...rest } = b;
  return rest;
}
const same: Vary = (b, rnd) => ({ body: successText(b, rnd) });

/**
 * Variations a real service may send within the spec's wording, per endpoint. main/sandbox/README.md
 * lists each beside the spec's words that allow it. The row listing's cells are varied in its route,
 * which knows the column types (varyRowCells).
 */
export const VARIATIONS: Partial<Record<EndpointName, Vary>> = {
  createLabsheet: same,
  fetchLabsheetList: (b, rnd) => ({ body: counts(b, rnd) }),
  fetchLabsheetRows: (b, rnd) => ({ body: counts(b, rnd) }),
  updateRowsById: (b, rnd) => ({
    body: mapItems(b, (r) =>
      mapField(
        mapField(r, 'ID', (id) =>
          sometimes(rnd, () => (typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id), id),
        ),
        'updatedRows',
        (u) =>
          mapItems(u, (x) => mapField(x, 'success', (s) => sometimes(rnd, () => (s === 'true' ? true : 'true'), s))),
      ),
    ),
  }),
  addSequenceToRow: same,
  labsheetToTemplate: (b, rnd) => ({
    body: mapField(
      mapField(successText(b, rnd), 'folder', (f) => sometimes(rnd, () => (f === '' ? null : f), f)),
      'index',
      (i) => sometimes(rnd, () => Math.floor(rnd() * 100), i),
    ),
  }),
  // "Response: success (boolean), name (string), uuid (string)" — a service may answer only the flag.
  deleteColumn: (b, rnd) => ({ body: sometimes(rnd, () => ({ success: true }), b) }),
  assignLocation: (b, rnd) => ({
    body: mapField(successText(b, rnd), 'assignedPositions', (a) =>
      sometimes(
        rnd,
        // "assignedPositions": a service may list only the ids it gave a position, not one placed nowhere.
        () => (Array.isArray(a) ? a.filter((x) => !isObject(x) || (x.position ?? null) !== null) : a),
        mapItems(a, (x) => (isObject(x) && x.position === null && rnd() < P ? { id: x.id ?? null } : x)),
      ),
    ),
  }),
  fetchManifestMetadata: (b, rnd) => ({
    body: mapField(nullField(successText(b, rnd), 'barcode', rnd), 'emptySpaces', (e) =>
      sometimes(rnd, () => (typeof e === 'string' && /^\d+$/.test(e) ? Number(e) : e), e),
    ),
  }),
  updateManifest: (b, rnd) => ({ body: nullField(successText(b, rnd), 'message', rnd) }),
  fetchLabspaceList: (b, rnd) => ({ body: counts(b, rnd) }),
  // A labspace's description is optional on create: "a labspace without description".
  fetchLabspace: (b, rnd) => ({
    body: mapField(successText(b, rnd), 'data', (d) =>
      rnd() < 0.5 ? dropField(d, 'description', rnd) : nullField(d, 'description', rnd),
    ),
  }),
  fetchFolder: same,
  removeFolderPermissions: same,
  attachImage: same,
  // With name, "that response shape: not shown": the sequence itself, a one-item list, or an array.
  listSequences: (b, rnd) => ({
    body: isObject(b) && isObject(b.sequence) ? sequenceRead(b.sequence, rnd) : counts(b, rnd),
  }),
  // "Internal index, type, Id and _class fields are stripped ... where present": type may be there or not.
  fetchSequence: (b, rnd) => ({
    body: mapField(b, 'sequence', (s) => sometimes(rnd, () => (isObject(s) ? { ...s, type: 'DNA' } : s), s)),
  }),
  // Labflow ids are typed "id", not "string": a service may send numbers.
  linkSamplesToTest: (b, rnd) => ({
    body: mapField(
      mapField(successText(b, rnd), 'performTestStepId', (id) => sometimes(rnd, () => 1 + Math.floor(rnd() * 1e6), id)),
      'samplesLinked',
      (n) => sometimes(rnd, () => numericText(n), n),
    ),
  }),
  createLocations: (b, rnd) => ({ body: sometimes(rnd, () => ({ ...(isObject(b) ? b : {}), success: true }), b) }),
  fetchLocationCreateStatus: (b, rnd) => {
    let body = nullField(successText(b, rnd), 'message', rnd);
    if (isObject(body) && body.status !== 'COMPLETED' && !('result' in body) && rnd() < P)
      body = { ...body, result: null };
    return { body };
  },
  storeAndEmbedFiles: (b, rnd) => ({ body: mapItems(b, (f) => nullField(f, 'message', rnd)) }),
  // "Response: success (boolean)" — and a service with nothing to say answers 204 or an empty 200.
  sendWebhook: (b, rnd) => {
    const r = rnd();
    if (r < P / 2) return { body: null, emptyStatus: 204 };
    if (r < P) return { body: null, emptyStatus: 200 };
    return { body: successText(b, rnd) };
  },
};

function sequenceRead(s: JsonObject, rnd: Random): Json {
  const r = rnd();
  if (r < 0.25) return { success: true, sequence: s };
  if (r < 0.5) return s;
  if (r < 0.75) return { items: [s], total: '1', success: 'true' };
  return [s];
}

/** Unknown extra fields at every level ("extra properties may appear"): never a name the spec uses. */
export function addExtras(v: Json, rnd: Random, depth = 0): Json {
  if (Array.isArray(v)) return v.map((x) => (isObject(x) || Array.isArray(x) ? addExtras(x, rnd, depth + 1) : x));
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) out[k] = isObject(x) || Array.isArray(x) ? addExtras(x, rnd, depth + 1) : x;
  if (rnd() < P) {
    const extras: Json[] = ['', 'internal', 42, null, false, { nested: { deeper: ['x', 1] } }, ['a', 'b']];
    out[`x_extra_${depth}_${Math.floor(rnd() * 1000)}`] = extras[Math.floor(rnd() * extras.length)]!;
  }
  return out;
}

/**
 * Row cells as real services send them: CHECKBOX cells as JSON booleans and ATTACHED_FILES cells as
 * arrays ("a cell may be null, string or number" is what the spec shows; these are what services do).
 */
export function varyRowCells(rows: Json, types: readonly (string | null)[], rnd: Random): Json {
  return mapItems(rows, (row) =>
    Array.isArray(row)
      ? row.map((cell, i) => {
          if (types[i] === 'CHECKBOX' && (cell === 'true' || cell === 'false') && rnd() < 0.5) return cell === 'true';
          if (types[i] === 'ATTACHED_FILES' && typeof cell === 'string' && rnd() < 0.5) {
            return cell === ''
              ? []
              : cell.split(',').map((name) => (rnd() < 0.5 ? name.trim() : { name: name.trim() }));
          }
          return cell;
        })
      : row,
  );
}
