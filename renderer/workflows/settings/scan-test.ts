/** Timing of one entry in the "test your scanner" field, from its key timestamps. */
export interface ScanTiming {
  keys: number;
  durationMs: number;
  maxGapMs: number;
  /** What the wedge detector would call it with the default USB profile (35 ms gaps). */
  verdict: 'scanner' | 'typing';
}

export function timingOf(stamps: readonly number[], maxScanGapMs = 35): ScanTiming {
  const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
  const maxGapMs = gaps.length ? Math.max(...gaps) : 0;
  return {
    keys: stamps.length,
    durationMs: stamps.length > 1 ? stamps[stamps.length - 1]! - stamps[0]! : 0,
    maxGapMs,
    verdict: stamps.length >= 4 && maxGapMs <= maxScanGapMs ? 'scanner' : 'typing',
  };
}
