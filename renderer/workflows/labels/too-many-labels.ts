import { MAX_LABELS_PER_JOB } from '../../../shared/labels/index.js';
import type { SourceKind } from './label-sources.svelte.js';

const count = (n: number): string => n.toLocaleString('en');

/**
 * Why these labels cannot go out as one job (a 26 × 48 rack has 1,248 wells), or null: said before a
 * button is pressed, where main's refusal read "records: Too big: expected array to have <=1000 items".
 */
export function tooManyLabels(labels: number, kind: SourceKind): string | null {
  if (labels <= MAX_LABELS_PER_JOB) return null;
  const how =
    kind === 'wells'
      ? 'Click the wells to print first (Shift+click for a range), then the rest.'
      : 'Print them in parts.';
  return `${count(labels)} labels: one job prints at most ${count(MAX_LABELS_PER_JOB)}. ${how}`;
}
