import type { Component } from 'svelte';
// Screens that take scans are in the first chunk: a user switches to one and scans at once, and a
// read typed while its code was still loading would lose its first characters. They are small.
import WellFillScreen from '../workflows/well-fill/WellFillScreen.svelte';
import AssignScreen from '../workflows/assign-location/AssignScreen.svelte';
import RowUpdateScreen from '../workflows/row-update/RowUpdateScreen.svelte';
import UploadScreen from '../workflows/upload/UploadScreen.svelte';
import OutboxScreen from '../workflows/outbox/OutboxScreen.svelte';

import type { ScreenId } from '../lib/navigation.js';

export type { ScreenId } from '../lib/navigation.js';

export type ScreenComponent = Component<Record<string, never>>;

export interface ScreenDef {
  id: ScreenId;
  label: string;
  /** Keyboard shortcut shown in the nav (Alt+digit), matching the Electron menu. */
  key: string;
  /**
   * Set when the workflow exists; screens without one show a placeholder. A dynamic import, so a
   * heavy screen's code (Labels pulls in three bwip-js encoders: ~75 KB gzipped) is not on the start path; the
   * shell fetches these at idle after start (ScreenLoader.preload) and on first visit.
   */
  load?: () => Promise<ScreenComponent>;
  /** Already in the first chunk (the scan-taking screens): drawn at once, with no loading step. */
  component?: ScreenComponent;
  /**
   * Whether the screen takes scans (claims the scan hub). One that does not answers a scan with
   * NO_SCREEN_FOR_SCANS, so its idle headline says so beforehand instead of "Ready for the first scan".
   */
  takesScans: boolean;
}

/**
 * The navigation, in order. Workflow owners plug their screen in here, by `component` (a static
 * import, in the first chunk) or `load` (a dynamic import). Settings is rendered by the shell itself.
 */
export const SCREENS: readonly ScreenDef[] = [
  { id: 'well-fill', label: 'Well fill', key: '1', component: WellFillScreen, takesScans: true },
  { id: 'assign-location', label: 'Assign location', key: '2', component: AssignScreen, takesScans: true },
  { id: 'row-update', label: 'Row update', key: '3', component: RowUpdateScreen, takesScans: true },
  { id: 'upload', label: 'Upload', key: '4', component: UploadScreen, takesScans: false },
  { id: 'outbox', label: 'Outbox', key: '5', component: OutboxScreen, takesScans: false },
  {
    id: 'data',
    label: 'Data',
    key: '6',
    takesScans: true,
    load: () => import('../workflows/data/DataScreen.svelte').then((m) => m.default),
  },
  { id: 'settings', label: 'Settings', key: '7', takesScans: false },
  // Alt+8: the keys before it were taken when Labels arrived, so it comes last, here and in the Electron menu.
  {
    id: 'labels',
    label: 'Labels',
    key: '8',
    takesScans: true,
    load: () => import('../workflows/labels/LabelsScreen.svelte').then((m) => m.default),
  },
];
