import type { KeyboardScannerSettings } from '../../shared/barcode/scanner-settings.js';
import { HidPosDecoder } from './hid-pos-decoder.js';
import { KeyboardReportDecoder } from './keyboard-decoder.js';
import type { Clock, HidHandle, ScannerErrorCode, TimerId, Timers } from './types.js';

export interface DecodedRead {
  text: string;
  aim?: string;
  symbology?: string;
  startedAt: number;
  at: number;
}

export interface SessionCallbacks {
  read(r: DecodedRead): void;
  problem(code: ScannerErrorCode, message: string): void;
  lost(err: Error): void;
}

export type SessionConfig =
  { role: 'hid-pos'; continuationTimeoutMs: number } | { role: 'hid-keyboard'; keyboard: KeyboardScannerSettings };

/**
 * One open device: feeds its reports to the right decoder and runs the one timer a decoder
 * needs (keyboard reads without a terminator end on silence; a HID POS read split over
 * several reports is dropped if its continuation never arrives).
 */
export class DeviceSession {
  private timer: TimerId | null = null;
  private closed = false;
  private readonly pos: HidPosDecoder | null;
  private readonly keys: KeyboardReportDecoder | null;

  constructor(
    private readonly handle: HidHandle,
    private readonly config: SessionConfig,
    private readonly clock: Clock,
    private readonly timers: Timers,
    private readonly cb: SessionCallbacks,
  ) {
    this.pos = config.role === 'hid-pos' ? new HidPosDecoder() : null;
    this.keys =
      config.role === 'hid-keyboard'
        ? new KeyboardReportDecoder({
            ...config.keyboard,
            onDropped: (message) => this.cb.problem('read-too-long', message),
          })
        : null;
    handle.onData((report) => this.onReport(report));
    handle.onError((err) => {
      if (this.closed) return;
      this.cb.lost(err);
    });
  }

  /** Closes the device; a read still under way is reported as incomplete (`why` says what ended it). */
  close(why: string): void {
    if (this.closed) return;
    this.closed = true;
    this.disarm();
    this.abandonPending(why);
    try {
      this.handle.close();
    } catch {
      // Closing a device that was already unplugged throws on some platforms; it is gone either way.
    }
  }

  private onReport(report: Uint8Array): void {
    if (this.closed) return;
    const at = this.clock.now();
    try {
      if (this.pos) {
        for (const o of this.pos.push(report, at)) {
          if (o.type === 'scan') this.cb.read(o);
          else this.cb.problem(o.code, o.message);
        }
      } else if (this.keys) {
        for (const s of this.keys.push(report, at)) this.cb.read(s);
      }
    } catch (err) {
      // A decoder bug must not kill the read loop for every later scan, nor leave a read half in it.
      this.pos?.reset();
      this.keys?.reset();
      this.cb.problem('bad-report', `Could not decode a report: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.rearm();
  }

  private rearm(): void {
    this.disarm();
    if (this.pos?.waiting && this.config.role === 'hid-pos') {
      const ms = this.config.continuationTimeoutMs;
      this.timer = this.timers.setTimeout(() => this.onTimer(), ms);
    } else if (this.keys?.hasPending && this.config.role === 'hid-keyboard') {
      const k = this.config.keyboard;
      const ms = k.requireTerminator ? k.unterminatedMs : k.idleMs;
      this.timer = this.timers.setTimeout(() => this.onTimer(), ms);
    }
  }

  private onTimer(): void {
    this.timer = null;
    // Node runs due timers before the reports that arrived while main was busy: judging silence now
    // would cut a read in two at a stall. Look again once those reports have been decoded.
    this.timers.setImmediate(() => this.decide());
  }

  private decide(): void {
    if (this.closed) return;
    const at = this.clock.now();
    // A timer callback has no caller to catch for it: a throw here would escape into main's event loop.
    try {
      if (this.pos && this.config.role === 'hid-pos') {
        for (const o of this.pos.expire(at, this.config.continuationTimeoutMs)) {
          if (o.type === 'error') this.cb.problem(o.code, o.message);
        }
      } else if (this.keys && this.config.role === 'hid-keyboard') {
        const k = this.config.keyboard;
        if (!k.requireTerminator) for (const s of this.keys.idle(at, k.idleMs)) this.cb.read(s);
        else if (this.keys.hasPending && at - this.keys.lastKeyAt >= k.unterminatedMs) {
          const partial = this.keys.abandon(
            `no terminator (${k.terminators.join(' or ') || 'none set'}) came within ${k.unterminatedMs} ms, and this ` +
              "scanner's reads end only on one: check its suffix setting",
          );
          if (partial) this.cb.problem(partial.code, partial.message);
        }
      }
    } catch (err) {
      this.pos?.reset();
      this.keys?.reset();
      this.cb.problem('bad-report', `A read was dropped: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.rearm();
  }

  private abandonPending(why: string): void {
    try {
      const partial = this.pos ? this.pos.abandon(why) : this.keys?.abandon(why);
      if (partial) this.cb.problem(partial.code, partial.message);
    } catch {
      // Describing the lost read failed; the device is closing either way.
    }
  }

  private disarm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
