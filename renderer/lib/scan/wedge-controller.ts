import { interceptionAllowed, type ScanTarget } from './wedge-target.js';
import type { WedgeDetector, WedgeScan } from './wedge-detector.js';

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

  constructor(
    private readonly detector: WedgeDetector,
    private readonly host: WedgeHost,
  ) {}

  onKeyDown(e: KeyEventLike): void {
    if (this.reinserting || e.isComposing) return; // our own re-dispatched keys; IME composition is never a scan
    const target = this.host.targetOf(e);
    if (!interceptionAllowed(target, this.detector.profile)) {
      this.flush(); // anything held goes back to where it was typed; this key is not ours to touch
      return;
    }
    if (this.heldTarget && target !== this.heldTarget && this.detector.nextDeadline() !== null) this.flush();
    const d = this.detector.key({
      key: e.key,
      at: e.timeStamp,
      ctrl: e.ctrlKey,
      alt: e.altKey,
      meta: e.metaKey,
      repeat: e.repeat === true,
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

  /** Gives every held key back now (focus change, blur, detach). */
  flush(): void {
    const keys = this.detector.reset();
    if (keys.length) this.put(this.heldTarget, keys);
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
    const t = this.detector.tick(this.host.now());
    const target = this.heldTarget;
    if (t.release.length) this.put(target, t.release);
    if (t.scan) this.host.scan(t.scan, target);
    if (this.detector.nextDeadline() === null) this.heldTarget = null;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== null) this.host.clearTimeout(this.timer);
    this.timer = null;
    const deadline = this.detector.nextDeadline();
    if (deadline === null) return;
    this.timer = this.host.setTimeout(() => this.onDeadline(), Math.max(0, deadline - this.host.now()));
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
