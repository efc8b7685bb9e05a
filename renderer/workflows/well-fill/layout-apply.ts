import { call, IpcCallError, refusalOf } from '../../lib/ipc/client.js';
import { sameLayoutName, type LayoutWell, type PlateLayout } from '../../../shared/layout/plate-layout.js';
import type { WellIntent } from '../../../shared/outbox/intents.js';
import { isReservedWell } from '../../lib/plate-map/fill-order.js';
import { asked } from './guards.js';
import { leftUnanswered } from '../../lib/question/unanswered.js';
import type { WellFillState } from './well-fill-state.svelte.js';

/** What to tell the bench; `guarded` when a confirm now waits (wells holding samples). */
export type Said = { said: string; ok: boolean; guarded?: boolean };

/** "Save these controls as a layout": the open plate's control, blank and standard wells with their tags. */
export function layoutFromPlate(
  s: WellFillState,
  name: string,
): { name: string; size: 96 | 384; wells: LayoutWell[] } | string {
  const p = s.plate;
  if (!p) return 'Scan a plate first';
  const size = p.rows * p.columns;
  if (size !== 96 && size !== 384) return `Layouts are for 96- and 384-well plates; this one has ${size} wells`;
  const wells = s.positions
    .map((pos) => s.wells[pos])
    .filter((w) => w !== undefined && isReservedWell(w))
    .map((w) => ({ position: w!.position, label: w!.label as LayoutWell['label'], tags: [...w!.tags] }));
  if (wells.length === 0) return 'This plate has no control, blank or standard wells to save';
  return { name, size, wells };
}

/**
 * Applies a layout to the open plate: one commit (all wells or none), one undo step. A layout well
 * that holds a sample is never overwritten without a confirm: the guard asks, "Replace" goes on.
 * The fill cursor then passes over the layout's wells (they are reserved).
 */
export async function applyLayout(s: WellFillState, layout: PlateLayout, force = false): Promise<Said> {
  const p = s.plate;
  if (!p) return { said: 'Scan a plate first, then the layout', ok: false };
  if (p.rows * p.columns !== layout.size)
    return {
      said: `"${layout.name}" is a ${layout.size}-well layout; ${p.hrid} has ${p.rows * p.columns} wells`,
      ok: false,
    };
  const holding = layout.wells.filter((w) => s.wells[w.position]?.sample);
  if (holding.length > 0 && !force) {
    const list = holding.map((w) => `${w.position} (${s.wells[w.position]!.sample})`).join(', ');
    const message = `Layout "${layout.name}" puts controls on ${holding.length === 1 ? 'a well that holds a sample' : 'wells that hold samples'}: ${list}. Replace ${holding.length === 1 ? 'it' : 'them'}?`;
    const unanswered = leftUnanswered(`layout "${layout.name}"`, 'the layout was not applied');
    s.guard = {
      ...asked('occupied-well', message, unanswered),
      proceed: async () => {
        const r = await applyLayout(s, layout, true);
        s.feedback.report('', r.said, r.ok ? 'success' : 'error');
      },
    };
    return { said: message, ok: false, guarded: true };
  }
  const same = (w: LayoutWell) => {
    const now = s.wells[w.position];
    return now !== undefined && now.sample === null && now.label === w.label && now.tags.join(';') === w.tags.join(';');
  };
  const intents: WellIntent[] = layout.wells
    .filter((w) => !same(w))
    .map((w) => ({
      type: 'well-set',
      manifest: s.ref,
      position: w.position,
      sample: null,
      label: w.label,
      tags: w.tags,
    }));
  if (intents.length === 0) return { said: `${p.hrid} already has layout "${layout.name}"`, ok: true };
  try {
    await s.commit(`layout ${layout.name}`, intents);
  } catch (err) {
    // Main names the well changes it did not save; the bench applied a layout, so it hears that first.
    if (!(err instanceof IpcCallError)) throw err;
    return { said: `NOT RECORDED: layout "${layout.name}" was not applied to ${p.hrid}. ${refusalOf(err)}`, ok: false };
  }
  s.cursor = s.nextTarget(s.cursor ?? undefined);
  return {
    said: `Layout "${layout.name}" on ${p.hrid}: ${intents.length} wells${s.cursor ? ` · next ${s.cursor}` : ''}`,
    ok: true,
  };
}

/** A layout's command barcode (`#CMD:LAYOUT:<name>`): the saved layout of that name, any case. */
export async function applyLayoutNamed(s: WellFillState, name: string): Promise<Said> {
  const { layouts, notice } = await call(s.api, 'layouts.list', {});
  const layout = layouts.find((l) => sameLayoutName(l.name, name));
  // The saved layouts' file was moved aside, told here first: that is why the layout is not found.
  if (!layout)
    return {
      said: `No saved layout is called "${name}" (Well fill → Layouts lists them)${notice ? `. ${notice}` : ''}`,
      ok: false,
    };
  return applyLayout(s, layout);
}
