import { noCountSaid } from '../../../shared/plate-map/unknown-used.js';
import type { ManifestRef, WellIntent, WellRemoveIntent, WellSetIntent } from '../../../shared/outbox/intents.js';
import type { RemovalField, WellLabel } from '../../../shared/api/primitives.js';
import { applyIntent, drawnDone, type WellView } from '../../lib/plate-map/well-view.js';
import { refusalOf } from '../../lib/ipc/client.js';
import { groupBy } from '../../../shared/group-by.js';
import type { MayHaveArrived } from '../../../shared/ipc/channels/outbox.js';

/** One outbox entry of an action, with what undoes it if it has already left. */
export interface ActionStep {
  entryId: number;
  forward: WellIntent;
  inverse: WellIntent[];
  before: WellView;
  /**
   * On the redo side: the entries of the opposite change the undo queued for this step (none when the
   * undo cancelled the step's own entry instead). All of them taken out in the Outbox, the undo of the
   * step never happens: the well keeps what the step put there, and a redo has nothing to do for it.
   */
  undoneBy?: number[];
}
export interface WellAction {
  what: string;
  steps: ActionStep[];
  /** Where the fill cursor stood before the edit: an undo puts it back there (a layout, a tube alike). */
  cursorBefore?: string | null;
}

/**
 * The intents that put a well back the way it was before `forward` — used when an undo comes too
 * late to cancel the entry (it is already on its way or done). A field the well held goes back in a
 * well-set; a field it did not hold is cleared with a removal (the spec's way to empty a field), and
 * is also given empty in the set, so the set never carries back what the undone change put there.
 */
export function inverseOf(forward: WellIntent, before: WellView, manifest: ManifestRef): WellIntent[] {
  const touched = new Set<RemovalField>();
  if (forward.type === 'well-set') {
    if (forward.sample !== undefined) touched.add('SAMPLE');
    if (forward.label !== undefined) touched.add('LABEL');
    if (forward.tags !== undefined) touched.add('TAGS');
  } else {
    for (const f of forward.fields) touched.add(f);
  }
  const restore: WellSetIntent = { type: 'well-set', manifest, position: forward.position };
  const clear: RemovalField[] = [];
  let restores = false;
  if (touched.has('SAMPLE')) {
    const held = before.sample && before.labsheet;
    restore.sample = held ? { id: before.sample!, labsheet: before.labsheet! } : null;
    if (held) restores = true;
    else clear.push('SAMPLE');
  }
  if (touched.has('LABEL')) {
    restore.label = before.label as WellLabel;
    if (before.label) restores = true;
    else clear.push('LABEL');
  }
  if (touched.has('TAGS')) {
    restore.tags = [...before.tags];
    if (before.tags.length > 0) restores = true;
    else clear.push('TAGS');
  }
  const out: WellIntent[] = [];
  if (restores) out.push(restore);
  if (clear.length > 0)
    out.push({ type: 'well-remove', manifest, position: forward.position, fields: clear } satisfies WellRemoveIntent);
  return out;
}

/**
 * What can be undone once the user took entries out in the Outbox (discarded or cancelled them): their
 * steps will never happen, so there is nothing of them to take back, and undoing one would find its well
 * "changed since" and stop the history there. An action left with no step goes. The next step kept on the
 * same well (entries are numbered in the order they were queued) now starts from what the first of the
 * removed ones just before it found there, and its undo puts that back: the rule the drawn wells follow
 * (DrawnEntries.forget). One pass over the history however many are taken out ("Discard all").
 */
