import type { CachedManifest, CachedWell, PendingWellChange } from '../../../shared/ipc/channels/cache.js';
import type { MayHaveArrived, OutboxEntryState, OutboxError } from '../../../shared/ipc/channels/outbox.js';
import type { LocationAssignIntent, WellIntent } from '../../../shared/outbox/intents.js';
import { shownError, type ShownError } from '../../../shared/outbox-words/shown-error.js';
import { entryShownState, type ShownState } from '../../../shared/outbox-words/shown-state.js';
import {
  fromInBox,
  fromWhileWaiting,
  movedElsewhere,
  movedOn,
  takesFrom,
  type HeldBy,
  type StandingMove,
} from '../../../shared/plate-map/moved-tube.js';
import { TubesByName } from './tubes-by-name.js';

/**
 * A well's mark: the Outbox state of the newest change drawn in it (shownState), so a well never says
 * "refused" for a change the Outbox does not call so. `held`: the user's change held for a look, waiting
 * for Send anyway or Discard. `refused`: the service refused it, so it never happened. `failed`: it failed
 * without ever leaving this computer (main's mayHaveArrived says it cannot be on the service), so it never
 * happened either. `unsure`: its answer was lost ("Unsure whether it arrived"), or it failed after a try
 * of it left (it gave up after repeated service errors, failed on this computer after a request went),
 * after which the change may be on the service all the same (main/outbox/may-have-arrived.ts).
 */
export type WellSync = 'synced' | 'pending' | 'held' | 'refused' | 'failed' | 'unsure';

/** The Outbox state each mark stands for, so a well is said in the Outbox's words. */
export const SYNC_STATE: Record<WellSync, ShownState> = {
  synced: 'done',
  pending: 'pending',
  held: 'held',
  refused: 'refused',
  failed: 'failed',
  unsure: 'uncertain',
};

/**
 * The mark of each state an entry drawn in a well can be in; cancelled and discarded ones are not drawn.
 * A failed one that may have arrived is said as unsure (entryShownState).
 */
const MARK_OF: Partial<Record<ShownState, WellSync>> = {
  done: 'synced',
  pending: 'pending',
  sending: 'pending',
  held: 'held',
  refused: 'refused',
  failed: 'failed',
  uncertain: 'unsure',
};

/** What one well shows: its contents as the user last set them, and whether the server has them. */
export interface WellView {
  position: string;
  sample: string | null;
  labsheet: string | null;
  label: string;
  tags: string[];
  sync: WellSync | null;
  /** When sync is 'held', 'refused', 'failed' or 'unsure', the entry's error as the Outbox says it. */
  reason: ShownError | null;
  /**
   * When sync is 'refused' or 'failed': the change that never happened (a well change, or a move on
   * Assign location), so the well, drawn as it was before it, can say which tube was not put in or taken out.
   */
  unmade: WellIntent | LocationAssignIntent | null;
  /**
   * The tube was put here by Assign location on this computer, under the name it was scanned with;
   * `sync` is that assignment's. A service that lists no wells never shows it, so without this the
   * well looked empty and the next tube went on top of it.
   */
  assigned: boolean;
  /**
   * The tube a move on Assign location took out of this well, and the well of this plate it went to, or
   * null when it went to another plate or box (main's `movedAway`), that one's name when main knows it
   * (`place`), so an emptied well marked "waiting" says whose move it waits for. Absent once another change
   * draws the well.
   */
  movedOut?: { tube: string; to: string | null; place?: string } | undefined;
}

export const emptyWell = (position: string): WellView => ({
  position,
  sample: null,
  labsheet: null,
  label: '',
  tags: [],
  sync: null,
  reason: null,
  unmade: null,
  assigned: false,
});

export function fromServer(w: CachedWell): WellView {
  return {
    position: w.position,
    sample: w.sample?.id ?? null,
    labsheet: w.sample?.labsheet ?? null,
    label: w.label,
    tags: [...w.tags],
    sync: 'synced',
    reason: null,
    unmade: null,
    assigned: false,
  };
}

