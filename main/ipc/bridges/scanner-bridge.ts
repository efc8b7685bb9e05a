import { readFileSync } from 'node:fs';
import { writeJsonAtomic } from '../../common/atomic-file.js';
import { join } from 'node:path';
import { scannerSettings, type ScannerSettings } from '../../../shared/barcode/scanner-settings.js';
import { scannerScan, type ScannerScan } from '../../../shared/ipc/channels/scanner.js';
import type { EventHub } from '../events.js';
import type { Logger } from '../../common/logger.js';
import type { ScannerService } from '../../scanner/index.js';

/** Reads kept for the next page while none is connected; more are counted and reported, not kept. */
export const MAX_UNHEARD_READS = 50;

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

  // A read no page heard (none connected: loading, or reconnecting after the host restarted) waits
  // here for the next page, in order, so a scan is never dropped without a word. Bounded: a scanner
  // left firing at an empty room keeps the first reads and counts the rest.
  const unheard: ScannerScan[] = [];
  let notKept = 0;
  const deliver = (scan: Omit<ScannerScan, 'mainAt'>) => {
    const read: ScannerScan = { ...scan, mainAt: o.now() };
    // Behind reads still waiting, so order holds; they are handed over as soon as a page listens.
    if (unheard.length === 0 && o.events.emit('scanner.scan', read)) return;
    if (unheard.length < MAX_UNHEARD_READS) unheard.push(read);
    else notKept += 1;
  };
  const handOver = () => {
    while (unheard.length > 0) {
      const read = unheard[0]!;
      if (!o.events.emit('scanner.scan', { ...read, heldMs: Math.max(0, o.now() - read.mainAt) })) return;
      unheard.shift();
    }
    if (notKept === 0) return;
    const n = notKept;
    if (
      o.events.emit('scanner.error', {
        code: 'reads-not-kept',
        message: `${n} more ${n === 1 ? 'read was' : 'reads were'} made while Benchlink was not connected and could not be kept. Scan ${n === 1 ? 'it' : 'them'} again.`,
      })
    )
      notKept = 0;
  };
  const offs = [
    o.events.onSinkAdded(handOver),
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
