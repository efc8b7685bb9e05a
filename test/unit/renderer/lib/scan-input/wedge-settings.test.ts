import { describe, expect, it } from 'vitest';
import { DEFAULT_SCAN_INPUT, scanInputSettings } from '../../../../../shared/barcode/scanner-settings.js';
import { settings } from '../../../../../shared/ipc/settings.js';
import { wedgeFromSettings } from '../../../../../renderer/lib/scan-input/wedge-settings.js';

describe('scan-input settings (wedge detection and the double-read window)', () => {
  it('default to the wedge on, the USB profile and a 300 ms double-read window', () => {
    expect(DEFAULT_SCAN_INPUT).toEqual({
      wedgeEnabled: true,
      wedgeProfile: 'usb',
      dedupeWindowMs: 300,
      prefix: '',
      suffix: '',
    });
    expect(wedgeFromSettings(DEFAULT_SCAN_INPUT)).toEqual({ enabled: true, profile: 'usb', prefix: '', suffix: '' });
  });

  it('are typed: a value it does not know is refused, an unknown key from an older file dropped', () => {
    expect(scanInputSettings.safeParse({ wedgeEnabled: 'yes' }).success).toBe(false);
    expect(scanInputSettings.safeParse({ wedgeProfile: 'infrared' }).success).toBe(false);
    expect(scanInputSettings.safeParse({ dedupeWindowMs: 60_000 }).success).toBe(false);
    expect(scanInputSettings.parse({ wedgeProfile: 'bluetooth', somethingOld: 1 })).toEqual({
      wedgeEnabled: true,
      wedgeProfile: 'bluetooth',
      dedupeWindowMs: 300,
      prefix: '',
      suffix: '',
    });
  });

  it('a settings file from before (flat wedge keys, no window) still reads', () => {
    const old = {
      version: 1,
      connection: { kind: 'local-sandbox', mode: 'v2' },
      scanner: { wedgeEnabled: false, wedgeProfile: 'bluetooth' },
      ui: { highContrast: false, sounds: true, fillOrder: 'row-major' },
    };
    expect(settings.parse(old).scanner).toEqual({
      wedgeEnabled: false,
      wedgeProfile: 'bluetooth',
      dedupeWindowMs: 300,
      prefix: '',
      suffix: '',
    });
  });

  it("a scanner's prefix and suffix are up to 8 visible characters, handed to the wedge as set", () => {
    const set = scanInputSettings.parse({ prefix: '~', suffix: '*#' });
    expect(wedgeFromSettings(set)).toMatchObject({ prefix: '~', suffix: '*#' });
    // A space or a control key would be trimmed or typed away before the read is seen: refused, with why.
    for (const bad of [' ', 'a b', '\t', '\u0002', 'ABCDEFGHI'])
      expect(scanInputSettings.safeParse({ prefix: bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
