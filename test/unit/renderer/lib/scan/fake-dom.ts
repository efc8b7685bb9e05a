import { WedgeController, type KeyEventLike } from '../../../../../renderer/lib/scan/wedge-controller.js';
import { WedgeDetector, type WedgeScan } from '../../../../../renderer/lib/scan/wedge-detector.js';
import { insertIntoField, type ScanTarget } from '../../../../../renderer/lib/scan/wedge-target.js';
import type { WedgeSettingsInput } from '../../../../../shared/barcode/scanner-settings.js';
import { FakeTime } from '../../../main/scanner/fakes.js';

/** Just enough of an element: attributes, a parent chain, and an input's value and caret. */
export class FakeElement implements ScanTarget {
  value?: string;
  selectionStart?: number | null;
  selectionEnd?: number | null;
  /** Keys handed to a non-editable element's own handlers (re-dispatched keydowns). */
  received: string[] = [];
  constructor(
    readonly tagName: string,
    private readonly attrs: Record<string, string> = {},
    readonly parent: FakeElement | null = null,
  ) {
    if (tagName === 'INPUT' || tagName === 'TEXTAREA') {
      this.value = '';
      this.selectionStart = 0;
      this.selectionEnd = 0;
    }
  }
  get type(): string | undefined {
    return this.attrs.type;
  }
  getAttribute(name: string): string | null {
    return this.attrs[name] ?? null;
  }
  closest(selector: string): unknown {
    const m = /^\[([\w-]+)="([^"]*)"\]$/.exec(selector);
    for (let el: FakeElement | null = this; el; el = el.parent) if (m && el.getAttribute(m[1]!) === m[2]) return el;
    return null;
  }
  setRangeText(text: string, start: number, end: number): void {
    this.value = this.value!.slice(0, start) + text + this.value!.slice(end);
    this.selectionStart = this.selectionEnd = start + text.length;
  }
}

interface Sent extends KeyEventLike {
  prevented: boolean;
  stopped: boolean;
}

/**
 * A browser in miniature: dispatches keydown to the controller, then performs the default
 * action of keys nobody prevented (type into the focused input, Backspace, Enter submits,
 * Tab moves focus). Timers run on fake time.
 */
export class FakeBrowser {
  readonly time = new FakeTime();
  readonly scans: Array<{ scan: WedgeScan; target: ScanTarget | null }> = [];
  readonly submits: string[] = [];
  readonly tabs: number[] = [];
  focused: FakeElement;
  readonly controller: WedgeController;

  constructor(focused: FakeElement, settings: WedgeSettingsInput = {}) {
    this.focused = focused;
    this.controller = new WedgeController(new WedgeDetector(settings), {
      now: () => this.time.now(),
      setTimeout: (fn, ms) => this.time.setTimeout(fn, ms),
      clearTimeout: (id) => this.time.clearTimeout(id),
      targetOf: (e) => e.target as FakeElement,
      focused: () => this.focused,
      insert: (target, keys) => {
        const el = target as FakeElement | null;
        if (!el) return;
        if (insertIntoField(el, keys.join('')) === 'not-editable') el.received.push(...keys);
      },
      scan: (scan, target) => this.scans.push({ scan, target }),
    });
  }

  /**
   * Sends one key pressed at absolute fake time `at` (timers due before it run first); a busy page
   * gets it later, at `deliveredAt`, with the same timeStamp.
   */
  key(key: string, at: number, mods: { ctrl?: boolean; alt?: boolean; meta?: boolean } = {}, deliveredAt = at): Sent {
    this.time.advance(Math.max(0, deliveredAt - this.time.now()));
    const e: Sent = {
      key,
      timeStamp: at,
      ctrlKey: !!mods.ctrl,
      altKey: !!mods.alt,
      metaKey: !!mods.meta,
      target: this.focused,
      prevented: false,
      stopped: false,
      preventDefault() {
        this.prevented = true;
      },
      stopImmediatePropagation() {
        this.stopped = true;
      },
    };
    this.controller.onKeyDown(e);
    if (!e.prevented) this.defaultAction(key, mods);
    return e;
  }

  type(text: string, start: number, gap: number | (() => number)): number {
    let at = start;
    for (const ch of text) {
      this.key(ch, at);
      at += typeof gap === 'number' ? gap : gap();
    }
    return at;
  }

  settle(): void {
    this.time.advance(10_000);
  }

  private defaultAction(key: string, mods: { ctrl?: boolean; alt?: boolean; meta?: boolean }): void {
    const el = this.focused;
    const editable = typeof el.value === 'string';
    if (mods.ctrl || mods.meta) return;
    if ([...key].length === 1) {
      if (editable) insertIntoField(el, key);
      else el.received.push(key);
    } else if (key === 'Backspace' && editable && el.selectionStart) {
      const s = el.selectionStart;
      el.value = el.value!.slice(0, s - 1) + el.value!.slice(s);
      el.selectionStart = el.selectionEnd = s - 1;
    } else if (key === 'Enter') this.submits.push(el.value ?? '');
    else if (key === 'Tab') this.tabs.push(this.time.now());
  }
}
