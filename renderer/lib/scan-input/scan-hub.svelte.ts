/// <reference lib="dom" />
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { SCANNER_READ_PROBLEMS, type ScannerScan } from '../../../shared/ipc/channels/scanner.js';
import { attachWedge, type WedgeHandle, type WedgeScanDetail } from '../scan/wedge-dom.js';
import { createDuplicateFilter } from '../../../shared/barcode/dedupe.js';
import { withAim } from '../../../shared/barcode/aim.js';
import { DEFAULT_SCAN_INPUT, type ScanInputSettings } from '../../../shared/barcode/scanner-settings.js';
import { wedgeFromSettings } from './wedge-settings.js';
import { unframe, type ScanFraming } from '../../../shared/barcode/framing.js';
import type { Feedback } from '../feedback/feedback.svelte.js';
import { createTurns } from '../../../shared/in-turn.js';
import { age } from '../format/age.js';
import { notRecorded } from '../ipc/client.js';
import { takeReadsWhenHere } from './take-reads.js';

/**
 * How a read came: typed (the wedge, a scan field), sent as data by a HID POS scanner (`hid`), or typed by
 * a keyboard scanner Benchlink claims over HID (`hid-keys`), whose keys the layout set for it in
 * Settings → Scanners reads, not the computer's.
 */
export type ScanSourceKind = 'wedge' | 'field' | 'hid' | 'hid-keys';
export interface IncomingScan {
  /** As read, with the AIM symbology id in front when the scanner sent it apart (HID POS). */
  text: string;
  source: ScanSourceKind;
  mainAt: number | null;
}

/** A read as it arrives: when it started and ended on the page's clock (performance.now()). */
export interface ArrivingScan extends IncomingScan {
  startedAt?: number;
  endedAt?: number;
}

/**
 * The oldest read main kept while no page listened that is still placed. Page loads and reconnects
 * (retried every 5 s at most) take a few seconds; a read older than this was made to silence.
 */
export const HELD_READ_LIMIT_MS = 20_000;
/** Where a scan made on a screen that takes none should go, in both the answer to it and the words before it. */
const SCAN_SCREENS = 'Well fill (Alt+1), Assign location (Alt+2) or Row update (Alt+3)';
export const NO_SCREEN_FOR_SCANS = `NOT RECORDED: this screen takes no scans. Open ${SCAN_SCREENS} and scan it again`;
/** The idle headline of a screen that takes no scans: said before a scan is lost there, not after. */
export const NO_SCANS_HERE = `Nothing scanned on this screen is recorded: scan on ${SCAN_SCREENS}`;
export type ScanHandler = (scan: IncomingScan) => Promise<void>;

/**
 * The one entry point for scans, whichever way they come (keyboard wedge anywhere on the page,
 * Enter in a scan field, HID scanner in main). Scans are handled strictly one after another, in
 * arrival order, by the workflow on screen; afterwards focus goes back to that workflow's scan
 * field so the next scan needs no click.
 */
export class ScanHub {
  /** Set while a scan is being committed: the field shows it is busy, scans queue meanwhile. */
  busy = $state(false);
  #handler: ScanHandler | null = null;
  #field: HTMLInputElement | null = null;
  /** Scans, and edits made outside a scan, one at a time in arrival order. */
  readonly #turns = createTurns();
  /** The one double-read filter, over every path: a keyboard scanner claimed over HID still types. */
  #doubles = createDuplicateFilter(DEFAULT_SCAN_INPUT.dedupeWindowMs);
  #wedge: WedgeHandle | null = null;
  /** The scanners' programmed prefix and suffix (Settings → Scanners): the scan field ends a read at the suffix. */
  framing = $state<ScanFraming>({ prefix: DEFAULT_SCAN_INPUT.prefix, suffix: DEFAULT_SCAN_INPUT.suffix });
  #offs: Array<() => void> = [];
  /** Scans that arrived while the screen they are meant for was still loading its code. */
  #held: { label: string; scans: IncomingScan[]; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(private readonly feedback: Feedback) {}

