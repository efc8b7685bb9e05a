import type { Component } from 'svelte';
// The start screen is in the first chunk: start → interactive plate map must not wait for a second fetch.
import WellFillScreen from '../workflows/well-fill/WellFillScreen.svelte';

export type ScreenId = 'well-fill' | 'assign-location' | 'row-update' | 'upload' | 'outbox' | 'data' | 'labels' | 'settings';

export type ScreenComponent = Component<Record<string, never>>;

export interface ScreenDef {
  id: ScreenId;
  label: string;
  /** Keyboard shortcut shown in the nav (Alt+digit), matching the Electron menu. */
  key: string;
  /**
   * Set when the workflow exists; screens without one show a placeholder. A dynamic import, so a
   * screen's code (Labels pulls in bwip-js, Assign location csv-parse) loads the first time it is
   * opened, not with the well-fill path everyone waits for.
   */
  load?: () => Promise<ScreenComponent>;
  /** Already in the first chunk (the start screen): drawn at once, with no loading step. */
  component?: ScreenComponent;
}

/**
 * The navigation, in order. Workflow owners plug their screen in by setting `load` (a dynamic import) here
 * (Settings is rendered by the shell itself).
 */
export const SCREENS: readonly ScreenDef[] = [
  { id: 'well-fill', label: 'Well fill', key: '1', component: WellFillScreen },
  { id: 'assign-location', label: 'Assign location', key: '2', load: () => import('../workflows/assign-location/AssignScreen.svelte').then((m) => m.default) },
  { id: 'row-update', label: 'Row update', key: '3', load: () => import('../workflows/row-update/RowUpdateScreen.svelte').then((m) => m.default) },
  { id: 'upload', label: 'Upload', key: '4', load: () => import('../workflows/upload/UploadScreen.svelte').then((m) => m.default) },
  { id: 'outbox', label: 'Outbox', key: '5', load: () => import('../workflows/outbox/OutboxScreen.svelte').then((m) => m.default) },
  { id: 'data', label: 'Data', key: '6', load: () => import('../workflows/data/DataScreen.svelte').then((m) => m.default) },
  // Alt+8: the keys before it were taken when Labels arrived; the Electron menu lists it last to match.
  { id: 'labels', label: 'Labels', key: '8', load: () => import('../workflows/labels/LabelsScreen.svelte').then((m) => m.default) },
  { id: 'settings', label: 'Settings', key: '7' },
];
