import { z } from 'zod';
import {
  deviceId,
  keyboardScannerSettings,
  scannerSettings,
  type ScannerSettings,
} from '../../shared/barcode/scanner-settings.js';

/** A scanner.json read field by field: what could be kept, and what was dropped and why. */
export interface SalvagedScanner {
  settings: ScannerSettings;
  /** One phrase per dropped part, naming it: "keyboardScanners.1 (vendorId: …)". */
  dropped: string[];
}

type Field = keyof ScannerSettings;
const FIELDS = Object.keys(scannerSettings.shape) as Field[];
/** The double-read window moved to the scan hub's settings; an older file still carries it. */
const MOVED = new Set(['dedupeWindowMs']);
// The same fields, with keys this version does not know left out instead of refused: a field a newer
// version added to a claimed scanner must not cost the user that scanner (its keys would reach the OS).
const lenientScanner = z.object(keyboardScannerSettings.shape);
const lenientDevice = z.object(deviceId.shape);

/**
 * Keeps every field of the file that is valid on its own and, in the device lists, every scanner that
 * is; drops only the others (to their defaults) and names each. Null when the file is not a JSON object.
 */
export function salvageScannerSettings(raw: unknown): SalvagedScanner | null {
  if (!isRecord(raw)) return null;
  const dropped: string[] = [];
  const kept: Record<string, unknown> = {};
  for (const key of FIELDS) {
    if (!(key in raw)) continue;
    const value = raw[key];
    if (key === 'keyboardScanners' || key === 'ignore') {
      kept[key] = salvageList(key, value, key === 'keyboardScanners' ? lenientScanner : lenientDevice, dropped);
      continue;
    }
    const parsed = scannerSettings.shape[key].safeParse(value);
    if (parsed.success) kept[key] = parsed.data;
    else dropped.push(`${key} (${parsed.error.issues[0]?.message ?? 'not in the expected format'})`);
  }
  for (const key of Object.keys(raw))
    if (!(FIELDS as string[]).includes(key) && !MOVED.has(key))
      dropped.push(`${key} (not a setting this version knows)`);
  // Each part passed on its own; the whole is checked too, so the bridge never holds an invalid one.
  return { settings: scannerSettings.parse(kept), dropped };
}

function salvageList(key: string, value: unknown, item: z.ZodType, dropped: string[]): unknown[] {
  if (!Array.isArray(value)) {
    dropped.push(`${key} (not a list)`);
    return [];
  }
  const kept: unknown[] = [];
  value.forEach((entry, i) => {
    const parsed = item.safeParse(entry);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
      dropped.push(`${key}.${i} (${where}${first?.message ?? 'not in the expected format'})`);
      return;
    }
    kept.push(parsed.data);
    if (isRecord(entry))
      for (const field of Object.keys(entry))
        if (!(field in (parsed.data as object)))
          dropped.push(`${key}.${i}.${field} (not a setting this version knows)`);
  });
  return kept;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