export function withoutEntries(done: readonly WellAction[], entryIds: ReadonlySet<number>): WellAction[] {
  const byWell = groupBy(
    done.flatMap((a) => a.steps),
    (s) => s.forward.position,
  );
  const moved = new Map<ActionStep, ActionStep>();
  let any = false;
  for (const steps of byWell.values()) {
    steps.sort((x, y) => x.entryId - y.entryId);
    // The first step of a run of removed ones: what the next kept step now starts from.
    let from: ActionStep | null = null;
    for (const s of steps) {
      if (entryIds.has(s.entryId)) {
        from ??= s;
        any = true;
        continue;
      }
      if (from)
        moved.set(s, { ...s, before: from.before, inverse: inverseOf(s.forward, from.before, s.forward.manifest) });
      from = null;
    }
  }
  if (!any) return [...done];
  return done.flatMap((a) => {
    if (!a.steps.some((s) => entryIds.has(s.entryId) || moved.has(s))) return [a];
    const kept = a.steps.filter((s) => !entryIds.has(s.entryId)).map((s) => moved.get(s) ?? s);
    return kept.length === 0 ? [] : [{ ...a, steps: kept }];
  });
}

/**
 * What can be redone once the user took out in the Outbox entries an undo queued (withoutEntries' rule for
 * the redo side). A step whose opposite change will never happen at all leaves: its well still holds what
 * the step put there. An action left with no step goes.
 */
export function withoutUndoEntries(undone: readonly WellAction[], entryIds: ReadonlySet<number>): WellAction[] {
  const taken = (s: ActionStep): boolean => s.undoneBy?.some((id) => entryIds.has(id)) ?? false;
  return undone.flatMap((a) => {
    if (!a.steps.some(taken)) return [a];
    const kept = a.steps.flatMap((s): ActionStep[] => {
      if (!taken(s)) return [s];
      const left = s.undoneBy!.filter((id) => !entryIds.has(id));
      return left.length === 0 ? [] : [{ ...s, undoneBy: left }];
    });
    return kept.length === 0 ? [] : [{ ...a, steps: kept }];
  });
}

export function sampleIntent(
  manifest: ManifestRef,
  position: string,
  sample: { id: string; labsheet: string },
  before: WellView,
): WellSetIntent {
  // A sample without a label is a SAMPLE; a well already labelled (a control) keeps its label.
  return { type: 'well-set', manifest, position, sample, ...(before.label ? {} : { label: 'SAMPLE' as const }) };
}

/** The wells steps change, each once, as a line names them: "A1 A2". */
const wellsOf = (steps: readonly ActionStep[]): string => [...new Set(steps.map((s) => s.forward.position))].join(' ');

/**
 * The steps an undo took out of the Outbox itself, by why: never tried (`cancelled`), refused by the
 * service, held for a look (both discarded: they never happened there), or failed in a way that leaves
 * them perhaps on the service (`reversed`, `reversedWhy[i]` saying how: discarded with their opposite
 * change queued).
 */
export interface TakenOut {
  cancelled: readonly ActionStep[];
  refused: readonly ActionStep[];
  held: readonly ActionStep[];
  reversed: readonly ActionStep[];
  reversedWhy: readonly MayHaveArrived[];
}

/** How a failed change may be on the service all the same, said after "it" or a well's name. */
const MAY_BE_THERE: Record<MayHaveArrived, string> = {
  'gave-up': 'had failed after repeated service errors, and the service may have made the change all the same',
  local: 'had failed on this computer after it was sent, and the service may have made the change all the same',
  held:
    'had been held for a look after an earlier try of it got no answer, and the service may have made the change ' +
    'all the same',
  superseded: 'had been set aside for a newer change to the well, and the well on the service may hold it all the same',
  'put-back': 'had not been made on the service, but the undo of your later change to the well put it back there',
};

/** Why steps reversed in the Outbox may be on the service: one reason when they share it. */
function mayBeThere(whys: readonly MayHaveArrived[]): string {
  const kinds = [...new Set(whys)];
  return kinds.length === 1
    ? MAY_BE_THERE[kinds[0]!]
    : 'had failed or been set aside in ways after which the service may have made the change all the same';
}

/** "it" for one step, "them" for more: a line about A1 alone reads as about one change. */
const them = (steps: readonly ActionStep[]): string => (steps.length === 1 ? 'it' : 'them');

