import type { RemovalField, WellLabel } from '../../../shared/api/primitives.js';
import type { WellIntent } from '../../../shared/outbox/intents.js';
import type { WellFillState } from './well-fill-state.svelte.js';
import { counted } from '../../lib/format/counted.js';

/** Label, tag and removal edits on a selection: one outbox entry per well, one undo step for all. */
export async function labelWells(s: WellFillState, positions: string[], label: WellLabel): Promise<string> {
  const intents: WellIntent[] = positions.map((position) => ({ type: 'well-set', manifest: s.ref, position, label }));
  await s.commit(`${label} on ${counted(positions.length, 'well')}`, intents);
  // A control, blank or standard where the fill stood is passed over, as a layout's are: left there,
  // every next tube asked "put it in the control well anyway?" and a habitual yes put one in it.
  s.cursor = s.nextTarget(s.cursor ?? undefined);
  return `${label} set on ${positions.join(' ')}${s.cursor ? ` · next ${s.cursor}` : ''}`;
}

export async function tagWells(s: WellFillState, positions: string[], text: string): Promise<string> {
  const add = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const intents: WellIntent[] = positions.map((position) => {
    const current = s.wells[position]?.tags ?? [];
    return { type: 'well-set', manifest: s.ref, position, tags: [...new Set([...current, ...add])] };
  });
  await s.commit(`tags ${add.join(', ')}`, intents);
  return `Tags ${add.join(', ')} on ${counted(positions.length, 'well')}`;
}

export async function removeFromWells(s: WellFillState, positions: string[], field: RemovalField): Promise<string> {
  const has = (p: string) => {
    const w = s.wells[p];
    if (!w) return false;
    return field === 'SAMPLE' ? w.sample !== null : field === 'LABEL' ? w.label !== '' : w.tags.length > 0;
  };
  const targets = positions.filter(has);
  if (targets.length === 0) return `Nothing to remove`;
  await s.commit(
    `remove ${field.toLowerCase()} from ${counted(targets.length, 'well')}`,
    targets.map((position) => ({ type: 'well-remove', manifest: s.ref, position, fields: [field] })),
  );
  if (field === 'SAMPLE') s.cursor = s.nextTarget(targets[0]);
  return `Removed ${field.toLowerCase()} from ${targets.join(' ')}`;
}
