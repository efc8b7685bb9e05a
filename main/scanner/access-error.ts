import { hex4 } from '../../shared/barcode/usb-ids.js';
import type { HidDeviceInfo, ScannerErrorCode } from './types.js';

/**
 * Turns an open/read failure into something a scientist (or their IT) can act on. hidapi
 * rarely says "permission denied" plainly: on Linux a hidraw node the user may not read
 * fails with "cannot open device", so on Linux we treat that as a permission problem and
 * give the udev rule that fixes it.
 */
export function udevRule(vendorId: number): string {
  return `SUBSYSTEM=="hidraw", ATTRS{idVendor}=="${hex4(vendorId)}", MODE="0660", TAG+="uaccess"`;
}

export function describeDevice(d: HidDeviceInfo): string {
  const name = [d.manufacturer, d.product].filter(Boolean).join(' ') || 'scanner';
  return `${name} (${hex4(d.vendorId)}:${hex4(d.productId)}${d.path ? `, ${d.path}` : ''})`;
}

function errorText(err: unknown): { message: string; code?: string } {
  if (err instanceof Error) {
    const code = (err as Error & { code?: unknown }).code;
    return typeof code === 'string' ? { message: err.message, code } : { message: err.message };
  }
  return { message: String(err) };
}

const DENIED =
  /EACCES|EPERM|permission denied|access denied|not permitted|cannot open device|could not open|0xE00002C5|exclusive access/i;

export function describeOpenError(
  err: unknown,
  device: HidDeviceInfo,
  platform: string,
  role: 'hid-pos' | 'hid-keyboard',
): { code: ScannerErrorCode; message: string } {
  const { message, code } = errorText(err);
  const what = describeDevice(device);
  if (!(code === 'EACCES' || code === 'EPERM' || DENIED.test(message))) {
    return { code: 'open-failed', message: `Could not open ${what}: ${message}` };
  }
  if (platform === 'linux') {
    return {
      code: 'access-denied',
      message:
        `Permission denied opening ${what}. Allow your user to read this scanner with a udev rule: ` +
        `put the line\n  ${udevRule(device.vendorId)}\ninto /etc/udev/rules.d/70-benchlink-scanner.rules, ` +
        `run "sudo udevadm control --reload-rules && sudo udevadm trigger", then unplug and replug the scanner.`,
    };
  }
  if (platform === 'darwin') {
    return {
      code: 'access-denied',
      message:
        role === 'hid-keyboard'
          ? `macOS refused access to ${what}. Allow Benchlink under System Settings → Privacy & Security → Input Monitoring, then restart Benchlink.`
          : `macOS refused access to ${what}: another application may hold it. Close other scanner software and replug it.`,
    };
  }
  if (platform === 'win32' && role === 'hid-keyboard') {
    return {
      code: 'access-denied',
      message: `Windows reserves keyboards for itself, so ${what} cannot be claimed. Program the scanner for HID POS mode (see its manual) or remove it from "keyboard scanners" and let keystroke detection handle it.`,
    };
  }
  return {
    code: 'access-denied',
    message: `Access to ${what} was denied (${message}). Close other software using the scanner and replug it.`,
  };
}

/** A read error almost always means the device went away (unplugged, USB reset). */
export function describeReadError(err: unknown, device: HidDeviceInfo): string {
  return `Lost connection to ${describeDevice(device)}: ${errorText(err).message}. It will reconnect when it is plugged back in.`;
}
