import type { ScanInputSettings, WedgeSettingsInput } from '../../../shared/barcode/scanner-settings.js';

/** The bench's scan-input settings as the keyboard-wedge detector takes them. */
export function wedgeFromSettings(s: ScanInputSettings): WedgeSettingsInput {
  return { enabled: s.wedgeEnabled, profile: s.wedgeProfile };
}
