import type { WellSync, WellView } from '../../lib/plate-map/well-view.js';
import type { LocationAssignIntent, WellIntent } from '../../../shared/outbox/intents.js';

/** An entry drawn in a well: its well, the well as it was just before it, and its change (drawEntry's inputs). */
export interface Drawn {
  position: string;
  before: WellView;
  intent: WellIntent | LocationAssignIntent;
}

/**
 * Each outbox entry drawn in a well (this screen's changes, and the moves made on Assign location whose
 * tube is drawn striped), so an entry's news is drawn in its well and one that never happens can be
 * taken out of the drawing.
 */
export class DrawnEntries {
  #byEntry = new Map<number, Drawn>();
  /** The entries drawn in each well, oldest first: the newest of a well is found without reading the others. */
  #byWell = new Map<string, number[]>();
  /**
   * The entries of the last plate read whose news changes more wells than their own (drawForFilling's
   * readAgain: a move of a tube out of wells of the plate, and what drew the tube there), with the mark
   * each is drawn with. Kept apart from the drawings: one forgotten still reads the plate again.
   */
  #readAgain = new Map<number, WellSync | null>();

  draw(entryId: number, position: string, before: WellView, intent: WellIntent | LocationAssignIntent): void {
    this.drop(entryId);
    this.#byEntry.set(entryId, { position, before, intent });
    const well = this.#byWell.get(position);
    if (!well) this.#byWell.set(position, [entryId]);
    // Entries are numbered in the order they were queued, so a new one goes last; a plate read's may not.
    else if (entryId > well.at(-1)!) well.push(entryId);
    else
      well.splice(
        well.findIndex((id) => id > entryId),
        0,
        entryId,
      );
  }

  /** Every entry drawn anew (a plate read: drawForFilling's entry → well before it and its change, and its readAgain). */
  redraw(
    drawn: ReadonlyMap<number, { before: WellView; intent: WellIntent | LocationAssignIntent }>,
    readAgain: ReadonlyMap<number, WellSync | null>,
  ): void {
    this.#byEntry.clear();
    this.#byWell.clear();
    for (const [entryId, d] of drawn) this.draw(entryId, d.before.position, d.before, d.intent);
    this.#readAgain = new Map(readAgain);
  }

  /**
   * How the entry's news, drawn with `mark` (null: it draws nothing, or was discarded), is drawn: in its
   * own well; or, when it changes more wells than its own, by reading the plate again once its mark moved,
   * and not at all when the mark stays as drawn (waiting, then being sent). Its own well alone is never
   * drawn then: a tube a newer move took out of it would be drawn back in.
   */
  newsDrawnBy(entryId: number, mark: WellSync | null): 'well' | 'reading' | 'none' {
    if (!this.#readAgain.has(entryId)) return 'well';
    if (this.#readAgain.get(entryId) === mark) return 'none';
    this.#readAgain.set(entryId, mark);
    return 'reading';
  }

  positionOf(entryId: number): string | undefined {
    return this.#byEntry.get(entryId)?.position;
  }

  /**
   * The entry's drawing when it is the newest drawn in its well, so its news is what the well shows; null
   * when it is not drawn, or a newer entry draws the well (that one's drawing stands, as on a plate read).
   */
  newestDrawn(entryId: number): Drawn | null {
    const drawn = this.#byEntry.get(entryId);
    if (!drawn) return null;
    return this.#byWell.get(drawn.position)!.at(-1) === entryId ? drawn : null;
  }

  /** The entry no longer draws its well (its change is drawn by another means). */
  drop(entryId: number): void {
    const drawn = this.#byEntry.get(entryId);
    if (!drawn) return;
    this.#byEntry.delete(entryId);
    const well = this.#byWell.get(drawn.position)!;
    well.splice(well.indexOf(entryId), 1);
    if (well.length === 0) this.#byWell.delete(drawn.position);
  }

  /** The well as it was just before the newest entry drawn in it. */
  beforeNewestAt(position: string): WellView | null {
    const latest = this.#byWell.get(position)?.at(-1);
    return latest === undefined ? null : this.#byEntry.get(latest)!.before;
  }

  /**
   * The entry will never happen. A newer entry drawn over its well since stays (the well shows that one),
   * and without this one before it, what that one would leave is what this one had: it takes over this
   * one's "before". Answers this entry's drawing when no newer one draws the well, so the well goes back
   * to what it was; null when the entry was not drawn or a newer one still draws the well.
   */
  forget(entryId: number): Drawn | null {
    const drawn = this.#byEntry.get(entryId);
    if (!drawn) return null;
    const well = this.#byWell.get(drawn.position)!;
    const nextId = well[well.indexOf(entryId) + 1];
    this.drop(entryId);
    if (nextId === undefined) return drawn;
    this.#byEntry.get(nextId)!.before = drawn.before;
    return null;
  }
}
