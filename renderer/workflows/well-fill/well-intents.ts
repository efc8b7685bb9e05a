import type { ManifestRef, WellIntent, WellRemoveIntent, WellSetIntent } from '../../../shared/outbox/intents.js';
import type { RemovalField, WellLabel } from '../../../shared/api/primitives.js';
import { applyIntent, type WellView } from '../../lib/plate-map/well-view.js';

/** One outbox entry of an action, with what undoes it if it has already left. */
export interface ActionStep {
  entryId: number;
  forward: WellIntent;
  inverse: WellIntent[];
  before: WellView;
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
 * What can be undone once the user took an entry out in the Outbox (discarded or cancelled it): its step
 * will never happen, so there is nothing of it to take back, and undoing it would find its well "changed
 * since" and stop the history there. An action left with no step goes. The next step on the same well
 * (entries are numbered in the order they were queued) now starts from what the removed one found there,
 * and its undo puts that back: the rule the drawn wells follow (WellFillState #forget).
 */
export function withoutEntry(done: readonly WellAction[], entryId: number): WellAction[] {
  const steps = done.flatMap((a) => a.steps);
  const gone = steps.find((s) => s.entryId === entryId);
  if (!gone) return [...done];
  const position = gone.forward.position;
  let next: ActionStep | undefined;
  for (const s of steps)
    if (s.forward.position === position && s.entryId > entryId && (!next || s.entryId < next.entryId)) next = s;
  return done.flatMap((a) => {
    const kept = a.steps
      .filter((s) => s !== gone)
      .map((s) =>
        s === next ? { ...s, before: gone.before, inverse: inverseOf(s.forward, gone.before, s.forward.manifest) } : s,
      );
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
 * found there (`before`: before a redo). Something else changed them since: another bench, shown by
 * the screen's re-read. Undoing or redoing over them would put back a state the user never saw and
 * silently throw that change away (an undo's removal is sent with the fresh plate reading, so the
 * sync engine's "changed elsewhere" check cannot catch it).
 */
export function wellsChangedSince(
  steps: readonly ActionStep[],
  side: 'after' | 'before',
  now: (position: string) => WellView | undefined,
): { position: string; now: WellView }[] {
  const expected = new Map<string, WellView>();
  for (const step of steps) {
    const p = step.forward.position;
    if (side === 'after') expected.set(p, applyIntent(step.before, step.forward));
    else if (!expected.has(p)) expected.set(p, step.before);
  }
  const changed: { position: string; now: WellView }[] = [];
  for (const [position, want] of expected) {
    const is = now(position);
    if (is && holds(is) !== holds(want)) changed.push({ position, now: is });
  }
  return changed;
}
