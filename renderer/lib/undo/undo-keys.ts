/** The keys of a key press that say undo or redo, as a screen's window hears them. */
export interface UndoKeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}

/**
 * What a key press asks of a screen's undo history: Ctrl+Z (⌘Z on a Mac) undo, Ctrl+Y or Ctrl+Shift+Z
 * redo, null for any other key. In a text box of its own (tags, a labflow id) Ctrl+Z undoes typing,
 * not the bench's work, so it is left to the box; the scan field (`field`) is no such box.
 */
export function undoKeyOf(e: UndoKeyPress, field: EventTarget | null): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const tag = (e.target as { tagName?: unknown } | null)?.tagName;
  if (e.target !== field && (tag === 'INPUT' || tag === 'TEXTAREA')) return null;
  const k = e.key.toLowerCase();
  if (k === 'z' && !e.shiftKey) return 'undo';
  if (k === 'y' || (k === 'z' && e.shiftKey)) return 'redo';
  return null;
}

/**
 * Said when there is nothing to undo, with the info tone: news, not a failure (it was a red error on
 * Well fill, carried as the headline onto the next screens).
 */
export const NOTHING_TO_UNDO = 'Nothing to undo';
