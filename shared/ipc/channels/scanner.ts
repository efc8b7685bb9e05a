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
   * Sends `text` through main's scan path as if a device had read it (the "test your scanner" button).
   * Not readOnly: it is a scan, and a screen may act on it, so one given up on and asked again could
   * be a second scan; it waits for main.
   */
  'scanner.test': channel({
    request: z.strictObject({ text: z.string().min(1).max(512) }),
    response: z.strictObject({ delivered: z.boolean() }),
  }),
};

export const scannerEvents = {
  'scanner.scan': scannerScan,
  'scanner.error': z.strictObject({ code: z.string(), message: z.string() }),
};
