import { interceptionAllowed, isPassword, typingDoesNothing, type ScanTarget } from './wedge-target.js';
import type { WedgeDetector, WedgeScan } from './wedge-detector.js';
import type { WedgeSettingsInput } from '../../../shared/barcode/scanner-settings.js';

/** The parts of a KeyboardEvent the controller reads; real KeyboardEvents satisfy it. */
export interface KeyEventLike {
  key: string;
  timeStamp: number;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
  repeat?: boolean;
  target: unknown;
  preventDefault(): void;
  stopImmediatePropagation(): void;
}

/** What the DOM layer provides: time, timers, and how to put released keys back. */
export interface WedgeHost {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  /** The element a key event is aimed at (event.target, or the focused element), if any. */
  targetOf(e: KeyEventLike): ScanTarget | null;
  /** The element that has focus now, if any. */
  focused(): ScanTarget | null;
  /** Re-inserts keys that were held but turned out to be typing, in order. */
  insert(target: ScanTarget | null, keys: string[]): void;
  scan(scan: WedgeScan, target: ScanTarget | null): void;
}

/**
 * Glue between key events and the detector: decides per event whether to stop it, puts
 * released keys back where they were typed, and runs the deadline timer that gives held keys
 * back when no further key comes. DOM-free so the no-lost-keystroke rules are unit-tested.
 */
export class WedgeController {
  private timer: unknown = null;
  /** Where the held keys were typed: released keys go back there even if focus has moved. */
  private heldTarget: ScanTarget | null = null;
  private reinserting = false;
  /** The last key fed to the detector: when it was pressed (timeStamp) and when the page got it. */
  private heard = { at: 0, seen: 0 };

  constructor(
    private readonly detector: WedgeDetector,
    private readonly host: WedgeHost,
  ) {}

  onKeyDown(e: KeyEventLike): void {
    if (this.reinserting || e.isComposing) return; // our own re-dispatched keys; IME composition is never a scan
    const target = this.host.targetOf(e);
    // Keys held where typing does nothing follow focus when it moves mid-read (a screen drawn under
    // a scan focuses its scan field): given back where they were typed, they would be lost.
    const follow =
      this.heldTarget !== null &&
      target !== this.heldTarget &&
      this.detector.heldInert() &&
      !(target && isPassword(target));
    if (!interceptionAllowed(target, this.detector.profile)) {
      // Anything held goes back to where it was typed, or ahead of this key; this key is not ours to touch.
      if (follow) this.handOver(target);
      else this.flush();
      return;
    }
    if (this.heldTarget && target !== this.heldTarget && this.detector.nextDeadline() !== null) {
      if (follow) this.heldTarget = target;
      else this.flush();
    }
    this.heard = { at: e.timeStamp, seen: this.host.now() };
    const d = this.detector.key({
      key: e.key,
      at: e.timeStamp,
      ctrl: e.ctrlKey,
      alt: e.altKey,
      meta: e.metaKey,
      repeat: e.repeat === true,
      inert: typingDoesNothing(target, e.key),
    });
    if (d.release.length) this.put(this.heldTarget ?? target, d.release);
    if (d.action !== 'pass') {
      e.preventDefault();
      e.stopImmediatePropagation(); // a grid cell must not start editing on a key that is part of a scan
    }
    if (d.action === 'hold')
      this.heldTarget = this.heldTarget && this.detector.nextDeadline() !== null ? this.heldTarget : target;
    if (d.scan) this.host.scan(d.scan, this.heldTarget ?? target);
    if (this.detector.nextDeadline() === null) this.heldTarget = null;
    this.schedule();
  }

  /** New settings: held keys stay held unless the detector is turned off, then they go back. */
  configure(settings: WedgeSettingsInput): void {
    const keys = this.detector.configure(settings);
    if (keys.length) this.put(this.heldTarget, keys);
    if (this.detector.nextDeadline() === null) this.heldTarget = null;
    this.schedule();
  }

  /** Gives every held key back now (focus change, blur, detach). */
  flush(): void {
    const keys = this.detector.reset();
    if (keys.length) this.put(this.heldTarget, keys);
    this.heldTarget = null;
    this.schedule();
  }

  /**
   * Where keys held on the bare page go when they are given back: to the field that took focus
   * while they waited (the screen drew its scan field), as the next key would; never a password.
   */
  private followFocus(heldOn: ScanTarget | null): ScanTarget | null {
    const now = this.host.focused();
    return now && now !== heldOn && !isPassword(now) ? now : heldOn;
  }

  /** Gives every held key to `target`, where the person's next key goes. */
  private handOver(target: ScanTarget | null): void {
    const keys = this.detector.reset();
    if (keys.length) this.put(target, keys);
    this.heldTarget = null;
    this.schedule();
  }

  dispose(): void {
    this.flush();
    if (this.timer !== null) this.host.clearTimeout(this.timer);
    this.timer = null;
  }

  private onDeadline(): void {
    this.timer = null;
    const inert = this.detector.heldInert();
    const t = this.detector.tick(this.keyClock());
    const target = this.heldTarget;
    if (t.release.length) this.put(inert ? this.followFocus(target) : target, t.release);
    if (t.scan) this.host.scan(t.scan, target);
    if (this.detector.nextDeadline() === null) this.heldTarget = null;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== null) this.host.clearTimeout(this.timer);
    this.timer = null;
    const deadline = this.detector.nextDeadline();
    if (deadline === null) return;
    this.timer = this.host.setTimeout(() => this.onDeadline(), Math.max(0, deadline - this.keyClock()));
  }

  /**
   * Now, on the keys' clock, counting only time the page could hear keys. A busy page gets keys
   * late, with the time they were pressed: the silence that ends a read starts when the page got
   * the last key, or a key delivered late would be given back at once, before the ones queued
   * behind it.
   */
  private keyClock(): number {
    return this.heard.at + (this.host.now() - this.heard.seen);
  }

  private put(target: ScanTarget | null, keys: string[]): void {
    this.reinserting = true;
    try {
      this.host.insert(target, keys);
    } finally {
      this.reinserting = false;
    }
  }
}
