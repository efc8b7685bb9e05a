import { describe, expect, it } from 'vitest';
import { createScanMerger } from '../../../../../renderer/lib/scan/scan-merge.js';

describe('scan merger across the HID and wedge paths', () => {
  it('keeps the first arrival of a read and drops its twin from the other path', () => {
    const m = createScanMerger(500);
    expect(m.accept('TB1', 1000)).toBe(true); // wedge
    expect(m.accept('TB1', 1012)).toBe(false); // the same read over IPC
    expect(m.accept('TB2', 1020)).toBe(true);
    expect(m.accept('TB1', 1600)).toBe(true); // a deliberate rescan later
  });
});
