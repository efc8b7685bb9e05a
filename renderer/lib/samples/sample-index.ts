import { sameLetters } from '../../../shared/barcode/letter-case.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { SampleIndex } from '../../../shared/ipc/channels/cache.js';
import { whenIdle } from '../when-idle.js';

/** A labsheet row's identity: its ID (the sample ID) and its ID_BARCODE, when it has one. */
export interface TubeRow {
  id: string;
  barcode: string | null;
  /** Found by its row uuid (main's lookup): the code scanned is neither its ID nor its barcode. */
  byUuid?: true;
}

/**
 * A code as the row it names spells it. Main finds a row by a code read in another letter case (a keyboard
 * scanner with Caps Lock on types fx00000001 for FX00000001); recorded as read, a move named no row and the
 * service refused it later. The barcode first: a row without an ID is given the code as read for its ID
 * (tube-row.ts).
 */
export function spelledAsRow(row: TubeRow, read: string): string {
  if (row.barcode !== null && sameLetters(row.barcode, read)) return row.barcode;
  return sameLetters(row.id, read) ? row.id : read;
}

/**
 * The open labsheet's tube → sample index, held in the page so a tube scan is resolved here and costs
 * one call to main (the enqueue). Main's read cache owns the rows: this is a copy of their keys, taken
 * when a plate opens, replaced when main reloads the rows (`cache.rowsLoaded`), and refreshed in the
 * background once half its life is gone, so a bench scanning steadily never falls back.
 *
 * It answers only what it can vouch for: a hit while fresh. A miss or an old index answers
 * `undefined` and the caller asks main (the tube may be new since the rows were loaded, and main
 * then reloads them), which is the same answer as before, one call slower.
 */
export class PageSampleIndex {
  #labsheet: string | null = null;
  #index: SampleIndex | null = null;
  #rowOf = new Map<string, TubeRow>();
  #loading: Promise<void> | null = null;
  /** A reload was asked for while one was in flight (main reloaded the rows meanwhile). */
  #again = false;
  /** A refresh is waiting for an idle moment. */
  #soonPending = false;
  #off: (() => void) | null = null;

  constructor(
    private readonly api: BenchlinkApi,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the index of `labsheet` (unless a fresh one is held) and follows main's reloads of it. */
  open(labsheet: string): void {
    if (this.#labsheet !== labsheet || !this.#off) {
      this.close();
      this.#labsheet = labsheet;
      this.#off = this.api.subscribe('cache.rowsLoaded', (p) => {
        if (p.labsheet === this.#labsheet && p.fetchedAt > (this.#index?.fetchedAt ?? -Infinity)) this.#loadSoon();
      });
    }
    if (!this.#index || this.now() >= this.#index.refreshFrom) this.#load();
  }

  close(): void {
    this.#off?.();
    this.#off = null;
    this.#labsheet = null;
    this.#take(null);
  }

  /** The sample ID of a tube by its ID or ID_BARCODE; undefined when only main can say. */
  sampleOf(code: string): string | undefined {
    return this.rowOf(code)?.id;
  }

  /**
   * The row a tube's ID or ID_BARCODE names (both its keys) as spelled; undefined when only main can say.
   * A code in another letter case (Caps Lock: fx00000001) is main's to answer: it finds the one row that
   * differs only so, or says that several do, counting the rows of shared codes this copy leaves out. So is
   * a row uuid (a lab that prints it as the tube's 2D code): this copy holds no uuids, main finds the row.
   */
  rowOf(code: string): TubeRow | undefined {
    const index = this.#index;
    if (!index) return undefined;
    const t = this.now();
    if (t >= index.freshUntil) return undefined;
    if (t >= index.refreshFrom) this.#loadSoon();
    return this.#rowOf.get(code);
  }

  /**
   * Settles when the load under way (if any) has: a caller about to resolve many tubes at once (a
   * rack file) waits for the index rather than ask main once per tube.
   */
  async settled(): Promise<void> {
    while (this.#loading) await this.#loading;
  }

  get size(): number {
    return this.#rowOf.size;
  }

  /**
   * A refresh waits for an idle moment. Asked for inside a scan, the index call reached main just
   * ahead of that scan's enqueue, and main built the index (thousands of rows) before committing the
   * scan: two of the five slowest scans of a bench run. The index in hand still answers meanwhile.
   */
  #loadSoon(): void {
    if (this.#soonPending) return;
    this.#soonPending = true;
    whenIdle(() => {
      this.#soonPending = false;
      this.#load();
    }, 1000);
  }

  /** One load in flight at a time (one asked meanwhile runs after it); a failed one keeps the old index. */
  #load(): void {
    const labsheet = this.#labsheet;
    if (labsheet === null) return;
    if (this.#loading) {
      this.#again = true;
      return;
    }
    this.#loading = this.api
      .invoke('cache.sampleIndex', { labsheet })
      .then((r) => {
        if (!r.ok || this.#labsheet !== labsheet) return;
        // null: no copy, or too large to hold here. Lookups then go to main, as before.
        if (r.value === null || r.value.fetchedAt >= (this.#index?.fetchedAt ?? 0)) this.#take(r.value);
      })
      .catch(() => undefined) // disconnected: the next scan asks main, the next open tries again
      .finally(() => {
        this.#loading = null;
        if (this.#again) {
          this.#again = false;
          this.#load();
        }
      });
  }

  #take(index: SampleIndex | null): void {
    this.#index = index;
    const m = new Map<string, TubeRow>();
    // Main leaves out the rows of a code more than one row holds (main/cache/row-reads.ts sampleIndex): no key is two
    // rows' here, and such a code is asked of main, which answers that it names several rows.
    const rows = (index?.rows ?? [])
      .filter(([id]) => id !== '')
      .map(([id, barcode]): TubeRow => ({ id, barcode: barcode === '' ? null : barcode }));
    for (const row of rows) if (row.barcode !== null) m.set(row.barcode, row);
    for (const row of rows) m.set(row.id, row);
    this.#rowOf = m;
  }
}