/**
 * An undo that took `taken` out of the Outbox but could not queue the opposite change for `left`: what
 * was undone and how, what was not and why, in the user's words (main's "NOT RECORDED" is said once, by
 * the screen). A refused step was sent and refused, so it is not "not sent yet": saying so would make
 * the user look for it on its way.
 */
export function partlyUndone(what: string, taken: TakenOut, left: readonly ActionStep[], err: unknown): string {
  const parts = [
    taken.cancelled.length > 0 ? `${wellsOf(taken.cancelled)} taken back (not sent yet)` : '',
    taken.refused.length > 0
      ? `${wellsOf(taken.refused)} taken out of the Outbox (the service had refused ${them(taken.refused)}; nothing changed there)`
      : '',
    taken.held.length > 0
      ? `${wellsOf(taken.held)} taken out of the Outbox (held for a look, so not sent; nothing changed there)`
      : '',
    taken.reversed.length > 0
      ? `${wellsOf(taken.reversed)} taken out of the Outbox and the opposite change queued (${them(taken.reversed)} ` +
        `${mayBeThere(taken.reversedWhy)})`
      : '',
  ].filter(Boolean);
  return (
    `"${what}" only partly undone: ${parts.join('; ')}; ${wellsOf(left)} not undone, its ` +
    `opposite change was not recorded: ${refusalOf(err)} Press Undo again to try ${wellsOf(left)} again.`
  );
}

/**
 * What an undo says of the steps it took out of the Outbox because they never happened on the service
 * (`held[i]`: step i was held for a look, else refused): "" when there are none. `of` is how many steps
 * the edit had, so a one-well edit reads as "it", a bigger one names its wells.
 */
export function takenOutOfOutbox(steps: readonly ActionStep[], held: readonly boolean[], of: number): string {
  if (steps.length === 0) return '';
  const why = held.every(Boolean)
    ? 'held for a look (the plate changed on the service)'
    : held.some(Boolean)
      ? 'refused by the service or held for a look'
      : 'refused by the service';
  if (steps.length === of) return `it had been ${why}, so it was taken out of the Outbox; nothing was sent`;
  return `${wellsOf(steps)} had been ${why}, so ${steps.length === 1 ? 'it was' : 'they were'} taken out of the Outbox; nothing was sent for ${them(steps)}`;
}

/**
 * What an undo says of the steps it took out of the Outbox with their opposite change queued: they
 * failed in a way that may leave them on the service (`whys[i]` for step i: a 504 from its gateway after
 * the service made it, an answer lost before a hold, a newer change set it aside). "" when there are none.
 */
export function reversedInOutbox(steps: readonly ActionStep[], whys: readonly MayHaveArrived[], of: number): string {
  if (steps.length === 0) return '';
  const why = mayBeThere(whys);
  if (steps.length === of) return `it ${why}, so it was taken out of the Outbox and the opposite change was queued`;
  return `${wellsOf(steps)} ${why}, so ${steps.length === 1 ? 'it was' : 'they were'} taken out of the Outbox and the opposite change was queued`;
}

/**
 * What a read of the plate after an undo found for the wells the undo took refused or held changes out
 * of: not read (offline: the saved copy stands), read from a service that lists no wells (`unknown` of
 * them filled elsewhere), or read with its wells (`changed`: those that hold something else than before
 * the undone change).
 */
export type ReadAgain =
  | { read: false }
  | { read: true; listed: false; unknown: number | null; hrid: string }
  | { read: true; listed: true; changed: readonly { position: string; now: WellView }[] };