  start(win: Window, api: BenchlinkApi): void {
    this.#wedge = attachWedge(win, {
      onScan: (d: WedgeScanDetail) =>
        this.receive({
          text: d.scan.text,
          source: 'wedge',
          mainAt: null,
          startedAt: d.scan.startedAt,
          endedAt: d.scan.at,
        }),
    });
    this.#offs.push(
      api.subscribe('scanner.scan', (s) => this.receiveFromMain(s)),
      api.subscribe('scanner.error', (e) => {
        if (SCANNER_READ_PROBLEMS.has(e.code)) this.feedback.report('', `Scanner: ${e.message}`, 'error');
      }),
      // With two tabs open, main's reads come to this one only while the user is at it.
      takeReadsWhenHere(win, api),
    );
  }

  /**
   * Settings → Scanners: keyboard-scanner detection (off: only the scan fields take scans), the
   * double-read window, and the prefix and suffix the scanners put around each code.
   */
  configure(settings: ScanInputSettings): void {
    this.#wedge?.configure(wedgeFromSettings(settings));
    this.#doubles.setWindow(settings.dedupeWindowMs);
    this.framing = { prefix: settings.prefix, suffix: settings.suffix };
  }

  stop(): void {
    this.releaseHeld('the app closed before the screen opened');
    this.#wedge?.detach();
    for (const off of this.#offs.splice(0)) off();
  }

  /**
   * The screen the user just opened is still loading its code: scans made meanwhile wait for it
   * (it claims them when it is drawn) instead of being turned away. If it never comes, they are
   * reported as not recorded, never dropped in silence.
   */
  holdFor(label: string, timeoutMs = 15_000): void {
    this.releaseHeld(`${this.#held?.label ?? 'the screen'} did not open`);
    this.#held = {
      label,
      scans: [],
      timer: setTimeout(() => this.releaseHeld(`${label} took too long to open`), timeoutMs),
    };
  }

  /** The screen that was loading will not take the held scans (it failed, or the user left it first). */
  releaseHeld(why: string): void {
    const held = this.#held;
    if (!held) return;
    this.#held = null;
    clearTimeout(held.timer);
    for (const scan of held.scans) this.feedback.report(scan.text, `NOT RECORDED: ${why}`, 'error', scan.mainAt);
  }

  /** The workflow on screen takes scans (first any held for it); returns the release for when it leaves. */
  claim(handler: ScanHandler, field: () => HTMLInputElement | null): () => void {
    this.#handler = handler;
    this.#fieldGetter = field;
    const held = this.#held;
    if (held) {
      this.#held = null;
      clearTimeout(held.timer);
      for (const scan of held.scans) this.#dispatch(handler, scan);
    }
    queueMicrotask(() => this.focusField());
    return () => {
      if (this.#handler === handler) this.#handler = null;
    };
  }
  #fieldGetter: () => HTMLInputElement | null = () => this.#field;

  focusField(): void {
    const f = this.#fieldGetter();
    if (f && document.activeElement !== f) f.focus();
  }

  /**
   * A read from main's scanner service. One main kept while no page was listening (this page was
   * loading, or reconnecting after the host restarted) arrives late, with how long it waited: a
   * recent one is handled as if it had just arrived, at the time it was made. One older than
   * `HELD_READ_LIMIT_MS` is not placed: the user, who heard nothing, has likely scanned it again or
   * moved on, so it is listed as not recorded instead.
   */
  receiveFromMain(s: ScannerScan, now = performance.now()): void {
    // A test read from Settings (no workflow on screen, none loading) is for the test panel only.
    if (s.source.kind === 'test' && (s.heldMs !== undefined || (!this.#handler && !this.#held))) return;
    // The AIM id goes in front, where the classifier reads it: GS1 and EAN checks depend on it. The
    // scanner's prefix and suffix go first: they are around the data, and would sit between id and code.
    const text = withAim(s.aim, unframe(s.text.trim(), this.framing));
    const heldMs = s.heldMs ?? 0;
    if (heldMs > HELD_READ_LIMIT_MS) {
      this.feedback.report(
        text.trim(),
        `NOT RECORDED: scanned ${age(0, heldMs)} ago while Benchlink was not connected. Scan it again if it is still needed.`,
        'error',
      );
      return;
    }
    const endedAt = now - heldMs;
    const source = s.source.kind === 'hid-keyboard' ? 'hid-keys' : 'hid';
    this.receive({ text, source, mainAt: s.mainAt, startedAt: endedAt - s.durationMs, endedAt });
  }

  receive(arriving: ArrivingScan): void {
    const { startedAt, endedAt, ...scan } = arriving;
    // The wedge took the prefix and suffix off as it told the read from typing, and main's reads came
    // through receiveFromMain: only what was typed into a scan field still has them.
    const text = (scan.source === 'field' ? unframe(scan.text.trim(), this.framing) : scan.text).trim();
    if (text === '') return;
    const end = endedAt ?? performance.now();
    const double = this.#doubles.check({ text, startedAt: startedAt ?? end, endedAt: end });
    if (double.duplicate) {
      const after = Math.round(double.sinceMs ?? 0);
      this.feedback.aside(text, `Double read ignored (${after} ms after the first)`, 'double-read', scan.mainAt);
      return;
    }
    const handler = this.#handler;
    if (!handler && this.#held) {
      this.#held.scans.push({ ...scan, text });
      this.feedback.report(text, `Held until ${this.#held.label} has opened`, 'info', scan.mainAt);
      return;
    }
    if (!handler) {
      // Said as lost, with where to go: the technician may not be looking, and the scan is not kept.
      this.feedback.report(text, NO_SCREEN_FOR_SCANS, 'error');
      return;
    }
    this.#dispatch(handler, { ...scan, text });
  }

  /**
   * An edit the user made outside a scan (a key such as Ctrl+Z): it waits for the scans before it to
   * be handled, and scans after it wait for it, so a tube scanned right after an undo goes where the
   * undo left the cursor. Its failure is the caller's to report.
   */
  inTurn<T>(edit: () => Promise<T>): Promise<T> {
    return this.#turns(async () => {
      this.busy = true;
      try {
        return await edit();
      } finally {
        this.busy = false;
      }
    });
  }

  /** Scans are handled strictly one after another, in arrival order. */
  #dispatch(handler: ScanHandler, scan: IncomingScan): void {
    void this.inTurn(async () => {
      try {
        await handler(scan);
      } catch (err) {
        this.feedback.report(scan.text, notRecorded(err), 'error', scan.mainAt);
      }
    }).finally(() => this.focusField());
  }
}
