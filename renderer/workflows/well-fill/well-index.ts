import type { WellView } from '../../lib/plate-map/well-view.js';
import { isReservedWell } from '../../lib/plate-map/fill-order.js';

/**
 * Position → sample as plain data beside the reactive wells, kept by every write to them (put / reset).
 * Per scan, the duplicate check, the fill cursor and the filled count read this instead of walking 384
 * proxied wells (which cost ~1 ms each per scan and tracked every well).
 */
export class WellIndex {
  #sampleAt = new Map<string, string>();
  /** Control, blank and standard wells: not fill targets (isReservedWell). */
  #reserved = new Set<string>();
  /**
   * Wells whose change is held for a look: not fill targets either. A held fill's tube is in the well
   * already; a held removal may never happen (discarded, the service's tube stays), so a tube the fill
   * put there by itself could replace one the user meant to keep. A position scan can still arm one.
   */
  #heldForLook = new Set<string>();
  /** Upper-cased sample → the wells holding it (a server plate may hold one sample twice). */
  #positionsOf = new Map<string, Set<string>>();
  /** Row-major order of the positions, so a sample in two wells answers with the first, as before. */
  #rank = new Map<string, number>();

  /** How many wells hold a sample. */
  get filled(): number {
    return this.#sampleAt.size;
  }

  /** Not a fill target: it holds a sample, is reserved, or its change is held for a look. */
  taken(position: string): boolean {
    return this.#sampleAt.has(position) || this.#reserved.has(position) || this.#heldForLook.has(position);
  }

  /** The first well (row-major) holding the sample, whatever its case. */
  wellOfSample(sampleId: string): string | null {
    let first: string | null = null;
    for (const p of this.#positionsOf.get(sampleId.toUpperCase()) ?? [])
      if (first === null || this.#rankOf(p) < this.#rankOf(first)) first = p;
    return first;
  }

  /** One well written whole. */
  put(view: WellView): void {
    const pos = view.position;
    const old = this.#sampleAt.get(pos);
    if (old !== undefined) this.#unindex(old, pos);
    if (view.sample !== null) this.#index(view.sample, pos);
    if (isReservedWell(view)) this.#reserved.add(pos);
    else this.#reserved.delete(pos);
    if (view.sync === 'held') this.#heldForLook.add(pos);
    else this.#heldForLook.delete(pos);
  }

  /** Every well written anew, in row-major order. */
  reset(views: Record<string, WellView>): void {
    this.#sampleAt.clear();
    this.#reserved.clear();
    this.#heldForLook.clear();
    this.#positionsOf.clear();
    this.#rank = new Map(Object.keys(views).map((p, i) => [p, i]));
    for (const w of Object.values(views)) {
      if (w.sample !== null) this.#index(w.sample, w.position);
      if (isReservedWell(w)) this.#reserved.add(w.position);
      if (w.sync === 'held') this.#heldForLook.add(w.position);
    }
  }

  #index(sample: string, pos: string): void {
    this.#sampleAt.set(pos, sample);
    const key = sample.toUpperCase();
    const at = this.#positionsOf.get(key) ?? new Set<string>();
    at.add(pos);
    this.#positionsOf.set(key, at);
  }

  #unindex(sample: string, pos: string): void {
    this.#sampleAt.delete(pos);
    const key = sample.toUpperCase();
    const at = this.#positionsOf.get(key);
    at?.delete(pos);
    if (at?.size === 0) this.#positionsOf.delete(key);
  }

  /** A position outside the layout (never expected) sorts last, as a key added to the record would. */
  #rankOf(pos: string): number {
    return this.#rank.get(pos) ?? Number.MAX_SAFE_INTEGER;
  }
}
