import { z } from 'zod';
import { MAX_SCAN_LENGTH, scannerSettings } from '../../barcode/scanner-settings.js';
import { channel } from '../channel.js';
import { patchOf } from '../patch-of.js';

/** A HID device as the settings screen lists it. */
export const scannerDevice = z.strictObject({
  key: z.string(),
  vendorId: z.number().int(),
  productId: z.number().int(),
  product: z.string().optional(),
  manufacturer: z.string().optional(),
  role: z.enum(['hid-pos', 'hid-keyboard', 'other']),
  /** The interface may be a keyboard's: a scanner in keyboard mode on it can be read as a scanner (claimed). */
  keyboard: z.boolean(),
  status: z.enum(['open', 'closed', 'error', 'ignored']),
  error: z.string().optional(),
});
export type ScannerDevice = z.infer<typeof scannerDevice>;

/**
 * One decoded read from main's scanner service (HID POS or a claimed keyboard scanner), or a test
 * read injected from Settings. `mainAt` is wall-clock ms when main emitted it, so scan-to-screen
 * latency can be measured end to end.
 */
export const scannerScan = z.strictObject({
  text: z.string().max(MAX_SCAN_LENGTH),
  /** The AIM symbology identifier the scanner sent beside the data (`]d2`, `]C1`…): GS1 needs it. */
  aim: z
    .string()
    .regex(/^\][A-Za-z][0-9A-Za-z]$/)
    .optional(),
  symbology: z.string().optional(),
  source: z.strictObject({
    kind: z.enum(['hid-pos', 'hid-keyboard', 'wedge', 'test']),
    vendorId: z.number().int(),
    productId: z.number().int(),
  }),
  durationMs: z.number().nonnegative(),
  mainAt: z.number(),
  /**
   * How long main kept the read because no page was listening (loading, or reconnecting after the
   * host restarted); absent when it went out at once. The page judges whether it is still fresh.
   */
  heldMs: z.number().nonnegative().optional(),
});
export type ScannerScan = z.infer<typeof scannerScan>;

export const scannerChannels = {
  'scanner.devices': channel({
    request: z.strictObject({ refresh: z.boolean().optional() }),
    response: z.strictObject({
      /** False when node-hid cannot run here; `message` then says why and what to do. */
      available: z.boolean(),
      message: z.string().nullable(),
      devices: z.array(scannerDevice).max(200),
      settings: scannerSettings,
    }),
    readOnly: true,
  }),
  'scanner.configure': channel({
    request: z.strictObject({ settings: patchOf(scannerSettings) }),
    response: z.strictObject({ settings: scannerSettings }),
  }),
  /** The printable sheet of command barcodes (and, optionally, one per position of a layout). */
  'scanner.commandSheet': channel({
    request: z.strictObject({
      positions: z
        .strictObject({ rows: z.number().int().min(1).max(32), columns: z.number().int().min(1).max(48) })
        .optional(),
    }),
    response: z.strictObject({
      entries: z.array(z.strictObject({ label: z.string(), payload: z.string(), svg: z.string() })).max(2000),
    }),
    readOnly: true,
  }),
  /**
   * The page the user has come to (its window got focus, or its tab was shown) takes the scanner's
   * reads from then on: main sends each read to one page only, so two open tabs never both record it.
   * `taken` is false when main cannot tell this page from another (its transport does not name it).
   */
  'scanner.takeReads': channel({
    request: z.strictObject({}),
    response: z.strictObject({ taken: z.boolean() }),
  }),
  /**
   * Sends `text` through main's scan path as if a device had read it (the "test your scanner" button),
   * back to the page that asked and to no other. `to: 'reader'` sends it as a HID read goes instead, to
   * the page that takes the reads: a check of that path from outside the page (the end-to-end tests);
   * Settings never asks it. Not readOnly: it is a scan, and a screen may act on it, so one given up on
   * and asked again could be a second scan; it waits for main. `delivered` is false when no page heard it.
   */
  'scanner.test': channel({
    request: z.strictObject({ text: z.string().min(1).max(512), to: z.literal('reader').optional() }),
    response: z.strictObject({ delivered: z.boolean() }),
  }),
};

/**
 * `scanner.error` codes that are about one read (not about a device): each goes, as the read would
 * have, to the one page that takes the scanner's reads, which says it was not recorded.
 */
export const SCANNER_READ_PROBLEMS: ReadonlySet<string> = new Set([
  'read-too-long',
  'incomplete-scan',
  'bad-report',
  'reads-not-kept',
]);

export const scannerEvents = {
  'scanner.scan': scannerScan,
  'scanner.error': z.strictObject({ code: z.string(), message: z.string() }),
};
