import type { ManifestRef, WellIntent, WellRemoveIntent, WellSetIntent } from '../../../shared/outbox/intents.js';
import type { RemovalField, WellLabel } from '../../../shared/api/primitives.js';
import type { WellView } from '../../lib/plate-map/well-view.js';

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

export function sampleIntent(
  manifest: ManifestRef,
  position: string,
  sample: { id: string; labsheet: string },
  before: WellView,
): WellSetIntent {
  // A sample without a label is a SAMPLE; a well already labelled (a control) keeps its label.
  return { type: 'well-set', manifest, position, sample, ...(before.label ? {} : { label: 'SAMPLE' as const }) };
}
