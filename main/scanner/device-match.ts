import type { ScannerSettings } from '../../shared/barcode/scanner-settings.js';
import { sameUsbIds } from '../../shared/barcode/usb-ids.js';
import type { DeviceRole, HidDeviceInfo } from './types.js';

export const USAGE_PAGE_BARCODE_SCANNER = 0x8c;
export const USAGE_PAGE_GENERIC_DESKTOP = 0x01;
export const USAGE_KEYBOARD = 0x06;

/** Stable identity across polls: the OS path, or ids + interface when the platform gives no path. */
export function deviceKey(d: HidDeviceInfo): string {
  return d.path ?? `${d.vendorId}:${d.productId}:${d.interface ?? 0}:${d.usagePage ?? 0}:${d.usage ?? 0}`;
}

/**
 * Decides what a device is to us. HID POS scanners announce themselves by usage page 0x8C.
 * A keyboard-mode scanner looks like any keyboard, so only one the user configured by
 * vendor/product id is claimed, and only its keyboard interface (a composite scanner also has
 * vendor interfaces that must not be read as keys). Everything else is left alone.
 */
export function deviceRole(d: HidDeviceInfo, settings: ScannerSettings): DeviceRole | 'ignored' {
  if (settings.ignore.some((i) => sameUsbIds(d, i))) return 'ignored';
  if (settings.hidPos && d.usagePage === USAGE_PAGE_BARCODE_SCANNER) return 'hid-pos';
  const claimed = settings.keyboardScanners.some((k) => sameUsbIds(d, k));
  if (claimed && typesKeys(d)) return 'hid-keyboard';
  return 'other';
}

/**
 * Whether the interface may be a keyboard's, so a keyboard-mode scanner on it can be claimed: it says it
 * is one, or says no usage page at all (libusb builds of hidapi report none: then the ids are all we have).
 */
export function typesKeys(d: HidDeviceInfo): boolean {
  const usageKnown = d.usagePage !== undefined && d.usagePage !== 0;
  return !usageKnown || (d.usagePage === USAGE_PAGE_GENERIC_DESKTOP && d.usage === USAGE_KEYBOARD);
}
