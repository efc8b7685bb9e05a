/** The most of a scanned code the last-scan line shows: room is kept for what happened to it. */
export const SHOWN_READ_CHARS = 60;

/** A read as the last-scan line shows it: cut short, with an ellipsis, when longer than SHOWN_READ_CHARS. */
export function shortRead(text: string): string {
  const chars = [...text];
  return chars.length <= SHOWN_READ_CHARS ? text : `${chars.slice(0, SHOWN_READ_CHARS - 1).join('')}…`;
}
