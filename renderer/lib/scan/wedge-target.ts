/**
 * Which elements the wedge may intercept keys in, and how released keys go back in. Written
 * against a structural element type (no DOM lib) so it runs in unit tests with plain objects;
 * wedge-dom.ts passes real elements, which satisfy it.
 */
export interface ScanTarget {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
  value?: string;
  selectionStart?: number | null;
  selectionEnd?: number | null;
  getAttribute(name: string): string | null;
  closest?(selector: string): unknown;
  setRangeText?(
    replacement: string,
    start: number,
    end: number,
    selectionMode?: 'select' | 'start' | 'end' | 'preserve',
  ): void;
}

const TEXT_INPUTS = new Set(['', 'text', 'search', 'email', 'url', 'tel', 'number']);

/** An element a person types words into: a text-like input, a textarea, an editable region. */
function isTextEntry(el: ScanTarget): boolean {
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || el.isContentEditable === true) return true;
  return tag === 'INPUT' && TEXT_INPUTS.has((el.type ?? '').toLowerCase());
}

/**
 * Never intercept in password fields (a typed password must never be taken for a scan or
 * delayed), nor anywhere a field or an ancestor says `data-scan="off"`. With the Bluetooth
 * profile, not in ordinary text fields either: its 60 ms key gap is a fast typist's rhythm, so
 * there the keys are the person's (a scan typed there still arrives, as text); the scan fields
 * take every read at any speed, and reads made with focus anywhere else are still caught.
 *
 * `data-scan="off"` is for fields a code is scanned into on purpose (the scan fields, look-up
 * fields) or that measure raw keys (the scanner test) — not for ordinary form fields: there a
 * tube read with the caret in the field belongs to the scan hub, and a field left off would take
 * the tube ID as its value and the scanner's Enter would submit the form. The usb profile tells a
 * scanner's burst from typing (fast typists taken for a scan < 0.5 %, misclassification.test.ts).
 */
export function interceptionAllowed(el: ScanTarget | null | undefined, profile: 'usb' | 'bluetooth' = 'usb'): boolean {
  if (!el) return true;
  if (profile === 'bluetooth' && isTextEntry(el)) return false;
  if (isPassword(el)) return false;
  if (el.getAttribute('data-scan') === 'off') return false;
  if (el.closest && el.closest('[data-scan="off"]')) return false;
  return true;
}

/** A password field: no key is ever held, given or taken there. */
export function isPassword(el: ScanTarget): boolean {
  if (el.tagName.toUpperCase() === 'INPUT' && (el.type ?? '').toLowerCase() === 'password') return true;
  return (el.getAttribute('autocomplete') ?? '').toLowerCase().includes('password');
}

export type InsertResult = 'inserted' | 'not-editable';

/** Inserts released text at the caret of an input/textarea; the DOM layer fires the input event. */
export function insertIntoField(el: ScanTarget, text: string): InsertResult {
  const tag = el.tagName.toUpperCase();
  const type = (el.type ?? '').toLowerCase();
  // A checkbox or a button has a value too, but a key does not type into it.
  if (tag !== 'TEXTAREA' && !(tag === 'INPUT' && (TEXT_INPUTS.has(type) || type === 'password'))) return 'not-editable';
  if (typeof el.value !== 'string') return 'not-editable';
  const start = el.selectionStart;
  const end = el.selectionEnd;
  // number/email inputs have no selection API (selectionStart is null): append instead.
  if (typeof start !== 'number' || typeof end !== 'number' || !el.setRangeText) {
    el.value += text;
    return 'inserted';
  }
  el.setRangeText(text, start, end, 'end');
  return 'inserted';
}

/** Native controls a person's Space presses (Chromium activates these on a trusted Space only). */
const SPACE_PRESSED_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'color', 'file']);

export function pressedBySpace(el: ScanTarget | null | undefined): boolean {
  if (!el) return false;
  const tag = el.tagName.toUpperCase();
  if (tag === 'BUTTON' || tag === 'SUMMARY') return true;
  return tag === 'INPUT' && SPACE_PRESSED_INPUTS.has((el.type ?? '').toLowerCase());
}

/** Where nothing but a native control or the page itself has focus, a character key types nothing. */
const INERT_TAGS = new Set(['BODY', 'HTML', 'BUTTON', 'SUMMARY', 'A']);

/**
 * Whether `key`, given back as typing on `el`, would do nothing: no field has focus (the page, a
 * button, a link, a checkbox), and it is not the Space that presses that control. Elements with
 * keys of their own (a field, a list, a focusable grid cell) are never inert.
 */
export function typingDoesNothing(el: ScanTarget | null | undefined, key: string): boolean {
  if (key === ' ' && pressedBySpace(el)) return false;
  if (!el) return true;
  const tag = el.tagName.toUpperCase();
  if (el.isContentEditable === true) return false;
  if (INERT_TAGS.has(tag)) return true;
  return tag === 'INPUT' && pressedBySpace(el);
}
