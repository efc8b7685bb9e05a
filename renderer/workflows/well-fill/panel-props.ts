import type { WellFillState } from './well-fill-state.svelte.js';

/** What the well-fill screen hands the panels that edit its plate (toolbar, layouts). */
export interface WellPanelProps {
  s: WellFillState;
  /** Says an outcome on the bench (flash, last-scan line) and gives focus back to the scan field. */
  after: (msg: string, ok: boolean) => void;
  /** The scan hub's queue: a click's edit takes its turn with the scans, as Ctrl+Z does. */
  inTurn: <T>(edit: () => Promise<T>) => Promise<T>;
}
