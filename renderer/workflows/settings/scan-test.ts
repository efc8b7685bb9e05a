import { WEDGE_PROFILES } from '../../../shared/barcode/scanner-settings.js';

/** Timing of one entry in the "test your scanner" field, from its key timestamps. */
export interface ScanTiming {
  keys: number;
  durationMs: number;
  maxGapMs: number;
  /** What the wedge detector would call it with the default USB profile (35 ms gaps). */
  verdict: 'scanner' | 'typing';
  /**
   * The keyboard-scanner profile this rhythm fits, from the largest key gap measured: USB while
   * every gap is within its 35 ms, Bluetooth up to 60 ms; none for a person's typing.
   */
  fits: 'usb' | 'bluetooth' | null;
}

export function timingOf(stamps: readonly number[], maxScanGapMs: number = WEDGE_PROFILES.usb): ScanTiming {
  const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
  const maxGapMs = gaps.length ? Math.max(...gaps) : 0;
  const burst = stamps.length >= 4;
  return {
    keys: stamps.length,
    durationMs: stamps.length > 1 ? stamps[stamps.length - 1]! - stamps[0]! : 0,
    maxGapMs,
    verdict: burst && maxGapMs <= maxScanGapMs ? 'scanner' : 'typing',
    fits: !burst
      ? null
      : maxGapMs <= WEDGE_PROFILES.usb
        ? 'usb'
        : maxGapMs <= WEDGE_PROFILES.bluetooth
          ? 'bluetooth'
          : null,
  };
}
