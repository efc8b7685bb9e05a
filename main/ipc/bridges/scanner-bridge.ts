import { readFileSync } from 'node:fs';
import { writeJsonAtomic } from '../../common/atomic-file.js';
import { join } from 'node:path';
import { scannerSettings, type ScannerSettings } from '../../../shared/barcode/scanner-settings.js';
import { scannerScan, type ScannerScan } from '../../../shared/ipc/channels/scanner.js';
import type { EventHub } from '../events.js';
import type { Logger } from '../../common/logger.js';
import type { ScannerService } from '../../scanner/index.js';

export interface ScannerBridge {
  /** Delivers a decoded read to every renderer; HID reads and test reads take the same path. */
  deliver(scan: Omit<ScannerScan, 'mainAt'>): void;
  /** node-hid's last "cannot run here" message, or null when it works. */
  readonly unavailable: string | null;
  settings(): ScannerSettings;
  configure(patch: Partial<ScannerSettings>): Promise<ScannerSettings>;
  close(): void;
}

/**
 * Connects main's scanner service to the renderer and keeps its settings in `scanner.json` in the
 * data dir (the shared settings file holds only flat values; these include device lists).
 */
export function createScannerBridge(o: {
  service: ScannerService;
  events: EventHub;
  dataDir: string;
  log: Logger;
  now: () => number;
}): ScannerBridge {
  const file = join(o.dataDir, 'scanner.json');
  let current: ScannerSettings = load();
  let unavailable: string | null = null;

  function load(): ScannerSettings {
    try {
      // The double-read window moved to the scan hub's settings; an older file still carries it.
      const { dedupeWindowMs: _moved, ...saved } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return scannerSettings.parse(saved);
    } catch {
      return scannerSettings.parse({});
    }
  }

  const deliver = (scan: Omit<ScannerScan, 'mainAt'>) => o.events.emit('scanner.scan', { ...scan, mainAt: o.now() });
  const offs = [
    o.service.on('scan', (s) =>
      deliver({
        text: s.text,
        // An AIM id we cannot vouch for is left off rather than losing the read to the IPC check.
        ...(s.aim && scannerScan.shape.aim.safeParse(s.aim).success ? { aim: s.aim } : {}),
        ...(s.symbology ? { symbology: s.symbology } : {}),
        source: { kind: s.source.kind, vendorId: s.source.vendorId, productId: s.source.productId },
        durationMs: s.durationMs,
      }),
    ),
    o.service.on('error', (e) => {
      if (e.code === 'hid-unavailable') unavailable = e.message;
      o.events.emit('scanner.error', { code: e.code, message: e.message });
    }),
  ];
  o.service.configure(current);
  try {
    o.service.start();
  } catch (err) {
    unavailable = err instanceof Error ? err.message : String(err);
    o.log.warn('scanner service did not start', { error: unavailable });
  }

  return {
    deliver,
    get unavailable() {
      return unavailable;
    },
    settings: () => current,
    async configure(patch) {
      current = scannerSettings.parse({ ...current, ...patch });
      o.service.configure(current);
      await writeJsonAtomic(file, current);
      return current;
    },
    close() {
      offs.forEach((off) => off());
      o.service.stop();
    },
  };
}
