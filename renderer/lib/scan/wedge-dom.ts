/// <reference lib="dom" />
import { WedgeController } from './wedge-controller.js';
import { WedgeDetector, type WedgeScan } from './wedge-detector.js';
import { insertIntoField, pressedBySpace, type ScanTarget } from './wedge-target.js';
import { isSelect, SelectTypeAhead } from './select-type-ahead.js';
import type { WedgeSettingsInput } from '../../../shared/barcode/scanner-settings.js';

/**
 * The DOM binding of the keyboard-wedge detector: one capture-phase keydown listener on the
 * window, so scans are caught before any field or grid handler sees the keys. Never touches
 * password fields or anything under `data-scan="off"` (see wedge-target.ts).
 *
 * Dispatches `scan` as CustomEvent<WedgeScanDetail> on the window, and calls `onScan` if given.
 * Double reads are the scan hub's to judge, with every other path's reads.
 */
export interface WedgeScanDetail {
  scan: WedgeScan;
  /** The element that had focus: the workflow can keep or move focus for the next scan. */
  target: Element | null;
}

export interface AttachWedgeOptions {
  settings?: WedgeSettingsInput;
  onScan?: (detail: WedgeScanDetail) => void;
}

export interface WedgeHandle {
  configure(settings: WedgeSettingsInput): void;
  detach(): void;
}

/** A dropdown ignores synthetic keys: the letters choose its option here, and it says so like a person's pick. */
function chooseOption(el: HTMLSelectElement, keys: string[], typeAhead: SelectTypeAhead, now: number): void {
  const { index, open } = typeAhead.choose(el, keys, now);
  if (index !== null && index !== el.selectedIndex) {
    el.selectedIndex = index;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
  if (open) openList(el);
}

/**
 * The person's Space, given back after the wedge held it: the key press that made it still counts
 * as their gesture (transient activation outlives the hold), which showPicker needs.
 */
function openList(el: HTMLSelectElement): void {
  try {
    el.showPicker();
  } catch {
    // Refused (no activation left, or a disabled or hidden select): the Space is lost, as before.
  }
}

/**
 * A number or email box has no selection API, so released keys were appended to its value; a number box
 * drops a value that is no number yet ("12." on the way to 12.5, "1e"), so 12.5 typed by hand became 5,
 * and a stray "e" emptied the box. Typed as the browser types (at the caret, with its own input event),
 * the box holds what the keys made: "12." shows while the value reads 12, and "1e" is bad input.
 */
function typedNatively(el: Element & ScanTarget, text: string): boolean {
  if (el.tagName.toUpperCase() !== 'INPUT' || !['number', 'email'].includes((el.type ?? '').toLowerCase()))
    return false;
  if (el.ownerDocument.activeElement !== el) return false;
  // Deprecated, but the one way to type into a box as its keys would; false when the browser refuses it.
  return el.ownerDocument.execCommand('insertText', false, text);
}

function insertKeys(target: ScanTarget | null, keys: string[], typeAhead: SelectTypeAhead, now: number): void {
  const el = target as (Element & ScanTarget) | null;
  if (!el) return;
  if (isSelect(el)) return chooseOption(el as HTMLSelectElement, keys, typeAhead, now);
  const text = keys.join('');
  if (typedNatively(el, text)) return;
  if (insertIntoField(el, text) === 'inserted') {
    // Frameworks (Svelte bind:value) listen for input events, not value changes.
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    return;
  }
  if ((el as HTMLElement).isContentEditable) {
    // execCommand is deprecated but still the only way to insert into contenteditable with undo support.
    el.ownerDocument.execCommand('insertText', false, text);
    return;
  }
  // Not editable (a grid cell that starts editing on keydown): hand the keys to its own handlers.
  for (const key of keys) {
    const untaken = el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    // A synthetic Space presses nothing: the person's Space, held back, presses the control here.
    if (untaken && key === ' ' && pressedBySpace(el)) (el as Element as HTMLElement).click();
  }
}

export function attachWedge(win: Window, options: AttachWedgeOptions = {}): WedgeHandle {
  const detector = new WedgeDetector(options.settings ?? {});
  const typeAhead = new SelectTypeAhead();
  const controller = new WedgeController(detector, {
    now: () => win.performance.now(),
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    clearTimeout: (id) => win.clearTimeout(id as number),
    targetOf: (e) => {
      const t = e.target;
      return t instanceof (win as Window & typeof globalThis).Element
        ? (t as Element & ScanTarget)
        : ((win.document.activeElement as (Element & ScanTarget) | null) ?? null);
    },
    focused: () => (win.document.activeElement as (Element & ScanTarget) | null) ?? null,
    insert: (target, keys) => insertKeys(target, keys, typeAhead, win.performance.now()),
    scan: (scan, target) => {
      const detail: WedgeScanDetail = { scan, target: (target as Element | null) ?? null };
      win.dispatchEvent(new CustomEvent<WedgeScanDetail>('scan', { detail }));
      options.onScan?.(detail);
    },
  });
  const onKeyDown = (e: KeyboardEvent) => controller.onKeyDown(e);
  const onBlur = () => controller.flush();
  win.addEventListener('keydown', onKeyDown, { capture: true });
  win.addEventListener('blur', onBlur);
  return {
    configure(settings) {
      controller.configure(settings);
    },
    detach() {
      win.removeEventListener('keydown', onKeyDown, { capture: true });
      win.removeEventListener('blur', onBlur);
      controller.dispose();
    },
  };
}