/** Applies one well intent to a well's contents (what the server will do when it arrives). */
export function applyIntent(w: WellView, i: WellIntent): WellView {
  if (i.type === 'well-set') {
    return {
      ...w,
      ...(i.sample !== undefined
        ? { sample: i.sample?.id ?? null, labsheet: i.sample?.labsheet ?? null, assigned: false }
        : {}),
      ...(i.label !== undefined ? { label: i.label } : {}),
      ...(i.tags !== undefined ? { tags: [...i.tags] } : {}),
    };
  }
  const f = new Set(i.fields);
  return {
    ...w,
    ...(f.has('SAMPLE') ? { sample: null, labsheet: null, assigned: false } : {}),
    ...(f.has('LABEL') ? { label: '' } : {}),
    ...(f.has('TAGS') ? { tags: [] } : {}),
  };
}

/**
 * What the Outbox says of one entry drawn in a well: its state, its error, and for a failed one whether
 * its change may be on the service all the same (main's mayHaveArrived, as a plate's changes and
 * outbox.await both send it: null when it cannot be). `undefined` only when the entry could not be read
 * at all (main did not answer), which markOf says as unsure, never as surely not on the service.
 */
export interface EntryNews {
  state: OutboxEntryState;
  error: OutboxError | null | undefined;
  mayHaveArrived: MayHaveArrived | null | undefined;
}

/**
 * An entry's mark, as a well and a listed item show it: a failed one is `failed` when main says it cannot
 * be on the service (it never left this computer), `unsure` when it may be or that is not known (never
 * said to be surely not on the service). entryShownState decides, for the Outbox's row too, so a list, a
 * well and the Outbox say the same word for one entry. Null when the entry draws nothing in its well:
 * cancelled, discarded, or set aside for a newer change to the well, which the well shows instead.
 */
export function markOf(news: EntryNews): WellSync | null {
  return markOfShown(entryShownState(news.state, news.error, news.mayHaveArrived));
}

/** markOf for an entry whose words the caller already has (entryShownState). */
export const markOfShown = (shown: ShownState): WellSync | null => MARK_OF[shown] ?? null;

/**
 * Whether a change with this mark is drawn done. A refused or failed (never sent) one never happened; any
 * other may be on the service (unsure: drawn as it may be, so the next tube does not go on top of it and
 * an undo takes it back) or still happen (waiting, held for a look).
 */
export const drawnDone = (sync: WellSync): boolean => sync !== 'refused' && sync !== 'failed';

/** One entry drawn in a well: its change and what the Outbox says of it. */
export interface DrawnChange extends EntryNews {
  intent: WellIntent | LocationAssignIntent;
}

/**
 * The one decision of how an entry draws its well, the same when its news arrives with the plate open
 * and when the plate is read again: `base` is the well as it was just before the entry. A change that
 * never happened (refused, or failed before it left) leaves the well as it was, with its mark, its reason
 * and the change that was not made; any other is drawn made. Null when the entry draws nothing there
 * (markOf), or for a location assignment into a well the service shows holding a sample (one still on its
 * way there will be refused; a confirmed one is listed under the sample's ID).
 */
export function drawEntry(base: WellView, change: DrawnChange): WellView | null {
  const sync = markOf(change);
  if (sync === null) return null;
  const reason = change.error ? shownError(change.error) : null;
  const i = change.intent;
  if (!drawnDone(sync)) return { ...base, sync, reason, unmade: i };
  if (i.type === 'location-assign') {
    if (base.sample !== null) return null;
    return {
      ...base,
      sample: i.id,
      labsheet: i.labsheet,
      sync,
      reason,
      unmade: null,
      assigned: true,
      movedOut: undefined,
    };
  }
  return { ...applyIntent(base, i), sync, reason, unmade: null, movedOut: undefined };
}

/** The well a change is drawn in, or null for an assignment with no position. */
export const positionOfChange = (i: WellIntent | LocationAssignIntent): string | null =>
  i.type === 'location-assign' ? (i.position ?? null) : i.position;

/** What a plate is drawn from: main's `cache.manifest` answer, or the parts of it a drawing reads. */
export interface PlateDrawn {
  wells: readonly CachedManifest['wells'][number][];
  pending: readonly CachedManifest['pending'][number][];
  movedAway: readonly CachedManifest['movedAway'][number][];
}

