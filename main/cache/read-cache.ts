import { ApiError, TimeoutError, type LabClient } from '../api/index.js';
import { UnavailableError } from '../common/unavailable-error.js';
import type { Logger } from '../common/logger.js';
import { isDefinite, ListingBrokeOffError, serviceCheck, ServiceChangedError } from './read-errors.js';
import { createRowLoader } from './row-loader.js';
import { toOutboxError, type Outbox, type OutboxEntry } from '../outbox/index.js';
import { entryMayHaveArrived } from '../outbox/may-have-arrived.js';
import { OPEN_STATES } from '../outbox/entry.js';
import type { ManifestMetadata } from '../../shared/api/manifests.js';
import type {
  CachedManifest,
  CachedWell,
  RowAnswer,
  RowsAnswer,
  LabsheetColumns,
  KnownLocation,
  LayoutSource,
  PendingWellChange,
  SampleIndex,
} from '../../shared/ipc/channels/cache.js';
import { MAX_KNOWN_LOCATIONS, rowAnswerAt } from '../../shared/ipc/channels/cache.js';
import type { ManifestRef } from '../../shared/outbox/intents.js';
import { plateLaneOf } from '../../shared/outbox/intent-meta.js';
import { isUsedWell } from '../../shared/outbox/well-state.js';
import type { CacheStore, ManifestRecord, RowLookup } from './cache-store.js';
import { identifyColumns, type RowColumns } from './row-columns.js';
import { forgetMovedTube, movedAwayFrom } from './moved-tubes.js';
import { createdLocationsOf } from './created-locations.js';
import { basedOnLeftHere } from './plate-left-here.js';
import { createRowsLeftHere } from './rows-left-here.js';
import type { KnownIdColumns } from '../../shared/ipc/id-columns.js';
import { TypedEmitter, logListenerError } from '../common/emitter.js';
import { capacity, layoutFromTemplate, positionKey, type Layout } from '../../shared/layout/positions.js';
import { sameLetters } from '../../shared/barcode/letter-case.js';

export interface ReadCacheDeps {
  store: CacheStore;
  client(): Promise<LabClient>;
  outbox: Outbox;
  now(): number;
  /** Background refreshes that fail are reported here (the next lookup tries again). */
  log?: Logger;
  /** A labsheet's rows younger than this answer a lookup without asking the service again. */
  rowsFreshMs?: number;
  /**
   * A value the rows do not hold is answered from rows read less than this long ago, without reading
   * the labsheet again: the spec has no row search, so each such read is the whole labsheet, and a bench
   * scanning new (unregistered) tubes one after another would read it once per tube. Past this age a
   * miss reads again (the tube may be new since). Default: half of rowsFreshMs, the age from which the
   * background refresh renews the rows anyway.
   */
  missAnsweredWithinMs?: number;
  /**
   * A labsheet's ID and ID_BARCODE columns when the app knows them (created here, or chosen by the
   * user; kept in Settings). Without an answer they are guessed from the column names.
   */
  knownIdColumns?: (labsheet: string) => KnownIdColumns | undefined;
  /**
   * The identity of the service in use (shared/ipc/service-identity.ts). Before each lookup the store is
   * bound to it, so after a switch nothing another service said is shown as this one's.
   */
  service?: () => string;
  /**
   * After a reload of a labsheet's rows failed, lookups answer from the saved copy for this long without
   * calling again: a service that hangs would otherwise cost every scan the whole request timeout. The
   * same for plates and boxes after a read of one timed out.
   */
  reloadBackoffMs?: number;
}

type ManifestQuery = { barcode?: string | undefined; hrid?: string | undefined; uuid?: string | undefined };
type StoredManifest = Omit<ManifestRecord, 'fetchedAt'> & { wells: CachedWell[] };

/** A placeholder until the layout is known: the bench asks for it before filling. */
const PLACEHOLDER_LAYOUT: Layout = { rows: 8, columns: 12 };

/**
 * Used wells the service counts that this computer cannot place: the service's used count (capacity
 * minus emptySpaces) beyond the wells known to hold something. 0 when the service lists its wells (or
 * the layout is not known: the plate is held for that already). Null when nobody here can tell which
 * wells are used, so any well may be:
 * - it neither lists them nor says how many are empty (it was 0, and a plate another bench half filled
 *   was filled again from A1 over its tubes);
 * - it gives no lastUpdate: the count alone stays as it was when another bench swaps or moves tubes,
 *   so a well written here may have been emptied and one the record shows empty filled (the fill went
 *   into the tube another bench had just put there). Only a plate the count says is wholly empty is
 *   known then.
 * A layout too small for the count is not used at all (layoutOf): the count went below zero and every
 * well was taken for empty. Fewer used than this computer's record holds is no sign of one: it is what
 * another bench emptying a well filled here leaves, and it shows wells drawn full that are empty, never
 * the other way.
 */
