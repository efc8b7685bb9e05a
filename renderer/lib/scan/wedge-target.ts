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

/**
 * Never intercept in password fields (a typed password must never be taken for a scan or
 * delayed), nor anywhere a field or an ancestor says `data-scan="off"`.
 */
export function interceptionAllowed(el: ScanTarget | null | undefined): boolean {
  if (!el) return true;
  const tag = el.tagName.toUpperCase();
  if (tag === 'INPUT' && (el.type ?? '').toLowerCase() === 'password') return false;
  const autocomplete = (el.getAttribute('autocomplete') ?? '').toLowerCase();
  if (autocomplete.includes('password')) return false;
  if (el.getAttribute('data-scan') === 'off') return false;
  if (el.closest && el.closest('[data-scan="off"]')) return false;
  return true;
}

export type InsertResult = 'inserted' | 'not-editable';

/** Inserts released text at the caret of an input/textarea; the DOM layer fires the input event. */
export function insertIntoField(el: ScanTarget, text: string): InsertResult {
  const tag = el.tagName.toUpperCase();
  if (tag !== 'INPUT' && tag !== 'TEXTAREA') return 'not-editable';
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
