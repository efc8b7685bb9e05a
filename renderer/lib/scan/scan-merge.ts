import { createDuplicateFilter } from '../../../shared/barcode/dedupe.js';

/**
 * One scan can reach the renderer twice: a keyboard-mode scanner claimed by main over hidraw
 * still types into the focused window on Linux (hidraw does not grab the keyboard), so the
 * wedge detector sees the same read that main reports over IPC. Feed every scan from either
 * path through one merger, stamped with the renderer's clock on arrival (performance.now()
 * for IPC events, event.timeStamp for wedge scans — the same time origin), and keep only
 * those it accepts.
 */
export interface ScanMerger {
  accept(text: string, receivedAt: number): boolean;
}

export function createScanMerger(windowMs = 500): ScanMerger {
  const filter = createDuplicateFilter(windowMs);
  return {
    accept(text, receivedAt) {
      return !filter.check('any-source', text, receivedAt).duplicate;
    },
  };
}
