/** The data browser's sections, in tab order. */
export const DATA_TABS = [
  { id: 'labsheets', label: 'Labsheets' },
  { id: 'sequences', label: 'Sequences' },
  { id: 'labspaces', label: 'Labspaces & folders' },
  { id: 'locations', label: 'Locations' },
  { id: 'labflows', label: 'Labflows' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'manifests', label: 'Manifests' },
] as const;
export type DataTabId = (typeof DATA_TABS)[number]['id'];

/** Arrow keys, Home and End move between tabs (the WAI-ARIA tabs pattern). */
export function nextTab(current: DataTabId, key: string): DataTabId | null {
  const i = DATA_TABS.findIndex((t) => t.id === current);
  const n = DATA_TABS.length;
  const to =
    key === 'ArrowRight'
      ? (i + 1) % n
      : key === 'ArrowLeft'
        ? (i - 1 + n) % n
        : key === 'Home'
          ? 0
          : key === 'End'
            ? n - 1
            : -1;
  return to < 0 ? null : DATA_TABS[to]!.id;
}
