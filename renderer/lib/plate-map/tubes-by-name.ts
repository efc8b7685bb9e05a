import type { StandingMove } from '../../../shared/plate-map/moved-tube.js';

/**
 * The wells of a box or plate being drawn, by position (a Map's order), and the positions of each tube
 * drawn by its name in upper case: each standing move finds the wells of its tube at once. Asked of
 * every well for every move, a rack of 1,248 with as many moves waiting took 1.5 million name comparisons
 * each time it was opened or read again (Assign location's holdings, Well fill's and Labels' drawing).
 */
export class TubesByName<T> {
  readonly #at = new Map<string, T>();
  readonly #byName = new Map<string, Set<string>>();
  /** Each position's place in #at's order, so the wells of a move come in the order a walk of #at gives. */
  readonly #place = new Map<string, number>();
  #next = 0;

  /** `nameOf`: the name a well is drawn holding its tube under, or null when it holds none. */
  constructor(private readonly nameOf: (well: T) => string | null) {}

  get(position: string): T | undefined {
    return this.#at.get(position);
  }
  has(position: string): boolean {
    return this.#at.has(position);
  }
  /** As Map.set: a position drawn already keeps its place in the order. */
  set(position: string, well: T): void {
    this.#unname(position);
    if (!this.#at.has(position)) this.#place.set(position, this.#next++);
    this.#at.set(position, well);
    const name = this.nameOf(well)?.toUpperCase();
    if (name === undefined) return;
    const at = this.#byName.get(name) ?? new Set<string>();
    at.add(position);
    this.#byName.set(name, at);
  }
  delete(position: string): void {
    this.#unname(position);
    this.#at.delete(position);
    this.#place.delete(position);
  }
  values(): IterableIterator<T> {
    return this.#at.values();
  }
  /** The wells by position, as drawn: the index's own map, not a copy, for a drawing that is finished. */
  asMap(): Map<string, T> {
    return this.#at;
  }
  /**
   * The wells drawn holding a tube under one of the move's names (the queued one or any main knows, in
   * any case: moved-tube.ts isTubeOf's), as [position, well], in the order of the drawing.
   */
  holding(move: StandingMove): [string, T][] {
    const positions = new Set<string>();
    for (const n of [move.intent.id, ...(move.names ?? [])])
      for (const p of this.#byName.get(n.toUpperCase()) ?? []) positions.add(p);
    return [...positions].sort((a, b) => this.#place.get(a)! - this.#place.get(b)!).map((p) => [p, this.#at.get(p)!]);
  }
  #unname(position: string): void {
    const was = this.#at.get(position);
    const name = was === undefined ? null : this.nameOf(was);
    if (name !== null) this.#byName.get(name.toUpperCase())?.delete(position);
  }
}
