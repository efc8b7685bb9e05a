import type { ScannerDevice, ScannerScan } from '../../../shared/ipc/channels/scanner.js';
import { hex4, sameUsbIds, type UsbIds } from '../../../shared/barcode/usb-ids.js';
import { withAim } from '../../../shared/barcode/aim.js';
import { unframe, type ScanFraming } from '../../../shared/barcode/framing.js';
import { classify } from '../../lib/scan-input/scan-kind.js';
import {
  keyboardScannerSettings,
  type KeyboardLayoutName,
  type ScannerSettings,
} from '../../../shared/barcode/scanner-settings.js';
import { capitalised } from '../../../shared/sentence-case.js';

/**
 * What Settings → Scanners offers for each HID device it lists, and the change of the scanner settings
 * each choice makes. A scanner in keyboard mode is read through the keystroke detector without any of
 * this; read as a scanner (claimed by its ids), main reads its keys itself, with the keyboard layout it
 * is programmed for (a German scanner types QWERTZ key codes that the detector reads as other letters).
 */
export type DeviceChoice = 'claim' | 'release' | 'ignore' | 'use-again';

/** The choice offered for a listed device, or null (a mouse, a vendor interface: nothing to read there). */
export function choiceFor(d: ScannerDevice): DeviceChoice | null {
  if (d.status === 'ignored') return 'use-again';
  if (d.role === 'hid-keyboard') return 'release';
  if (d.role === 'hid-pos') return 'ignore';
  return d.keyboard ? 'claim' : null;
}

export const CHOICE_SAID: Record<DeviceChoice, string> = {
  claim: 'Read as a scanner',
  release: 'Stop reading as a scanner',
  ignore: 'Do not read this device',
  'use-again': 'Read this device again',
};

/** The device as the list names it: its product name and its ids. */
export const deviceName = (d: Pick<ScannerDevice, 'product' | 'vendorId' | 'productId'>): string =>
  `${d.product ?? 'Device'} (${hex4(d.vendorId)}:${hex4(d.productId)})`;

/**
 * What a claim asks first. Every key a claimed device sends is read as a scan: the keyboard one types
 * with, claimed by a slip, would record what is typed as scans.
 */
export const claimQuestion = (d: ScannerDevice): string =>
  `Read ${deviceName(d)} as a barcode scanner? Every key it sends is then read as a scan, so choose this for a ` +
  'scanner only, never for the keyboard you type with.';

/** The change of the scanner settings a choice makes for the device (all its interfaces: they share its ids). */
export function choicePatch(choice: DeviceChoice, d: ScannerDevice, s: ScannerSettings): Partial<ScannerSettings> {
  const others = <T extends UsbIds>(list: readonly T[]) => list.filter((x) => !sameUsbIds(x, d));
  const ids = { vendorId: d.vendorId, productId: d.productId };
  switch (choice) {
    case 'claim': {
      // Main's defaults (a US layout, Enter or Tab ends a read), named as the list names it.
      const entry = keyboardScannerSettings.parse({ ...ids, ...(d.product ? { label: d.product } : {}) });
      return { keyboardScanners: [...others(s.keyboardScanners), entry] };
    }
    case 'release':
      return { keyboardScanners: others(s.keyboardScanners) };
    case 'ignore':
      return { ignore: [...others(s.ignore), ids] };
    case 'use-again':
      return { ignore: others(s.ignore) };
  }
}

/** The keyboard layout a claimed scanner is read with (US when it has no entry: main's default). */
export const layoutOf = (d: UsbIds, s: ScannerSettings): KeyboardLayoutName =>
  s.keyboardScanners.find((k) => sameUsbIds(k, d))?.layout ?? 'us';

/** The change that reads a claimed scanner with another keyboard layout. */
export const layoutPatch = (d: UsbIds, s: ScannerSettings, layout: KeyboardLayoutName): Partial<ScannerSettings> => ({
  keyboardScanners: s.keyboardScanners.map((k) => (sameUsbIds(k, d) ? { ...k, layout } : k)),
});

/**
 * What became of the choice, from the device as main lists it after the change: read, stopped, or why it
 * could not be opened (main's reason: a keyboard Windows keeps for itself, a Linux permission).
 */
export function choiceOutcome(choice: DeviceChoice, now: ScannerDevice | undefined, name: string): string {
  if (!now) return `${name} is no longer listed (unplugged?)`;
  if (now.status === 'error') return `${name} could not be read: ${now.error ?? 'the system refused to open it'}`;
  if (choice === 'claim')
    return now.role === 'hid-keyboard'
      ? `${name} is read as a scanner now: scan a code with it, and the read shows here`
      : `${name} is not read as a scanner: it does not present itself as a keyboard`;
  if (choice === 'release') return `${name} is no longer read as a scanner; its keys type as a keyboard's do`;
  if (choice === 'ignore') return `${name} is not read any more`;
  return `${name} is read again`;
}

/** A read shown on the card, and the layout to set for its scanner when the read shows it typed for another. */
export interface HidRead {
  said: string;
  layoutFix?: { device: ScannerDevice; layout: KeyboardLayoutName };
}

/**
 * A read main decoded from a USB scanner (HID POS or one read as a scanner), as the card shows it so a
 * claim can be checked: its text and the device it came from. Null for a read typed through the keystroke
 * detector or a test read (Test your scanner shows those).
 */
export function hidReadSaid(
  scan: ScannerScan,
  devices: readonly ScannerDevice[],
  framing: ScanFraming,
): HidRead | null {
  const { kind, vendorId, productId } = scan.source;
  if (kind !== 'hid-pos' && kind !== 'hid-keyboard') return null;
  const device = devices.find((d) => sameUsbIds(d, scan.source) && d.role === kind);
  // Where a claim is checked, what is wrong with the read too (a layout chosen wrong, a prefix left on), as
  // the screens take it: without what Settings says the scanners put around each code (ScanHub.receiveFromMain).
  const read = withAim(scan.aim, unframe(scan.text.trim(), framing));
  const c = classify(read, { source: kind === 'hid-keyboard' ? 'hid-keys' : 'hid' });
  const said = `Last read: ${scan.text} from ${deviceName(device ?? { vendorId, productId })}${c.cause ? `. ${capitalised(c.cause)}` : ''}`;
  const layoutFix = kind === 'hid-keyboard' && device && c.layouts ? { device, layout: c.layouts.typedFor } : null;
  return layoutFix ? { said, layoutFix } : { said };
}
