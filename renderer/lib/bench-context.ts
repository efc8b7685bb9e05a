import { getContext, setContext } from 'svelte';
import type { Feedback } from './feedback/feedback.svelte.js';
import type { OutboxState } from './outbox/outbox-state.svelte.js';
import type { ScanHub } from './scan-input/scan-hub.svelte.js';
import type { LabsheetWorkflow } from '../../shared/ipc/settings.js';

/** The bench services every workflow screen shares; App.svelte provides them once. */
export interface Bench {
  hub: ScanHub;
  feedback: Feedback;
  outbox: OutboxState;
  /** The labsheet a workflow reads its samples from (a setting; the demo lab's by default). */
  labsheetFor(workflow: LabsheetWorkflow): string;
}

const KEY = Symbol('benchlink.bench');
export const provideBench = (b: Bench): void => void setContext(KEY, b);
export function useBench(): Bench {
  const b = getContext<Bench | undefined>(KEY);
  if (!b) throw new Error('useBench(): App.svelte must provideBench()');
  return b;
}
