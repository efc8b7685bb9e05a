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

/**
 * Separators a scanner types as Ctrl+key, on the US key positions as scanners send them: Ctrl+] is GS
 * (GS1 FNC1, ISO 15434), Ctrl+^ (Ctrl+6) is RS (ISO 15434). Both are control characters the scan
 * sanitizer lets through; without them a GS1 lot runs on into the serial after it.
 */
const CONTROL_KEYS: Readonly<Record<string, string>> = { ']': '\x1d', '^': '\x1e', '6': '\x1e' };

/** The control character a Ctrl+key stands for in a read, or null for any other key or shortcut. */
export function controlCharacter(e: FieldKeyEvent): string | null {
  // Ctrl+Alt is AltGr on Windows: a character of the layout, never a control character.
  if (!e.ctrlKey || e.altKey || e.metaKey) return null;
  return CONTROL_KEYS[e.key] ?? null;
}

export function fieldKey(e: FieldKeyEvent, value: string): FieldKey {
  if (e.isComposing) return { do: 'pass' };
  const control = controlCharacter(e);
  if (control) return { do: 'insert', text: control };
  if (e.key === 'Enter') return { do: 'submit' };
  if (e.ctrlKey || e.altKey || e.metaKey) return { do: 'pass' };
  // A scanner's Tab suffix ends the read; an empty field's Tab (or Shift+Tab) is a person moving on.
  if (e.key === 'Tab' && !e.shiftKey && value.trim() !== '') return { do: 'submit' };
  return { do: 'pass' };
}
