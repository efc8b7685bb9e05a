import type { Component } from 'svelte';
import DataScreen from '../workflows/data/DataScreen.svelte';
import WellFillScreen from '../workflows/well-fill/WellFillScreen.svelte';
import AssignScreen from '../workflows/assign-location/AssignScreen.svelte';
import RowUpdateScreen from '../workflows/row-update/RowUpdateScreen.svelte';
import UploadScreen from '../workflows/upload/UploadScreen.svelte';
import OutboxScreen from '../workflows/outbox/OutboxScreen.svelte';
import LabelsScreen from '../workflows/labels/LabelsScreen.svelte';

export type ScreenId = 'well-fill' | 'assign-location' | 'row-update' | 'upload' | 'outbox' | 'data' | 'labels' | 'settings';

export interface ScreenDef {
  id: ScreenId;
  label: string;
  /** Keyboard shortcut shown in the nav (Alt+digit), matching the Electron menu. */
  key: string;
  /** Set when the workflow exists; screens without one show a placeholder. */
  component?: Component<Record<string, never>>;
}

/**
 * The navigation, in order. Workflow owners plug their screen in by setting `component` here
 * (Settings is rendered by the shell itself).
 */
export const SCREENS: readonly ScreenDef[] = [
  { id: 'well-fill', label: 'Well fill', key: '1', component: WellFillScreen },
  { id: 'assign-location', label: 'Assign location', key: '2', component: AssignScreen },
  { id: 'row-update', label: 'Row update', key: '3', component: RowUpdateScreen },
  { id: 'upload', label: 'Upload', key: '4', component: UploadScreen },
  { id: 'outbox', label: 'Outbox', key: '5', component: OutboxScreen },
  { id: 'data', label: 'Data', key: '6', component: DataScreen },
  // Alt+8: the keys before it were taken when Labels arrived; the Electron menu lists it last to match.
  { id: 'labels', label: 'Labels', key: '8', component: LabelsScreen },
  { id: 'settings', label: 'Settings', key: '7' },
];
