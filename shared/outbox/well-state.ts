import type { WellSample } from '../api/manifests.js';
import type { WellIntent } from './intents.js';

/** A well's contents as the app knows them. */
export interface WellState {
  sample: WellSample | null;
  label: string;
  tags: string[];
}

export const EMPTY_WELL_STATE: WellState = { sample: null, label: '', tags: [] };

/** What the service will hold after a well intent arrives (the fold manifest/update performs). */
export function applyWellIntent(w: WellState, i: WellIntent): WellState {
  if (i.type === 'well-set') {
    return {
      sample: i.sample === undefined ? w.sample : i.sample,
      label: i.label ?? w.label,
      tags: i.tags ? [...i.tags] : w.tags,
    };
  }
  const f = new Set(i.fields);
  return {
    sample: f.has('SAMPLE') ? null : w.sample,
    label: f.has('LABEL') ? '' : w.label,
    tags: f.has('TAGS') ? [] : w.tags,
  };
}

/**
 * A label that keeps its well for something other than a sample: a control, a blank, a standard. SAMPLE
 * only says a sample goes there, so a well labelled SAMPLE with none in it is free. One rule for Well
 * fill's cursor, Assign location's free positions and the plate record's contents.
 */
export function isReservingLabel(label: string): boolean {
  return label !== '' && label !== 'SAMPLE';
}

/** A well the service counts as not empty: it holds a sample or carries a label (a control, a blank). */
export function isUsedWell(w: WellState): boolean {
  return w.sample !== null || w.label !== '';
}
