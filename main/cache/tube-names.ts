import type { CacheStore } from './cache-store.js';

/** A tube's names as the saved rows know them, or null when no saved row holds it (savedTubeNames). */
export type SavedNames = (labsheet: string, id: string) => readonly string[] | null;

/** At most so many names kept between changes of the saved rows (a few MB; a rack asks about 3,744): then read again. */
const MAX_NAMES_KEPT = 10_000;

/** A tube's names: the saved rows', or only the one it was queued under. */
export const namesOrQueued =
  (saved: SavedNames) =>
  (labsheet: string, id: string): readonly string[] =>
    saved(labsheet, id) ?? [id];

/**
 * Every name of a tube as the saved rows know it, from the store only (never a call to the service: the
 * sync engine asks while it sends).
 */
export function createTubeNames(store: CacheStore) {
  /** savedTubeNames' answers, and the store's rowsVersion they were read under. */
  const namesRead = new Map<string, readonly string[] | null>();
  let namesReadAt = -1;

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

  return {
    savedTubeNames,
    /**
     * Every name of a tube (any row) as the saved rows know it, its row's ID first (sync/tube-names.ts):
     * its ID, its barcode and its uuid (a tube moved by ROW_UUID). The service's own barcode
     * (SERVICE_BARCODE) is not among them: the spec does not say how it is made, and no saved row holds it.
     */
    tubeNames: namesOrQueued(savedTubeNames),
  };
}