function unplacedUsed(m: StoredManifest): number | null {
  if (m.layoutFrom === 'unknown' || m.wellsFrom === 'service') return 0;
  if (m.basis.emptySpaces === null) return null;
  const used = capacity(m) - m.basis.emptySpaces;
  if (m.basis.lastUpdate === null && used > 0) return null;
  const known = m.wells.filter((w) => isUsedWell(w)).length;
  return Math.max(0, used - known);
}

/** Why a read of the service gave no answer to go by, in the bench's words (savedOrWhy). */
function notAnsweredWhy(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message.replace(/\.$/, '') : String(err);
  const status = err.status === undefined ? '' : ` (HTTP ${err.status})`;
  switch (err.kind) {
    case 'network':
      return 'the service could not be reached';
    case 'timeout':
      return 'the service did not answer in time';
    case 'rate-limited':
      return `the service asked to slow down${status}`;
    case 'auth':
      return `the service refused the token${status}`;
    case 'protocol':
    case 'unreadable':
      return `the service's answer could not be read${status}`;
    default:
      return `the service failed${status}`;
  }
}

/**
 * Above this many rows the index is not handed to the page (a few MB over the IPC, parsed twice):
 * such a labsheet is looked up per scan, as before.
 */
export const MAX_SAMPLE_INDEX_ROWS = 100_000;

type SavedHit = NonNullable<RowLookup>;

export type ReadCacheEvents = { rowsLoaded: { labsheet: string; fetchedAt: number } };

function toPendingChange(
  e: OutboxEntry,
  names: (labsheet: string, id: string) => readonly string[] | null,
): PendingWellChange {
  return {
    entryId: e.id,
    state: e.state,
    updatedAt: e.updatedAt,
    intent: e.intent,
    error: e.lastError ? toOutboxError(e.lastError) : null,
    mayHaveArrived: entryMayHaveArrived(e),
    ...(e.intent.type === 'location-assign' ? namesOf(names(e.intent.labsheet, e.intent.id)) : {}),
  };
}

const namesOf = (names: readonly string[] | null): { names?: string[] } => (names ? { names: [...names] } : {});

/** A tube's names as the saved rows know them, or null when no saved row holds it (savedTubeNames). */
type SavedNames = (labsheet: string, id: string) => readonly string[] | null;

/** At most so many names kept between changes of the saved rows (a few MB; a rack asks about 3,744): then read again. */
const MAX_NAMES_KEPT = 10_000;

/** A tube's names: the saved rows', or only the one it was queued under. */
const namesOrQueued =
  (saved: SavedNames) =>
  (labsheet: string, id: string): readonly string[] =>
    saved(labsheet, id) ?? [id];

/**
 * Reads for the workflows that keep working offline: each answer from the service is saved, and
 * when the service cannot be reached the saved answer comes back with its age. Manifests carry
 * the outbox entries not yet confirmed, so the plate map shows what the user did, not only what
 * the server has.
 */