/**
 * A plate as the screens draw it (Labels as it is; Well fill and its Labflow link through drawForFilling): the server's wells with the
 * outbox's not-yet-confirmed changes drawn over them, oldest first (drawEntry), this computer's standing
 * location assignments into the plate (main sends them done or not), and this computer's moves of tubes
 * the wells list to other locations (main's `movedAway`). A tube assigned to a well the service does not
 * show as holding anything is drawn there. A well the service shows holding a sample keeps it (a
 * confirmed assignment is listed under the sample's ID; one still on its way to a taken well will be
 * refused). A move that did or may happen takes its tube out of the wells it leaves in the plate (leftBy),
 * so a tube moved twice is drawn where its newest such move puts it; a move to another location takes
 * out the tube the listing puts in a well (movedElsewhere, as Assign location's box holdings have it),
 * drawn empty with the move's mark: the wells still list a tube that is elsewhere, and drawn there it
 * was passed over by the fill cursor and called a duplicate when scanned back in.
 * `drawn`, when given, gets each drawn entry's well as it was just before that entry and its change: what
 * the well shows again if the entry never happens (discarded in the Outbox), and what its news is drawn
 * over while the plate stays open. `readAgain`, when given, gets each entry whose news changes more than
 * its own well (a move within the plate, out of wells of it or to another location, and what drew the
 * tube in those), with the mark it was drawn with: its news is drawn by reading the plate again, so the
 * plate open and the plate read again are one drawing.
 */
export function drawPlate(
  positions: readonly string[],
  plate: PlateDrawn,
  drawn?: Map<number, { before: WellView; intent: WellIntent | LocationAssignIntent }>,
  readAgain?: Map<number, WellSync | null>,
): Map<string, WellView> {
  const map = new TubesByName<WellView>((w) => w.sample);
  for (const p of positions) map.set(p, emptyWell(p));
  for (const w of plate.wells) map.set(w.position, fromServer(w));
  /** The entry that drew each well last: a move that takes the tube out of it changes its drawing. */
  const drewLast = new Map<string, PendingWellChange>();
  /** Wells whose sample a fill from this computer drew: a move of the tube leaves it there (movedOn). */
  const filled = new Set<string>();
  /** Takes a move's tube out of the wells it leaves (`left`), each drawn empty with the move's mark. */
  const takeOut = (p: PendingWellChange, move: DrawnChange, left: readonly string[], to: string | null) => {
    // Its news changes those wells: it is drawn by reading the plate again, as is the news of what drew them.
    if (left.length > 0) readAgain?.set(p.entryId, markOf(p));
    for (const at of left) {
      const by = drewLast.get(at);
      if (by) readAgain?.set(by.entryId, markOf(by));
      const emptied = takenOut(map.get(at)!, move, to, p.place);
      if (emptied === null) continue;
      map.set(at, emptied);
      drewLast.set(at, p);
      filled.delete(at);
    }
  };
  // In the Outbox's order, as Assign location's box holdings take them: a fill from here after a move
  // away puts its sample back in the well, and one before it keeps it there (movedElsewhere).
  const away = new Set(plate.movedAway.map((p) => p.entryId));
  for (const p of [...plate.pending, ...plate.movedAway].sort((a, b) => a.entryId - b.entryId)) {
    const i = p.intent;
    if (i.type !== 'well-set' && i.type !== 'well-remove' && i.type !== 'location-assign') continue;
    const change: DrawnChange = { intent: i, state: p.state, error: p.error, mayHaveArrived: p.mayHaveArrived };
    if (away.has(p.entryId)) {
      if (i.type === 'location-assign')
        takeOut(p, change, movedAwayFrom(map, filled, { ...change, intent: i, names: p.names }), null);
      continue;
    }
    const position = positionOfChange(i);
    if (position === null) continue;
    if (i.type === 'location-assign') {
      const left = leftBy(map, filled, { ...change, intent: i, names: p.names });
      takeOut(p, change, left, position);
      // Main lists a move overtaken by a newer open one no more, so which moves are drawn may change with
      // its news: a move within the plate is drawn by reading it again, as Assign location reads its box.
      if (fromInBox(i) !== null) readAgain?.set(p.entryId, markOf(p));
    }
    const base = map.get(position) ?? emptyWell(position);
    const next = drawEntry(base, change);
    if (next === null) continue;
    drawn?.set(p.entryId, { before: base, intent: i });
    map.set(position, next);
    drewLast.set(position, p);
    if (next.sample !== base.sample || next.assigned) filled.delete(position);
    // A fill drawn made, the listed sample written again too: the service keeps a fill's sample (movedOn).
    if (i.type === 'well-set' && i.sample && next.sync !== null && drawnDone(next.sync)) filled.add(position);
  }
  return map.asMap();
}

