const CONTROLS = [
  'input:not([type=hidden]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'button:not([disabled])',
  'a[href]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The first control in `within` a key press can reach (drawn, not disabled), or null when it has none. */
export function firstControl(within: ParentNode): HTMLElement | null {
  for (const el of within.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (el.getClientRects().length > 0) return el;
  }
  return null;
}

/**
 * Focus left on the page itself (the control that had it went with the screen it was on, as after
 * Alt+5 from a scan field) goes to the new screen's first control, so the keyboard works at once. A
 * screen that put it somewhere itself (its scan field, Upload's drop zone) keeps it there.
 */
export function focusLost(doc: Document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}
