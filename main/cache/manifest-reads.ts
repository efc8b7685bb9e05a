import { ApiError, TimeoutError } from '../api/index.js';
import { UnavailableError } from '../common/unavailable-error.js';
import { inTime, LATE } from '../common/in-time.js';
import type { ManifestMetadata } from '../../shared/api/manifests.js';
import type { CachedManifest, CachedWell, KnownLocation, LayoutSource } from '../../shared/ipc/channels/cache.js';
import type { ManifestRef } from '../../shared/outbox/intents.js';
import { capacity, layoutFromTemplate, positionKey, type Layout } from '../../shared/layout/positions.js';
import { sameLetters } from '../../shared/barcode/letter-case.js';
import type { ReadCacheDeps } from './read-cache.js';
import { isDefinite, serviceCheck } from './read-errors.js';
import { basedOnLeftHere } from './plate-left-here.js';
import { movedAwayOf, pendingFor } from './manifest-pending.js';
import { unplacedUsed, type StoredManifest } from './stored-manifest.js';
import type { SavedNames } from './tube-names.js';

/** The read cache's own (ReadCacheDeps), its defaults applied to reloadBackoffMs and reloadWaitMs. */
export type ManifestReadsDeps = Pick<ReadCacheDeps, 'store' | 'client' | 'outbox' | 'now' | 'service'> & {
  reloadBackoffMs: number;
  reloadWaitMs: number;
  /** A tube's names as the saved rows know them (tube-names.ts). */
  savedTubeNames: SavedNames;
};

type ManifestQuery = { barcode?: string | undefined; hrid?: string | undefined; uuid?: string | undefined };

/** A placeholder until the layout is known: the bench asks for it before filling. */
const PLACEHOLDER_LAYOUT: Layout = { rows: 8, columns: 12 };

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
 * Plates and boxes as the service answers them, saved; when it cannot be asked, the saved answer with its
 * age. Each answer carries what this computer did to the plate since (manifest-pending.ts).
 */
export function createManifestReads(d: ManifestReadsDeps) {
  const { store, savedTubeNames } = d;
  /** Taken as a read starts, called before its answer is saved or given (read-errors.ts). */
  const sameService = () => serviceCheck(d.service);

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
      pending: pendingFor(d.outbox, full, fetchedAt, savedTubeNames),
      movedAway: movedAwayOf(d.outbox, (uuid, service) => store.nameOf(uuid, service), full, fetchedAt, savedTubeNames),
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

  /**
   * When a plate or box read last went unanswered in time, by service, until one is answered: for
   * reloadBackoffMs from it, plates and boxes are answered from the saved copy (said `fromCache`) without
   * calling, as rows are. A service that accepts connections but never answers cost every box scan the
   * whole request timeout (an unknown one, asked by barcode then hrid, twice), with the scan line frozen.
   * Only a timeout: a refused connection is told at once and costs nothing to ask again.
   */
  const manifestTimedOut = new Map<string, number>();
  const manifestBackoffMs = d.reloadBackoffMs;
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
    const reading = read(q, still, service);
    // With a copy saved, a service slow to answer is not waited for: the copy answers (said `fromCache`),
    // the read goes on and saves what it gets. A service that took the connection and never answered held
    // the plate's scan for the whole request timeout (15 s, the scan line frozen). With none, the read is
    // all there is to answer with.
    const r = await inTime(reading, d.reloadWaitMs);
    if (r !== LATE) return r;
    const saved = savedAnswer(q) ?? (q.barcode ? savedAnswer({ hrid: q.barcode }) : null);
    if (!saved) return reading;
    reading.catch(() => undefined);
    return saved;
  }

  async function read(q: ManifestQuery, still: () => void, service: string): Promise<CachedManifest | null> {
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

  return { manifest, setTemplateLayout, plateNames, listedTubes };
}
