import type { ScanInputSettings, WedgeSettingsInput } from '../../../shared/barcode/scanner-settings.js';

/**
 * The bench's scan-input settings as the keyboard-wedge detector takes them. The prefix declares a scan
 * and the suffix ends one there; the detector takes both off the reads it hands on.
 */
export function wedgeFromSettings(s: ScanInputSettings): WedgeSettingsInput {
  return { enabled: s.wedgeEnabled, profile: s.wedgeProfile, prefix: s.prefix, suffix: s.suffix };
}
