/**
 * Separators a scanner types as Ctrl+key, on the US key positions as scanners send them: Ctrl+] is GS
 * (GS1 FNC1, ISO 15434), Ctrl+^ (Ctrl+6) is RS (ISO 15434). Both are control characters the scan
 * sanitizer lets through; without them a GS1 lot runs on into the serial after it. One table for the
 * wedge (a burst anywhere on the page) and the scan field (which the wedge leaves alone).
 */
const CONTROL_KEYS: Readonly<Record<string, string>> = { ']': '\x1d', '^': '\x1e', '6': '\x1e' };

/** The control character a Ctrl+key stands for in a read, or null for any other key or shortcut. */
export function controlCharacter(e: { key: string; ctrl: boolean; alt: boolean; meta: boolean }): string | null {
  // Ctrl+Alt is AltGr on Windows: a character of the layout, never a control character.
  if (!e.ctrl || e.alt || e.meta) return null;
  return CONTROL_KEYS[e.key] ?? null;
}
