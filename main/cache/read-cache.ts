import type { LabClient } from '../api/index.js';
import type { Logger } from '../common/logger.js';
import type { Outbox } from '../outbox/index.js';
import type { KnownLocation } from '../../shared/ipc/channels/cache.js';
import { MAX_KNOWN_LOCATIONS } from '../../shared/ipc/channels/cache.js';
import type { KnownIdColumns } from '../../shared/ipc/id-columns.js';
import { TypedEmitter, logListenerError } from '../common/emitter.js';
import type { CacheStore } from './cache-store.js';
import { createTubeNames } from './tube-names.js';
import { createManifestReads } from './manifest-reads.js';
import { createRowReads, type ReadCacheEvents } from './row-reads.js';
import { recordConfirmedChanges } from './confirmed-changes.js';

export type { ReadCacheEvents } from './row-reads.js';

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
  /**
   * How long a lookup waits for a reload of the labsheet's rows, or a plate's or box's read, before it
   * answers from the saved copy (saying so), the read going on behind it. A service that takes
   * connections and never answers held the first scan after it stopped for the whole request timeout
   * (15 s, the scan line frozen), where one refusing connections is answered at once. An explicit
   * refresh waits for the reload.
   */
  reloadWaitMs?: number;
}

/** A healthy service lists a labsheet of thousands of rows well within this; a hanging one never does. */
export const RELOAD_WAIT_MS = 1_500;

/**
 * Reads for the workflows that keep working offline: each answer from the service is saved, and
 * when the service cannot be reached the saved answer comes back with its age. Manifests carry
 * the outbox entries not yet confirmed, so the plate map shows what the user did, not only what
 * the server has. Plates and boxes: manifest-reads.ts; labsheet rows: row-reads.ts; a tube's other
 * names: tube-names.ts; confirmed changes kept as this computer's record: confirmed-changes.ts.
 */
export function createReadCache(d: ReadCacheDeps) {
  const { store } = d;
  const rowsFreshMs = d.rowsFreshMs ?? 30_000;
  const reloadBackoffMs = d.reloadBackoffMs ?? 30_000;
  const reloadWaitMs = d.reloadWaitMs ?? RELOAD_WAIT_MS;
  const events = new TypedEmitter<ReadCacheEvents>(d.log ? logListenerError(d.log, 'read cache') : undefined);
  const { tubeNames, savedTubeNames } = createTubeNames(store);
  const manifests = createManifestReads({ ...d, reloadBackoffMs, reloadWaitMs, savedTubeNames });
  const rows = createRowReads({
    ...d,
    rowsFreshMs,
    missAnsweredWithinMs: Math.min(d.missAnsweredWithinMs ?? rowsFreshMs / 2, rowsFreshMs),
    reloadBackoffMs,
    reloadWaitMs,
    events,
  });
  const offChanged = recordConfirmedChanges({ ...d, tubeNames });

  /** Bounded (MAX_KNOWN_LOCATIONS): the pickers' list, or the few a scanned code names. */
  const locations = (code?: string): KnownLocation[] =>
    code === undefined ? store.locations(MAX_KNOWN_LOCATIONS) : store.locationsNamed(code, MAX_KNOWN_LOCATIONS);

  // Every lookup first checks the cache holds the current service's data (one indexed read).
  const bound =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      if (d.service) store.bindService(d.service());
      return f(...a);
    };
  return {
    manifest: bound(manifests.manifest),
    setTemplateLayout: manifests.setTemplateLayout,
    row: bound(rows.row),
    rows: bound(rows.rows),
    sampleIndex: bound(rows.sampleIndex),
    columnValues: bound(rows.columnValues),
    tubeNames: bound(tubeNames),
    plateNames: bound(manifests.plateNames),
    listedTubes: bound(manifests.listedTubes),
    labsheets: bound(rows.labsheets),
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
    idColumns: bound(rows.idColumns),
    // Asked on every row update's enqueue, which must not wait for the service: what is saved here, no call.
    idColumnsHere: bound(rows.savedIdColumns),
    events,
    close: () => {
      offChanged();
      rows.close();
    },
  };
}
export type ReadCache = ReturnType<typeof createReadCache>;
