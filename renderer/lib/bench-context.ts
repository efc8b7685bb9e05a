import { getContext, setContext } from 'svelte';
import type { Feedback } from './feedback/feedback.svelte.js';
import type { OutboxState } from './outbox/outbox-state.svelte.js';
import type { ScanHub } from './scan-input/scan-hub.svelte.js';
import type { LabsheetWorkflow, UiPrefs } from '../../shared/ipc/settings.js';
import type { Gs1ColumnMap } from '../../shared/barcode/gs1-columns.js';
import type { LabsheetIdColumns } from '../../shared/ipc/id-columns.js';

/** The bench services every workflow screen shares; App.svelte provides them once. */
export interface Bench {
  hub: ScanHub;
  feedback: Feedback;
  outbox: OutboxState;
  /**
   * The service in use (`serviceIdentity`): a screen's kept state belongs to it (lib/kept). Workflow
   * screens are drawn only once it is known, and drawn afresh when it changes (App.svelte).
   */
  service(): string;
  /** The labsheet a workflow reads its samples from (a setting; the demo lab's by default). */
  labsheetFor(workflow: LabsheetWorkflow): string;
  /** The columns a scanned reagent pack fills in this labsheet (a setting; empty until mapped). */
  packColumnsFor(labsheet: string): Gs1ColumnMap;
  /** Saves a labsheet's pack columns; answers the reason when it could not. */
  savePackColumns(labsheet: string, map: Gs1ColumnMap): Promise<string | null>;
  /** Saves which columns identify a labsheet's rows (null: back to the guess); answers the reason when it could not. */
  saveIdColumns(labsheet: string, columns: LabsheetIdColumns | null): Promise<string | null>;
  /** The order Well fill fills a plate in (a setting, chosen in Settings or on Well fill itself). */
  fillOrder(): UiPrefs['fillOrder'];
  /** Saves the fill order; answers the reason when it could not. */
  saveFillOrder(order: UiPrefs['fillOrder']): Promise<string | null>;
}

const KEY = Symbol('benchlink.bench');
export const provideBench = (b: Bench): void => void setContext(KEY, b);
export function useBench(): Bench {
  const b = getContext<Bench | undefined>(KEY);
  if (!b) throw new Error('useBench(): App.svelte must provideBench()');
  return b;
}
