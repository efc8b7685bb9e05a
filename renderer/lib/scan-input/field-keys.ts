import { controlCharacter } from '../scan/control-keys.js';

/**
 * What a key does in a scan field. The field is the wedge's no-go area (data-scan="off"), so what
 * the wedge would make of a scanner's keys elsewhere on the page has to be made here: a separator
 * the scanner types as Ctrl+key is data, and its Tab suffix ends the read like Enter.
 */
export interface FieldKeyEvent {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
}

export type FieldKey = { do: 'insert'; text: string } | { do: 'submit' } | { do: 'pass' };

export function fieldKey(e: FieldKeyEvent, value: string): FieldKey {
  if (e.isComposing) return { do: 'pass' };
  const control = controlCharacter({ key: e.key, ctrl: e.ctrlKey, alt: e.altKey, meta: e.metaKey });
  if (control) return { do: 'insert', text: control };
  if (e.key === 'Enter') return { do: 'submit' };
  if (e.ctrlKey || e.altKey || e.metaKey) return { do: 'pass' };
  // A scanner's Tab suffix ends the read; an empty field's Tab (or Shift+Tab) is a person moving on.
  if (e.key === 'Tab' && !e.shiftKey && value.trim() !== '') return { do: 'submit' };
  return { do: 'pass' };
}
