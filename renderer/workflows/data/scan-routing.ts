import { getContext, setContext } from 'svelte';
import type { DataTabId } from './tabs.js';

/**
 * What a tab made of a scan, as a line for the last-scan display. `ok: false` when the scan could
 * not be answered (the look-up or search failed): it sounds and shows as an error, so a failure is
 * never taken for "not found".
 */
export interface DataScanAnswer {
  text: string;
  ok: boolean;
}

/** What a tab does with a scan: look it up, search for it. */
export type DataScanTarget = (text: string) => Promise<DataScanAnswer>;

/**
 * Scans on the Data screen go to the tab on view (a manifest barcode to the Manifests look-up, a
 * tube ID to the row search). Panels register while mounted; the screen claims the scan hub and
 * asks this router, so a scan made with focus anywhere on the screen is not lost.
 */
export class DataScanRouter {
  #targets = new Map<DataTabId, DataScanTarget>();

  register(tab: DataTabId, target: DataScanTarget): () => void {
    this.#targets.set(tab, target);
    return () => {
      if (this.#targets.get(tab) === target) this.#targets.delete(tab);
    };
  }

  /** null when the tab takes no scans. */
  route(tab: DataTabId, text: string): Promise<DataScanAnswer> | null {
    return this.#targets.get(tab)?.(text) ?? null;
  }
}

const KEY = Symbol('benchlink.data-scan');
export const provideDataScan = (r: DataScanRouter): void => void setContext(KEY, r);
/** The router, or null when a panel is rendered outside the Data screen. */
export const useDataScan = (): DataScanRouter | null => getContext<DataScanRouter | undefined>(KEY) ?? null;
