import { readFileSync } from 'node:fs';
import { moveAside, writeJsonAtomic } from '../../common/atomic-file.js';
import { join } from 'node:path';
import { scannerSettings, type ScannerSettings } from '../../../shared/barcode/scanner-settings.js';
import { SCANNER_READ_PROBLEMS, scannerScan, type ScannerScan } from '../../../shared/ipc/channels/scanner.js';
import type { EventHub } from '../events.js';
import type { Logger } from '../../common/logger.js';
import type { ScannerService } from '../../scanner/index.js';
import { salvageScannerSettings } from '../../settings/scanner-salvage.js';
import { createTurns } from '../../../shared/in-turn.js';

/** Reads kept for the next page while none is connected; more are counted and reported, not kept. */
export const MAX_UNHEARD_READS = 50;

export interface ScannerBridge {
  /**
   * Delivers a decoded read to the one page that takes the scanner's reads (EventHub.emitToReader), or
   * keeps it for the next page when none is connected.
   */
  deliver(scan: Omit<ScannerScan, 'mainAt'>): void;
  /**
   * Settings' test read, back to the page that asked (`page`, its connection id) and to no other: on
   * another tab's Well fill it would be recorded as a tube. Never kept: the panel that asked is gone.
   * Without `page` (a transport that names no connection) it goes as a read would. False when unheard.
   */
  testRead(text: string, page: string | undefined): boolean;
  /** The user is at page `page` now: the scanner's reads go to it (EventHub.take). */
  takeReads(page: string): boolean;
  settings(): ScannerSettings;
  /** Set when scanner.json was partly or wholly unusable: what was dropped and where the original went. */
  readonly notice: string | null;
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
  /** Injected so tests get a stable name for the moved-aside file. */
  date?: () => Date;
}): ScannerBridge {
  const file = join(o.dataDir, 'scanner.json');
  // Merge and write take turns (as the settings store's do): two quick changes each build on the
  // other's result, and the file ends as the service runs, never with an older change written last.
  const inTurn = createTurns();
  const loaded = load();
  let current: ScannerSettings = loaded.settings;
  let notice: string | null = null;

  /**
   * What scanner.json holds, kept field by field and scanner by scanner (salvageScannerSettings): one
   * unknown key or one bad entry must not cost the user every claimed scanner.
   */
  function load(): { settings: ScannerSettings; problem: string | null } {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return { settings: scannerSettings.parse({}), problem: null };
      return {
        settings: scannerSettings.parse({}),
        problem: `it could not be read (${String(err)}), so default scanner settings are in use`,
      };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      return {
        settings: scannerSettings.parse({}),
        problem: 'it is not valid JSON, so default scanner settings are in use',
      };
    }
    const salvaged = salvageScannerSettings(raw);
    if (salvaged === null)
      return {
        settings: scannerSettings.parse({}),
        problem: 'it is not a settings object, so default scanner settings are in use',
      };
    return {
      settings: salvaged.settings,
      problem:
        salvaged.dropped.length > 0
          ? `parts of it could not be used, so these are back to their defaults: ${salvaged.dropped.join('; ')}. Everything else was kept`
          : null,
    };
  }

  // The original is kept aside as it was, and what could be read is written back, so the next start
  // does not meet the same problem (nor a later save overwrite the original). Said once a page listens.
  if (loaded.problem !== null) {
    const problem = loaded.problem;
    const needsCare = (then: string) => `The scanner settings file (scanner.json) needed care: ${problem}. ${then}`;
    // Said from the start (the page's first status may come before the move below): named once it is done.
    notice = needsCare('The original file is being kept aside.');
    void inTurn(async () => {
      const aside = await moveAside(file, o.date?.() ?? new Date());
      await writeJsonAtomic(file, current);
      notice = needsCare(`The original file was kept as ${aside}.`);
      o.log.warn('scanner.json partly unusable; kept what was valid, original moved aside', { aside, problem });
      handOver();
    }).catch((err: unknown) => {
      notice = needsCare(`It could not be moved aside (${String(err)}).`);
      o.log.warn('scanner.json unusable and not moved aside', { problem, error: String(err) });
      handOver();
    });
  }

  // A read no page heard (none connected: loading, or reconnecting after the host restarted) waits
  // here for the next page, in order, so a scan is never dropped without a word. Bounded: a scanner
  // left firing at an empty room keeps the first reads and counts the rest.
  const unheard: ScannerScan[] = [];
  let notKept = 0;
  const deliver = (scan: Omit<ScannerScan, 'mainAt'>) => {
    const read: ScannerScan = { ...scan, mainAt: o.now() };
    // Behind reads still waiting, so order holds; they are handed over as soon as a page listens.
    if (unheard.length === 0 && o.events.emitToReader('scanner.scan', read)) return;
    if (unheard.length < MAX_UNHEARD_READS) unheard.push(read);
    else notKept += 1;
  };
  let noticeHeard = false;
  const handOver = () => {
    if (notice !== null && !noticeHeard)
      noticeHeard = o.events.emit('scanner.error', { code: 'settings-salvaged', message: notice });
    while (unheard.length > 0) {
      const read = unheard[0]!;
      if (!o.events.emitToReader('scanner.scan', { ...read, heldMs: Math.max(0, o.now() - read.mainAt) })) return;
      unheard.shift();
    }
    if (notKept === 0) return;
    const n = notKept;
    if (
      o.events.emitToReader('scanner.error', {
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
      const error = { code: e.code, message: e.message };
      // A read's problem is told where the read would have gone; a device's, to every page's Settings.
      if (SCANNER_READ_PROBLEMS.has(e.code)) o.events.emitToReader('scanner.error', error);
      else o.events.emit('scanner.error', error);
    }),
  ];
  o.service.configure(current);
  try {
    o.service.start();
  } catch (err) {
    // Whether HID works is the service's to say (hidStatus): the next listing that works clears it.
    o.log.warn('scanner service did not start', { error: err instanceof Error ? err.message : String(err) });
  }

  return {
    deliver,
    testRead(text, page) {
      const read: ScannerScan = {
        text,
        source: { kind: 'test', vendorId: 0, productId: 0 },
        durationMs: 0,
        mainAt: o.now(),
      };
      return page === undefined
        ? o.events.emitToReader('scanner.scan', read)
        : o.events.emitToPage(page, 'scanner.scan', read);
    },
    takeReads: (page) => o.events.take(page),
    get notice() {
      return notice;
    },
    settings: () => current,
    configure(patch) {
      return inTurn(async () => {
        const next = scannerSettings.parse({ ...current, ...patch });
        await writeJsonAtomic(file, next);
        current = next;
        o.service.configure(current);
        return current;
      });
    },
    close() {
      offs.forEach((off) => off());
      o.service.stop();
    },
  };
}
