/**
 * Whether two codes are one but for the case of their ASCII letters, as SQLite's NOCASE folds them: a code
 * read with Caps Lock on (fx00000001) and its row's spelling (FX00000001).
 */
export function sameLetters(a: string | null, b: string): boolean {
  return a !== null && foldLetters(a) === foldLetters(b);
}

/** The code with its ASCII letters in lower case, as NOCASE folds them: the key two spellings share. */
export function foldLetters(code: string): string {
  return code.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The code with its ASCII letters' case swapped: what a keyboard scanner types with Caps Lock on. */
export function swappedCase(code: string): string {
  return code.replace(/[A-Za-z]/g, (ch) => (ch >= 'a' ? ch.toUpperCase() : ch.toLowerCase()));
}

/**
 * A sentence for a code the service has no row for when it holds lower-case letters, or null. Read offline
 * before the labsheet's rows were ever read here, a tube scanned with Caps Lock on (fx00000001 for
 * FX00000001) cannot be told from a new tube: it is queued as read, and the service refuses it later. That
 * refusal is where the bench learns of it, so it names the likely cause and the label to look for.
 */
export function capsLockSaid(code: string): string | null {
  if (!/[a-z]/.test(code)) return null;
  return `${code} may have been read with Caps Lock on: if the label reads ${swappedCase(code)}, scan it again with Caps Lock off.`;
}
