import type { WedgeSettingsInput } from '../../../shared/barcode/scanner-settings.js';
import type { ScannerSettings } from '../../../shared/ipc/settings.js';

/** Keys of the flat `scanner` settings section that the keyboard-wedge detector reads. */
export const WEDGE_KEYS = { enabled: 'wedgeEnabled', profile: 'wedgeProfile' } as const;

/** The persisted scanner section (flat values) as the detector's settings; defaults where unset. */
export function wedgeFromSettings(s: ScannerSettings): WedgeSettingsInput {
  const enabled = s[WEDGE_KEYS.enabled];
  const profile = s[WEDGE_KEYS.profile];
  return {
    enabled: enabled === undefined ? true : enabled === true,
    profile: profile === 'bluetooth' ? 'bluetooth' : 'usb',
  };
}