/** What the undo's line adds for that read: "" when the wells are as drawn and nothing is in doubt. */
export function readAgainNote(wells: readonly string[], r: ReadAgain): string {
  const the = wells.length === 1 ? `well ${wells[0]} is` : `wells ${wells.join(' ')} are`;
  if (!r.read)
    return (
      `. The plate could not be read again from the service, so ${the} drawn as last seen and may have ` +
      'changed at another bench: look before you put a tube there'
    );
  if (!r.listed) {
    if (r.unknown === 0) return '';
    const n = r.unknown;
    const why =
      n === null
        ? `. ${noCountSaid(r.hrid, { sentence: true })}`
        : `. The service does not list wells and ${n} of ${r.hrid} ${n === 1 ? 'was' : 'were'} filled elsewhere`;
    return (
      `${why}, so ` +
      `${wells.length === 1 ? `well ${wells[0]}` : `wells ${wells.join(' ')}`} may hold a tube from another ` +
      'bench: look before you put a tube there'
    );
  }
  if (r.changed.length === 0) return '';
  return `. Read again from the service: ${r.changed.map((c) => `${c.position} holds ${describeWell(c.now)}`).join('; ')}`;
}

/** What a well holds, as a user reads it: its sample (in any case), its label and its tags (in any order). */
function holds(w: Pick<WellView, 'sample' | 'label' | 'tags'>): string {
  return [(w.sample ?? '').toUpperCase(), w.label, [...w.tags].sort().join('\u0001')].join('\u0000');
}

/** A well's contents in words: "S-0099", "STANDARD", "nothing". */
export function describeWell(w: Pick<WellView, 'sample' | 'label' | 'tags'>): string {
  const parts = [w.sample ?? '', w.sample ? '' : w.label, w.tags.length ? `tags ${w.tags.join(', ')}` : ''];
  return parts.filter(Boolean).join(', ') || 'nothing';
}

/**
 * The wells of an action that no longer hold what it left there (`after`: before an undo) or what it
 * found there (`before`: before a redo). Something else changed them since (changedBy says what, as far
 * as the well tells). Undoing or redoing over them would put back a state the user never saw and
 * silently throw that change away (an undo's removal is sent with the fresh plate reading, so the
 * sync engine's "changed elsewhere" check cannot catch it).
 */
export function wellsChangedSince(
  steps: readonly ActionStep[],
  side: 'after' | 'before',
  now: (position: string) => WellView | undefined,
): { position: string; now: WellView }[] {
  // Per well: what the action left there, and, for `after`, what it shows when its change never happened
  // (refused, or failed before it left: drawEntry draws the well as it was, with its "!").
  const expected = new Map<string, { made: WellView; unmade: WellView | null }>();
  for (const step of steps) {
    const p = step.forward.position;
    if (side === 'after') expected.set(p, { made: applyIntent(step.before, step.forward), unmade: step.before });
    else if (!expected.has(p)) expected.set(p, { made: step.before, unmade: null });
  }
  const changed: { position: string; now: WellView }[] = [];
  for (const [position, want] of expected) {
    const is = now(position);
    if (!is || holds(is) === holds(want.made)) continue;
    const neverHappened = is.sync !== null && !drawnDone(is.sync) && want.unmade && holds(is) === holds(want.unmade);
    if (!neverHappened) changed.push({ position, now: is });
  }
  return changed;
}

/**
 * Who changed a well since, as far as the well as drawn tells, said after "A2 now holds …,": this
 * computer's own change still in its Outbox (waiting, held for a look, refused, or unsure whether it arrived), a tube moved there on
 * Assign location on this computer, or else what the service shows. Only that last one may be another
 * bench: a well drawn from this computer's Outbox is never blamed on one.
 */
export function changedBy(now: Pick<WellView, 'sync' | 'assigned' | 'reason'>): string {
  if (now.assigned) return 'put there on Assign location on this computer';
  if (now.sync === 'pending') return 'by a change from this computer still waiting in the Outbox';
  if (now.sync === 'held') return 'by a change from this computer held for a look in the Outbox';
  if (now.sync === 'refused')
    return `because the service refused a change from this computer${now.reason ? ` (${now.reason.said})` : ''}: see the Outbox`;
  if (now.sync === 'failed')
    return `because a change from this computer failed before it was sent${now.reason ? ` (${now.reason.said})` : ''}: see the Outbox`;
  if (now.sync === 'unsure') return 'by a change from this computer that may be on the service (see the Outbox)';
  return 'changed since at another bench or on another screen';
}
