import { z } from 'zod';

const usbId = z.number().int().min(0).max(0xffff);

/**
 * The longest read any path delivers: a QR code holds at most 2,953 bytes, so this is room for
 * every barcode. The decoders drop what runs past it (a stuck key, a flood), saying so.
 */
export const MAX_SCAN_LENGTH = 4096;

export const KEYBOARD_LAYOUTS = ['us', 'de', 'fr'] as const;
export type KeyboardLayoutName = (typeof KEYBOARD_LAYOUTS)[number];
/** A layout's name as the bench says it, and its first letters' row as the settings list it. */
export const LAYOUT_SAID: Readonly<Record<KeyboardLayoutName, string>> = { us: 'US', de: 'German', fr: 'French' };
export const LAYOUT_LETTERS: Readonly<Record<KeyboardLayoutName, string>> = {
  us: 'QWERTY',
  de: 'QWERTZ',
  fr: 'AZERTY',
};

/** A scanner that presents itself as a keyboard, claimed by id so its keys never reach the OS focus. */
export const keyboardScannerSettings = z.strictObject({
  vendorId: usbId,
  productId: usbId,
  /** The keyboard layout the scanner is programmed for (German scanners send QWERTZ key codes). */
  layout: z.enum(KEYBOARD_LAYOUTS).default('us'),
  terminators: z.array(z.enum(['enter', 'tab'])).default(['enter', 'tab']),
  /** A read without a terminator ends after this much silence. */
  idleMs: z.number().int().min(10).max(2000).default(80),
  /**
   * Only a terminator ends a read (the wedge's setting of the same name): a scanner that pauses mid-read
   * longer than `idleMs` (a Bluetooth link, a long code read in parts) would otherwise have one read cut
   * into two recorded scans. A read left without its terminator for `unterminatedMs` is dropped and said,
   * never recorded. Off by default: a scanner programmed with no suffix would never finish a read.
   */
  requireTerminator: z.boolean().default(false),
  unterminatedMs: z.number().int().min(200).max(10_000).default(1500),
  label: z.string().optional(),
});
export type KeyboardScannerSettings = z.infer<typeof keyboardScannerSettings>;

export const deviceId = z.strictObject({ vendorId: usbId, productId: usbId });

/** Settings of the main-process scanner service (node-hid). */
export const scannerSettings = z.strictObject({
  enabled: z.boolean().default(true),
  /** How often the device list is polled for hot-plug; node-hid has no plug events. */
  pollIntervalMs: z.number().int().min(100).max(60_000).default(1000),
  /** Open scanners on HID usage page 0x8C automatically. */
  hidPos: z.boolean().default(true),
  keyboardScanners: z.array(keyboardScannerSettings).default([]),
  /** Devices never to open, even if they look like scanners. */
  ignore: z.array(deviceId).default([]),
  /** A multi-report HID POS read still incomplete after this long is reported and dropped. */
  continuationTimeoutMs: z.number().int().min(50).max(10_000).default(500),
});
export type ScannerSettings = z.infer<typeof scannerSettings>;

export const WEDGE_PROFILES = { usb: 35, bluetooth: 60 } as const;

/** Settings of the renderer's keyboard-wedge detector. */
export const wedgeSettings = z.strictObject({
  enabled: z.boolean().default(true),
  /** `usb` allows 35 ms between keys, `bluetooth` 60 ms (radio links batch and jitter). */
  profile: z.enum(['usb', 'bluetooth']).default('usb'),
  /** Overrides the profile's gap. */
  maxGapMs: z.number().int().min(5).max(500).optional(),
  minLength: z.number().int().min(1).max(64).default(4),
  terminators: z.array(z.enum(['Enter', 'Tab'])).default(['Enter', 'Tab']),
  /** Characters the scanner is programmed to send before/after the data (removed from the scan). */
  prefix: z.string().max(8).default(''),
  suffix: z.string().max(8).default(''),
  /** Without a terminator a burst ends after silence; with this on, only a terminator ends a scan. */
  requireTerminator: z.boolean().default(true),
});
export type WedgeSettings = z.infer<typeof wedgeSettings>;
export type WedgeSettingsInput = z.input<typeof wedgeSettings>;

export function wedgeMaxGap(s: Pick<WedgeSettings, 'profile' | 'maxGapMs'>): number {
  return s.maxGapMs ?? WEDGE_PROFILES[s.profile];
}

export const WEDGE_PROFILE_NAMES = ['usb', 'bluetooth'] as const;

/**
 * How scans come into the bench, whatever the path (Settings → Scanners; kept in settings.json):
 * whether the keyboard-wedge detector listens and with which timing profile, and the one
 * double-read window the scan hub applies to every read. Unknown keys from older files are dropped.
 */
/** Up to 8 visible characters: a space or control key would be trimmed or typed away before it is seen. */
export const SCAN_FRAMING_MAX = 8;
/** Letters, digits and signs of ASCII: what a reader sees as typed, with no space or control character. */
export const VISIBLE_ASCII = /^[\x21-\x7e]*$/;
const scanFraming = z
  .string()
  .max(SCAN_FRAMING_MAX, `at most ${SCAN_FRAMING_MAX} characters`)
  .regex(VISIBLE_ASCII, 'visible characters only (letters, digits, signs; no spaces)')
  .default('');

/** Whether Settings → Scanners can take `text` off every read as a prefix or suffix. */
export const framingSettable = (text: string): boolean => scanFraming.safeParse(text).success;

export const scanInputSettings = z.object({
  wedgeEnabled: z.boolean().default(true),
  wedgeProfile: z.enum(WEDGE_PROFILE_NAMES).default('usb'),
  /** A read identical to the previous one, starting less than this after it ended, is a double read (0 = off). */
  dedupeWindowMs: z.number().int().min(0).max(5000).default(300),
  /**
   * What the bench's scanners are programmed to send before and after each code (a lab's "~" or "*"; not
   * the Enter or Tab that ends a read): taken off every read, whichever way it comes (framing.ts).
   * Left on, every code read as "~TB000011" was an ID no labsheet has.
   */
  prefix: scanFraming,
  suffix: scanFraming,
});
export type ScanInputSettings = z.infer<typeof scanInputSettings>;
export const DEFAULT_SCAN_INPUT: ScanInputSettings = Object.freeze(scanInputSettings.parse({}));