export function createReadCache(d: ReadCacheDeps) {
  const { store } = d;
  const rowsFreshMs = d.rowsFreshMs ?? 30_000;
  const missAnsweredWithinMs = Math.min(d.missAnsweredWithinMs ?? rowsFreshMs / 2, rowsFreshMs);
  /** Taken as a read starts, called before its answer is saved or given (read-errors.ts). */
  const sameService = () => serviceCheck(d.service);
  const events = new TypedEmitter<ReadCacheEvents>(d.log ? logListenerError(d.log, 'read cache') : undefined);

  function cachedManifest(q: ManifestQuery): { value: StoredManifest; fetchedAt: number } | null {
    const hit = q.uuid
      ? store.manifest('uuid', q.uuid)
      : q.hrid
        ? store.manifest('hrid', q.hrid)
        : store.manifest('barcode', q.barcode ?? '');
    if (!hit) return null;
    const { fetchedAt, ...m } = hit.manifest;
    return { value: { ...m, wells: hit.wells }, fetchedAt };
  }

  /**
   * Open well entries, plus those confirmed after `since` (the cached wells predate them); and this
   * computer's standing location assignments into the manifest, done ones too (a tube moved since under
   * another of its names, its sample ID after its barcode, no longer stands there; nor one that wells
   * listed since have elsewhere, movedSince): a service that lists no wells never shows where they went,
   * and without them a box scanned again on Assign location would start over at A1 and take a tube it
   * already holds (and Well fill would fill over it). Each assignment carries its tube's names when a
   * saved row holds it (`saved`, asked once per tube for the whole read).
   */
  function pendingFor(m: StoredManifest, since: number, saved: SavedNames): PendingWellChange[] {
    const targets = [plateLaneOf({ uuid: m.uuid }), plateLaneOf({ hrid: m.hrid })];
    const entries: OutboxEntry[] = [];
    const readIn: OutboxEntry[] = [];
    for (const t of targets)
      for (const s of [...OPEN_STATES, 'done'] as const)
        for (const e of d.outbox.entriesOf(t, s)) (s !== 'done' || e.updatedAt >= since ? entries : readIn).push(e);
    const names = namesOrQueued(saved);
    const standing = d.outbox
      .standingAssignments(m.uuid, names)
      .filter((a) => !emptiedSince(a, readIn) && !movedSince(m, a, since, names));
    const counted = countedBefore(m, standing, since);
    entries.push(...(countedOutOfDate(m, counted) ? standing.filter((a) => !counted.includes(a)) : standing));
    return entries.map((e) => toPendingChange(e, saved)).sort((a, b) => a.entryId - b.entryId);
  }

  /** This computer's moves of the tubes the wells list to other locations (moved-tubes.ts movedAwayFrom). */
  function movedAwayOf(m: StoredManifest, since: number, saved: SavedNames): PendingWellChange[] {
    return movedAwayFrom(d.outbox, m, since, namesOrQueued(saved)).map((e) => {
      // Named as the Outbox names it (entry-summary.ts): the two say one place.
      const to = e.intent.type === 'location-assign' ? store.nameOf(e.intent.locationId, e.service) : null;
      return { ...toPendingChange(e, saved), ...(to ? { place: to } : {}) };
    });
  }

  /**
   * Whether wells the service listed, read after it confirmed the assignment, no longer have the tube
   * at its position under any of its names: another bench moved it since, and the listing says where it
   * is. Drawn over that listing, a tube moved away stayed in the box on both screens, its scan back was
   * a "Duplicate", and a tag on its well wrote the sample back into the box. Still listed there, the
   * assignment stays: it knows the tube by the text scanned, as a rescan of it comes.
   */
  function movedSince(
    m: StoredManifest,
    a: OutboxEntry,
    since: number,
    names: (labsheet: string, id: string) => readonly string[],
  ): boolean {
    if (m.wellsFrom !== 'service' || a.state !== 'done' || a.updatedAt >= since) return false;
    if (a.intent.type !== 'location-assign' || !a.intent.position) return false;
    const at = positionKey(a.intent.position);
    const there = m.wells.find((w) => w.position === at)?.sample;
    const tube = new Set(names(a.intent.labsheet, a.intent.id).map((n) => n.toUpperCase()));
    return !there || !tube.has(there.id.toUpperCase());
  }

  /**
   * The assignments a service that lists no wells counted in its reading: confirmed before it, into a
   * position this computer's record of the wells does not already fill (one each).
   */
  function countedBefore(m: StoredManifest, standing: readonly OutboxEntry[], since: number): OutboxEntry[] {
    if (m.wellsFrom !== 'this-computer') return [];
    const filled = new Set(m.wells.filter((w) => isUsedWell(w)).map((w) => w.position));
    const counted: OutboxEntry[] = [];
    for (const a of standing) {
      if (a.state !== 'done' || a.updatedAt >= since || a.intent.type !== 'location-assign') continue;
      const at = a.intent.position ? positionKey(a.intent.position) : null;
      if (at === null || filled.has(at)) continue;
      filled.add(at);
      counted.push(a);
    }
    return counted;
  }

  /**
   * Whether the service counts fewer used positions than this computer's record and its confirmed
   * assignments fill: another bench took some of those tubes out since (it does not say which). None
   * of them is drawn as there then: kept, a tube moved away stayed in the box, its scan back was a
   * "Duplicate" (nothing recorded), and a tag on its well wrote the sample back. The service's count
   * (unplacedUsed) then holds the box for positions scanned before each tube, the safe side.
   */
  function countedOutOfDate(m: StoredManifest, counted: readonly OutboxEntry[]): boolean {
    if (counted.length === 0 || m.layoutFrom === 'unknown' || m.basis.emptySpaces === null) return false;
    const used = capacity(m) - m.basis.emptySpaces;
    return used < m.wells.filter((w) => isUsedWell(w)).length + counted.length;
  }

  /**
   * Whether a well change made here after the assignment, confirmed before the reading (so left out
   * of `pending`: the wells read already show it), took the tube's sample out of its well or put
   * another there. Listed, the assignment would be drawn over that reading: a tube removed on Well
   * fill came back on the next read, and Assign location counted its position as used.
   */
  function emptiedSince(a: OutboxEntry, readIn: readonly OutboxEntry[]): boolean {
    const at = a.intent.type === 'location-assign' ? a.intent.position?.toUpperCase() : undefined;
    if (!at) return false;
    return readIn.some((e) => {
      const i = e.intent;
      if (e.id < a.id || (i.type !== 'well-set' && i.type !== 'well-remove') || i.position.toUpperCase() !== at)
        return false;
      return i.type === 'well-set' ? i.sample !== undefined : i.fields.includes('SAMPLE');
    });
  }

  /**
   * The sandbox's extended answers carry a layout; a user's answer for the template comes next, then its
   * name. One that holds fewer wells than the service counts empty is wrong (a 16 × 24 plate said to be
   * 8 × 12, a name read as 3 × 4): not known, so every screen asks for it again and holds the plate meanwhile,
   * and the plate is drawn with it (a screen says why: the count does not fit). Used, the plate's used
   * count went below zero and every well of it was taken for empty.
   */
  function layoutOf(m: { layout?: Layout | undefined; template: string; emptySpaces: number | null }): {
    layout: Layout;
    from: LayoutSource;
  } {
    if (m.layout) return { layout: m.layout, from: 'service' };
    const told = store.templateLayout(m.template);
    const given = told ? { layout: told, from: 'user' as const } : null;
    const named = layoutFromTemplate(m.template);
    const found = given ?? (named ? { layout: named, from: 'template' as const } : null);
    if (!found) return { layout: PLACEHOLDER_LAYOUT, from: 'unknown' };
    if (m.emptySpaces !== null && m.emptySpaces > capacity(found.layout))
      return { layout: found.layout, from: 'unknown' };
    return found;
  }

  /**
   * Wells come from the service only when it lists them; otherwise from this computer's record (kept).
   * `knownBarcode`: the plate's barcode as this computer knows it, for an answer that gives none.
   */
  function toStored(m: ManifestMetadata, known: CachedWell[], knownBarcode: string): StoredManifest {
    const listed = m.wells?.map((w): CachedWell => ({
      // One name per well: the plate's map, its changes and its checks name wells A1, not A01 or a1 as a
      // service may (the tube in "A01" was drawn beside an empty A1, and the next tube put over it).
      position: positionKey(w.position),
      sample: w.sample ? { id: w.sample.id, labsheet: w.sample.labsheet ?? '' } : null,
      label: w.label ?? '',
      tags: w.tags ?? [],
    }));
    const template = m.template ?? '';
    const { layout, from } = layoutOf({ layout: m.layout, template, emptySpaces: m.emptySpaces ?? null });
    return {
      name: m.name ?? m.hrid,
      template,
      uuid: m.uuid,
      hrid: m.hrid,
      barcode: m.barcode || knownBarcode,
      ...layout,
      layoutFrom: from,
      basis: { lastUpdate: m.lastUpdate ?? null, emptySpaces: m.emptySpaces ?? null },
      wells: listed ?? known,
      wellsFrom: listed ? 'service' : 'this-computer',
    };
  }

  /** A cached manifest with today's answer for its layout (the user may have given it since). */
  function withLayout(m: StoredManifest): StoredManifest {
    if (m.layoutFrom === 'service') return m;
    const { layout, from } = layoutOf({ template: m.template, emptySpaces: m.basis.emptySpaces });
    return { ...m, ...layout, layoutFrom: from };
  }

  /**
   * What the wells, the counts and `pending` say is worked out from the reading; the basis the page's
   * next well change carries may be the plate as this computer left it instead (plate-left-here.ts).
   */
  function answer(m: StoredManifest, fetchedAt: number, fromCache: boolean): CachedManifest {
    const { basis, layoutFrom, wellsFrom, wells, ...rest } = withLayout(m);
    const full = { ...rest, basis, layoutFrom, wellsFrom, wells };
    return basedOnLeftHere(d.outbox, {
      ...full,
      reading: basis,
      unplacedUsed: unplacedUsed(full),
      fetchedAt,
      fromCache,
      // Both name the same tubes: savedTubeNames reads the saved rows once per tube for both.
      pending: pendingFor(full, fetchedAt, savedTubeNames),
      movedAway: movedAwayOf(full, fetchedAt, savedTubeNames),
    });
  }

  /**
   * The barcode of a plate whose answer gives none (the spec's wording allows null): the one it was just
   * found by, else the one saved before. Saved as '', it could not be opened again offline by its
   * barcode, and a barcode known before was written over. The saved spelling stands for a read of it in
   * another letter case.
   */
  function barcodeKnown(asked: string | undefined, saved: string | undefined): string {
    if (saved && (!asked || sameLetters(saved, asked))) return saved;
    return asked || saved || '';
  }

  function rememberLocation(m: StoredManifest, at: number): void {
    const loc: KnownLocation = {
      uuid: m.uuid,
      name: m.name,
      kind: 'manifest',
      hrid: m.hrid,
      barcode: m.barcode,
      rows: m.rows,
      columns: m.columns,
    };
    store.putLocation(loc, at);
  }

  /** savedTubeNames' answers, and the store's rowsVersion they were read under. */
  const namesRead = new Map<string, readonly string[] | null>();
  let namesReadAt = -1;
  /**
   * When a plate or box read last went unanswered in time, by service, until one is answered: for
   * reloadBackoffMs from it, plates and boxes are answered from the saved copy (said `fromCache`) without
   * calling, as rows are. A service that accepts connections but never answers cost every box scan the
   * whole request timeout (an unknown one, asked by barcode then hrid, twice), with the scan line frozen.
   * Only a timeout: a refused connection is told at once and costs nothing to ask again.
   */
  const manifestTimedOut = new Map<string, number>();
  const manifestBackoffMs = d.reloadBackoffMs ?? 30_000;
  function manifestBackingOff(service: string): boolean {
    const at = manifestTimedOut.get(service);
    return at !== undefined && d.now() - at < manifestBackoffMs;
  }

  function savedAnswer(q: ManifestQuery): CachedManifest | null {
    const cached = cachedManifest(q);
    return cached ? answer(cached.value, cached.fetchedAt, true) : null;
  }

  /**
   * The saved copy when the service could not be asked (`why`). A code asked as a barcode may be the
   * plate's hrid (every screen asks so next): its copy by that name answers too. None saved: thrown
   * (UnavailableError) with why, never null, which says the service has no such plate: "No plate or box
   * with this barcode" sent the bench looking for a label problem while the service was down.
   */
  function savedOrWhy(q: ManifestQuery, why: string): CachedManifest {
    const saved = savedAnswer(q) ?? (q.barcode ? savedAnswer({ hrid: q.barcode }) : null);
    if (saved) return saved;
    const code = q.barcode ?? q.hrid ?? q.uuid ?? '';
    throw new UnavailableError(
      `Could not look up "${code}": ${why}, and no copy of it is saved on this computer. Scan it again once ` +
        'the service answers.',
    );
  }

  /**
   * A definite "no such plate" answers null (isDefinite); a read that failed otherwise answers the saved
   * copy, or throws why (savedOrWhy).
   */
  async function manifest(q: ManifestQuery): Promise<CachedManifest | null> {
    const still = sameService();
    const service = d.service?.() ?? '';
    // Not asked while a read that timed out a moment ago is waited out: the saved copy, or why not (never
    // null, which says the service has no such plate).
    if (manifestBackingOff(service)) return savedOrWhy(q, 'the service did not answer in time a moment ago');
    try {
      const c = await d.client();
      const query = q.uuid ? { uuid: q.uuid } : q.hrid ? { hrid: q.hrid } : { barcode: q.barcode ?? '' };
      // The reading is as old as its question: the service may have read the plate before a write of
      // this computer landed and answered after it was confirmed. Dated at the answer, that write was
      // taken as in the reading and left out of `pending`: its well drawn (and saved) empty.
      const at = d.now();
      const fetched = await c.fetchManifestMetadata(query);
      still();
      const saved = store.manifest('uuid', fetched.uuid);
      const m = toStored(fetched, saved?.wells ?? [], barcodeKnown(q.barcode, saved?.manifest.barcode));
      const { wells, ...record } = m;
      store.putManifest({ ...record, fetchedAt: at }, m.wellsFrom === 'service' ? wells : null);
      rememberLocation(m, at);
      manifestTimedOut.delete(service);
      return answer(m, at, false);
    } catch (err) {
      still();
      if (isDefinite(err)) return null;
      if (err instanceof TimeoutError) manifestTimedOut.set(service, d.now());
      return savedOrWhy(q, notAnsweredWhy(err));
    }
  }

  function setTemplateLayout(template: string, layout: Layout): { ok: true } {
    store.putTemplateLayout(template, layout, d.now());
    return { ok: true };
  }

  // Confirmed well changes become this computer's record of the plate: a service that lists no wells
  // then still shows what was filled here, and "used on the service" can be told from "known here".
  // A confirmed move takes its tube out of the wells it left (moved-tubes.ts). Created locations are
  // remembered, so their uuid scanned later opens them.
  const offChanged = d.outbox.events.on('changed', (changes) => {
    for (const c of changes) {
      if (c.state !== 'done') continue;
      // What the store holds is one service's: bound first, as every read is (`bound`), or a change the
      // service in use confirmed went into the data of the one before, and was dropped at the next read.
      if (d.service) store.bindService(d.service());
      if (c.type === 'location-create') {
        const made = d.outbox.changedEntry(c.id);
        for (const l of createdLocationsOf(made?.result)) store.putLocation(l, d.now());
        continue;
      }
      if (c.type === 'location-assign') {
        const moved = d.outbox.changedEntry(c.id);
        if (moved) forgetMovedTube(store, d.outbox, moved, tubeNames);
        continue;
      }
      if (c.type !== 'well-set' && c.type !== 'well-remove') continue;
      const e = d.outbox.changedEntry(c.id);
      if (!e || (e.intent.type !== 'well-set' && e.intent.type !== 'well-remove')) continue;
      const ref = e.intent.manifest;
      const uuid = 'uuid' in ref ? ref.uuid : store.manifest('hrid', ref.hrid)?.manifest.uuid;
      if (uuid) store.applyWell(uuid, e.intent);
    }
  });

  const { load: loadFromService, backingOff } = createRowLoader({
    store,
    client: d.client,
    now: d.now,
    ...(d.log ? { log: d.log } : {}),
    ...(d.service ? { service: d.service } : {}),
    reloadBackoffMs: d.reloadBackoffMs ?? 30_000,
    columnsOf: (labsheet, headers) => columnsOf(labsheet, headers),
    rowsLoaded: (labsheet, fetchedAt) => events.emit('rowsLoaded', { labsheet, fetchedAt }),
  });

  const leftHere = createRowsLeftHere(d.outbox);
  /**
   * When the read behind each labsheet's saved rows began (by its fetchedAt): a row change confirmed
   * during that read may have been listed before it, so it is laid over these rows too (rows-left-here.ts).
   * A load joined by several lookups keeps the earliest start. Not kept across a restart: then the rows'
   * fetchedAt stands for it.
   */
  const readFrom = new Map<string, { fetchedAt: number; from: number }>();
  async function loadRows(labsheet: string, join = true): Promise<void> {
    const from = d.now();
    await loadFromService(labsheet, join);
    const fetchedAt = store.shape(labsheet)?.fetchedAt;
    if (fetchedAt === undefined) return;
    const known = readFrom.get(labsheet);
    const earliest = known?.fetchedAt === fetchedAt ? Math.min(known.from, from) : from;
    readFrom.set(labsheet, { fetchedAt, from: Math.min(earliest, fetchedAt) });
  }
  const rowsReadFrom = (labsheet: string, fetchedAt: number): number => {
    const known = readFrom.get(labsheet);
    return known?.fetchedAt === fetchedAt ? known.from : fetchedAt;
  };

  const columnsOf = (labsheet: string, headers: readonly string[]): RowColumns =>
    identifyColumns(headers, d.knownIdColumns?.(labsheet));

  /**
   * The saved rows' shape with today's ID columns: when the user has named other columns since the
   * rows were saved, the saved rows are found by those from now on (and a page holding the sample
   * index is told to ask again), online or not.
   */
  function currentShape(labsheet: string) {
    const saved = store.shape(labsheet);
    if (!saved) return null;
    const now = columnsOf(labsheet, saved.headers);
    if (now.idColumn !== saved.idColumn || now.barcodeColumn !== saved.barcodeColumn) {
      store.rekeyRows(labsheet, now);
      events.emit('rowsLoaded', { labsheet, fetchedAt: saved.fetchedAt });
    }
    return { ...saved, ...now };
  }

  /** Whether the saved rows are a part listed since `savedAt` (null: none were saved before). */
  function listedJustNow(labsheet: string, savedAt: number | null): boolean {
    const now = store.shape(labsheet);
    return now !== null && now.partial && (savedAt === null || now.fetchedAt > savedAt);
  }

  /**
   * The saved rows `values` name (as ID, barcode or row uuid: store.findRow), by value (or that a value names
   * several: no row is given for it); after currentShape, so they are found by today's ID columns.
   */
  function findSaved(labsheet: string, values: readonly string[], into: Map<string, SavedHit>): void {
    if (!currentShape(labsheet)) return;
    for (const v of values) {
      const hit = store.findRow(labsheet, v);
      if (hit) into.set(v, hit);
    }
  }

  /**
   * The rows `values` name, in their order, with the labsheet's columns once (RowsAnswer). Values the
   * fresh saved rows hold answer from them. The others are perhaps new since the rows were read: when
   * that read is a moment ago (younger than missAnsweredWithinMs) they are answered as not found from
   * it, saying when; otherwise they wait for one reload of the labsheet for them all (joining one under
   * way), or the saved copy when the service cannot be reached. `refresh` always reloads.
   */
  async function rows(labsheet: string, values: readonly string[], refresh = false): Promise<RowsAnswer> {
    const still = sameService();
    const shape = store.shape(labsheet);
    const age = shape === null ? Infinity : d.now() - shape.fetchedAt;
    const found = new Map<string, SavedHit>();
    if (age < rowsFreshMs && !refresh) {
      findSaved(labsheet, values, found);
      // Refresh ahead, in the background, once the rows are half their life old: a bench
      // scanning steadily then never waits for a whole labsheet to reload on its scan path,
      // and no answer is ever older than rowsFreshMs (the same promise as before).
      if (found.size > 0 && age >= rowsFreshMs / 2) {
        void loadRows(labsheet).catch((err: unknown) =>
          d.log?.warn('background refresh of labsheet rows failed', { labsheet, error: String(err) }),
        );
      }
    }
    const missing = values.filter((v) => !found.has(v));
    let fromCache = false;
    const reload = missing.length > 0 && (refresh || age >= missAnsweredWithinMs);
    if (reload && !refresh && backingOff(labsheet)) {
      fromCache = true;
      findSaved(labsheet, missing, found);
    } else if (reload) {
      const savedAt = shape?.fetchedAt ?? null;
      try {
        await loadRows(labsheet, !refresh);
        still();
      } catch (err) {
        if (err instanceof ServiceChangedError) throw err;
        still();
        // The service says the labsheet is not there: no row of it stands, whatever is saved. Said as read
        // just now (it is the service's answer), so a screen asks or refuses: answered as never read, a
        // labsheet the service does not have (Settings still naming the demo's) had every tube recorded
        // in green, and refused in the Outbox minutes later.
        if (isDefinite(err))
          return {
            ...savedIdColumns(labsheet),
            headers: [],
            rows: values.map(() => null),
            fetchedAt: d.now(),
            fromCache: false,
            partial: false,
            labsheetMissing: true,
          };
        // A listing that broke off with no whole copy saved left the rows it listed: the service's own,
        // read just now, and answered as such (said `partial`), not as a copy saved earlier.
        fromCache = !(err instanceof ListingBrokeOffError && listedJustNow(labsheet, savedAt));
      }
      findSaved(labsheet, missing, found);
    }
    // One store read for the whole answer (a rack file of 1,248 reads), not one per value. A row found
    // before a reload is given in today's columns (one added since reads null).
    const now = currentShape(labsheet);
    if (!now)
      return { ...savedIdColumns(labsheet), rows: values.map(() => null), fetchedAt: null, fromCache, partial: false };
    const { headers, idColumn, barcodeColumn, idFrom, fetchedAt, partial } = now;
    // What this computer changed in these rows since they were read, sent or still to be sent, stands
    // over them: opened again, a row shows the value just saved, not the one from before the save.
    const mine = found.size > 0 ? leftHere.changesOver(labsheet, rowsReadFrom(labsheet, fetchedAt)) : null;
    const names = [idColumn, ...(barcodeColumn === null ? [] : [barcodeColumn])];
    return {
      labsheet,
      headers,
      idColumn,
      barcodeColumn,
      idFrom,
      rows: values.map((v) => {
        const hit = found.get(v);
        if (!hit) return null;
        if ('shared' in hit) return hit;
        const row = mine ? mine.over(hit.row, names) : hit.row;
        return { matchedBy: hit.matchedBy, cells: headers.map((h) => row[h] ?? null) };
      }),
      fetchedAt,
      fromCache,
      // A value rows that are only part of the labsheet lack is unknown (it may be in the rows past them),
      // never "not in the labsheet": said, so a screen asks with why rather than records it unasked.
      partial,
    };
  }

  async function row(labsheet: string, value: string, refresh = false): Promise<RowAnswer> {
    return rowAnswerAt(await rows(labsheet, [value], refresh), 0);
  }

  /** Rows young enough to serve a whole fill without a reload stay; otherwise they load now. */
  async function warmRows(labsheet: string): Promise<{ ready: boolean }> {
    const shape = store.shape(labsheet);
    if (shape !== null && d.now() - shape.fetchedAt < rowsFreshMs / 2) return { ready: true };
    try {
      await loadRows(labsheet);
      return { ready: true };
    } catch {
      return { ready: store.shape(labsheet) !== null };
    }
  }

  /**
   * Every name of a tube (any row) as the saved rows know it, its row's ID first (sync/tube-names.ts):
   * its ID, its barcode and its uuid (a tube moved by ROW_UUID). From the store only, never a call to
   * the service, as the sync engine asks while it sends. The service's own barcode (SERVICE_BARCODE)
   * is not among them: the spec does not say how it is made, and no saved row holds it.
   */
  function tubeNames(labsheet: string, id: string): readonly string[] {
    return savedTubeNames(labsheet, id) ?? [id];
  }

  /**
   * A tube's names (tubeNames) when a saved row holds it; null when none does (its other names are unknown).
   * Each answer is kept while the saved rows stay as they were (the store's rowsVersion): the sync asks
   * about every tube of a rack on each sending step and again as each move is confirmed, and each answer
   * took four reads of the store (a rack of 1,248 tubes: about 1.3 s of main's time over the rack bench).
   */
  function savedTubeNames(labsheet: string, id: string): readonly string[] | null {
    const version = store.rowsVersion();
    if (version !== namesReadAt || namesRead.size >= MAX_NAMES_KEPT) {
      namesRead.clear();
      namesReadAt = version;
    }
    const key = JSON.stringify([labsheet, id]);
    const kept = namesRead.get(key);
    if (kept !== undefined) return kept;
    const names = readTubeNames(labsheet, id);
    namesRead.set(key, names);
    return names;
  }

  /** savedTubeNames, read from the store. */
  function readTubeNames(labsheet: string, id: string): readonly string[] | null {
    const shape = store.shape(labsheet);
    const hit = shape ? store.findRow(labsheet, id) : null;
    // A name several rows hold gives none of them: its other names are not known. A row uuid names its one
    // row even when the row's ID is shared (findRow answers `shared` for it, as the ID is what a well names).
    const found = !shape ? null : hit && !('shared' in hit) ? hit.row : store.rowOfUuid(labsheet, id);
    if (!shape || !found) return null;
    const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
    const rowId = text(found[shape.idColumn]);
    const barcode = shape.barcodeColumn === null ? null : text(found[shape.barcodeColumn]);
    return [...new Set([rowId, barcode, text(found['uuid']), id].filter((n): n is string => n !== null))];
  }

  /**
   * A plate's uuid and hrid as the saved plates know them (sync/plate-names.ts), from the store only:
   * the sync engine asks while it sends. A name not saved is known only as given.
   */
  function plateNames(ref: ManifestRef): { uuid: string | null; hrid: string | null } {
    const saved = 'uuid' in ref ? store.plateNames('uuid', ref.uuid) : store.plateNames('hrid', ref.hrid);
    return saved ?? ('uuid' in ref ? { uuid: ref.uuid, hrid: null } : { uuid: null, hrid: ref.hrid });
  }

  /**
   * The tubes the saved copy of a plate or box (by uuid) lists in its positions, from the store only: the
   * sync engine asks while it sends (sync/cross-target.ts ListedTubes), so a refill of a position waits
   * for this computer's move of the tube listed there.
   */
  function listedTubes(uuid: string): { position: string; labsheet: string; id: string }[] {
    const saved = store.manifest('uuid', uuid);
    if (!saved) return [];
    return saved.wells.flatMap((w) =>
      w.sample ? [{ position: w.position, labsheet: w.sample.labsheet, id: w.sample.id }] : [],
    );
  }

  /**
   * The tube → sample index of the rows as now cached (loaded first when they are old). By ID and barcode
   * only: row uuids would double what is handed to the page, for the labs that scan them; the page asks
   * main for a code its index lacks, and main finds a row uuid by its key (findRow).
   */
  async function sampleIndex(labsheet: string): Promise<SampleIndex | null> {
    const still = sameService();
    await warmRows(labsheet);
    still();
    const shape = currentShape(labsheet);
    if (!shape) return null;
    const keys = store.rowKeys(labsheet);
    if (keys.length > MAX_SAMPLE_INDEX_ROWS) return null;
    // A code more than one row holds (as ID or barcode, a row without an ID too) names no row here, as in
    // the lookup (findRow): its rows are left out, so the page asks main, which says which rows share it.
    const holders = new Map<string, number>();
    for (const k of keys)
      for (const code of new Set([k.id, k.barcode])) if (code) holders.set(code, (holders.get(code) ?? 0) + 1);
    const alone = (code: string | null) => !code || holders.get(code) === 1;
    const rows: [string, string | null][] = [];
    for (const k of keys) if (k.id !== null && alone(k.id) && alone(k.barcode)) rows.push([k.id, k.barcode]);
    return {
      labsheet,
      rows,
      fetchedAt: shape.fetchedAt,
      refreshFrom: shape.fetchedAt + rowsFreshMs / 2,
      freshUntil: shape.fetchedAt + rowsFreshMs,
    };
  }

  async function labsheets(): Promise<{ names: string[]; fetchedAt: number; fromCache: boolean }> {
    const still = sameService();
    try {
      const c = await d.client();
      const names = (await c.fetchLabsheetList({})).items.map((i) => i.name);
      still();
      const at = d.now();
      store.putLabsheetNames(names, at);
      return { names, fetchedAt: at, fromCache: false };
    } catch (err) {
      if (err instanceof ServiceChangedError) throw err;
      still();
      const cached = store.labsheetNames();
      return { names: cached?.names ?? [], fetchedAt: cached?.fetchedAt ?? 0, fromCache: true };
    }
  }

  /** Bounded (MAX_KNOWN_LOCATIONS): the pickers' list, or the few a scanned code names. */
  const locations = (code?: string): KnownLocation[] =>
    code === undefined ? store.locations(MAX_KNOWN_LOCATIONS) : store.locationsNamed(code, MAX_KNOWN_LOCATIONS);

  /**
   * The columns rows of a labsheet are identified by, with its column names to choose from. The rows
   * are read first when they are old, so Row update can show the answer before the first scan uses it.
   */
  /** Which columns name a labsheet's rows, as the saved rows or this app's own record say: no call. */
  function savedIdColumns(labsheet: string): LabsheetColumns {
    const shape = currentShape(labsheet);
    if (shape) {
      const { headers, idColumn, barcodeColumn, idFrom } = shape;
      return { labsheet, headers, idColumn, barcodeColumn, idFrom };
    }
    const known = d.knownIdColumns?.(labsheet);
    return known
      ? { labsheet, headers: [], idColumn: known.id, barcodeColumn: known.barcode, idFrom: known.from }
      : { labsheet, headers: [], idColumn: null, barcodeColumn: null, idFrom: 'guess' };
  }

  async function idColumns(labsheet: string): Promise<LabsheetColumns> {
    const still = sameService();
    await warmRows(labsheet);
    still();
    return savedIdColumns(labsheet);
  }

  // Every lookup first checks the cache holds the current service's data (one indexed read).
  const bound =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      if (d.service) store.bindService(d.service());
      return f(...a);
    };
  return {
    manifest: bound(manifest),
    setTemplateLayout,
    row: bound(row),
    rows: bound(rows),
    sampleIndex: bound(sampleIndex),
    tubeNames: bound(tubeNames),
    plateNames: bound(plateNames),
    listedTubes: bound(listedTubes),
    labsheets: bound(labsheets),
    locations: bound(locations),
    /**
     * A plate's or location's name from saved answers only (no call to the service), or null; `service`:
     * the one the uuid is of (an outbox entry's), answered from the names kept when its data went.
     */
    nameOf: bound((uuid: string, service?: string) => store.nameOf(uuid, service)),
    /**
     * Housekeeping, never on a scan: the names kept for plates and locations of a service left are
     * dropped once no outbox entry still kept names them (their history was pruned). Answers how many went.
     */
    pruneKeptNames: () => store.pruneKeptNames(d.outbox.namedPlaces()),
    idColumns: bound(idColumns),
    // Asked on every row update's enqueue, which must not wait for the service: what is saved here, no call.
    idColumnsHere: bound(savedIdColumns),
    events,
    close: () => {
      offChanged();
      leftHere.close();
    },
  };
}
export type ReadCache = ReturnType<typeof createReadCache>;
