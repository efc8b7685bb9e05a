/**
 * Text made safe as part of a file or folder name on every OS: each run of anything but letters,
 * digits, `_`, `.` and `-` becomes one `_` (no separators, no spaces, nothing a shell or Windows minds).
 */
export function safeFileNamePart(text: string): string {
  return text.replace(/[^\w.-]+/g, '_');
}
