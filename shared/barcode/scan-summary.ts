import type { Classification } from './classify.js';
import { gs1FieldLines } from './gs1-describe.js';
import { WEDGE_PROFILES } from './scanner-settings.js';

/**
 * What the "test your scanner" panel shows for one read: what was decoded, what it was
 * taken for and why, and how fast it arrived — and, for keyboard-wedge reads, which wedge
 * profile fits the scanner's key rhythm (the usb profile misses Bluetooth scanners).
 */
export interface ScanTiming {
  source: 'hid-pos' | 'hid-keyboard' | 'wedge';
  durationMs: number;
  /** Keystrokes in the read (wedge and keyboard reads). */
  keys?: number;
  symbology?: string;
}

export interface ScanSummary {
  title: string;
  details: string[];
  msPerKey?: number;
  suggestedProfile?: 'usb' | 'bluetooth';
}

/** What the USB profile tolerates (35 ms per key); slower rhythms need the Bluetooth profile. */
const USB_MEAN_GAP_LIMIT_MS = WEDGE_PROFILES.usb;

function visible(text: string): string {
  return text.replace(/[\x00-\x1f]/g, (c) =>
    c === '\x1d' ? '<GS>' : `<0x${c.charCodeAt(0).toString(16).padStart(2, '0')}>`,
  );
}

export function summarizeScan(text: string, timing: ScanTiming, c: Classification): ScanSummary {
  const details = [
    `Read: ${visible(text)}`,
    `Taken as: ${c.kind}${c.kind !== 'unknown' ? ` → ${visible(c.normalized)}` : ''}`,
    `Why: ${c.why}`,
  ];
  if (timing.symbology) details.push(`Symbology: ${timing.symbology}`);
  if (c.gs1) {
    for (const line of gs1FieldLines(c.gs1)) details.push(`  ${visible(line)}`);
    for (const note of c.gs1.unmet) details.push(`  Not on this label: ${note}`);
  }
  const summary: ScanSummary = {
    title: `${c.kind === 'unknown' ? 'Not recognised' : c.kind}: ${visible(c.value || text)}`,
    details,
  };
  if (timing.keys && timing.keys > 1) {
    const msPerKey = timing.durationMs / (timing.keys - 1);
    summary.msPerKey = Math.round(msPerKey * 10) / 10;
    details.push(
      `Arrived in ${Math.round(timing.durationMs)} ms (${timing.keys} keys, ${summary.msPerKey} ms per key)`,
    );
    if (timing.source !== 'hid-pos') summary.suggestedProfile = msPerKey <= USB_MEAN_GAP_LIMIT_MS ? 'usb' : 'bluetooth';
  } else {
    details.push(`Arrived in ${Math.round(timing.durationMs)} ms`);
  }
  return summary;
}
