import { describe, expect, it } from 'vitest';
import { wedgeFromSettings } from '../../../../../renderer/lib/scan-input/wedge-settings.js';

describe('keyboard-wedge settings from the persisted scanner section', () => {
  it('defaults to on with the USB profile', () => {
    expect(wedgeFromSettings({})).toEqual({ enabled: true, profile: 'usb' });
  });
  it('reads the user choices and ignores values it does not know', () => {
    expect(wedgeFromSettings({ wedgeEnabled: false, wedgeProfile: 'bluetooth' })).toEqual({
      enabled: false,
      profile: 'bluetooth',
    });
    expect(wedgeFromSettings({ wedgeEnabled: 'yes', wedgeProfile: 'infrared' })).toEqual({
      enabled: false,
      profile: 'usb',
    });
  });
});