/**
 * A plate as a screen that writes its wells draws it (Well fill, its Labflow link): drawPlate without the
 * moves of listed tubes to other locations. The listing cannot tell a tube put in a well by a location
 * assignment (a move elsewhere takes it out) from a fill (the service keeps the sample when its row is
 * assigned elsewhere): drawn empty, a filled well was the fill cursor's next well, and the next tube
 * scanned went on top of a sample the service still held. Left drawn, the well is passed over, and the
 * tube scanned back in is asked about as a duplicate: the bench decides, nothing is overwritten.
 */
export function drawForFilling(
  positions: readonly string[],
  plate: PlateDrawn,
  drawn?: Map<number, { before: WellView; intent: WellIntent | LocationAssignIntent }>,
  readAgain?: Map<number, WellSync | null>,
): Map<string, WellView> {
  return drawPlate(positions, { ...plate, movedAway: [] }, drawn, readAgain);
}

/** Who put the tube a well is drawn holding there (moved-tube.ts): `filled` are the wells a fill from here drew. */
const heldBy = (w: WellView, filled: ReadonlySet<string>): HeldBy =>
  w.assigned ? 'assignment' : filled.has(w.position) ? 'fill' : 'listing';

/**
 * The wells of the plate the listing puts a move's tube in, when the move takes it to another location
 * (main's `movedAway`; movedElsewhere): a tube this computer assigned or filled there stays where it was put.
 */
function movedAwayFrom(map: TubesByName<WellView>, filled: ReadonlySet<string>, move: StandingMove): string[] {
  return map
    .holding(move)
    .filter(([, w]) => w.sample !== null && movedElsewhere({ ...w, id: w.sample, by: heldBy(w, filled) }, move))
    .map(([at]) => at);
}

/**
 * The wells of the plate holding a tube a move takes out (moved-tube.ts, as Assign location's box has
 * it): its `from` while it waits, holding its tube or one it cannot be told from (takesFrom), and each
 * well its tube is drawn in (movedOn) by an earlier assignment from this computer or, while it waits,
 * by the listing. `filled`: the wells a
 * fill from this computer drew their sample in. Asked of a move that never happened too: they are the
 * wells its news changes, should it happen after all.
 */
function leftBy(map: TubesByName<WellView>, filled: ReadonlySet<string>, move: DrawnChange & StandingMove): string[] {
  const from = fromWhileWaiting(move);
  const atFrom = from === null ? undefined : map.get(from);
  // The well at `from` may hold a tube under a name main does not know (takesFrom): it is not found by name.
  const candidates = [...map.holding(move), ...(from !== null && atFrom ? [[from, atFrom] as const] : [])];
  const left = new Set(
    candidates
      .filter(
        ([at, w]) =>
          w.sample !== null &&
          ((at === from && takesFrom(w.sample, move)) || movedOn({ ...w, id: w.sample, by: heldBy(w, filled) }, move)),
      )
      .map(([at]) => at),
  );
  return [...left];
}

/**
 * A well a move takes its tube out of, drawn empty with the move's mark (its label and tags stay, as the
 * service keeps them), saying where the tube went (`to`: a well of this plate, or null for another plate
 * or box, named `place` when main knows it); null when the move never happened (markOf, drawnDone), which took nothing out.
 */
function takenOut(w: WellView, move: DrawnChange, to: string | null, place: string | undefined): WellView | null {
  const sync = markOf(move);
  if (sync === null || !drawnDone(sync)) return null;
  const reason = move.error ? shownError(move.error) : null;
  const movedOut = w.sample !== null ? { tube: w.sample, to, ...(to === null && place ? { place } : {}) } : undefined;
  return { ...w, sample: null, labsheet: null, assigned: false, sync, reason, unmade: null, movedOut };
}
