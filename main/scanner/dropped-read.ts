/** The one wording for a read that was cut off, whichever decoder lost it, so the bench says it the same way. */
export interface IncompleteScan {
  type: 'error';
  code: 'incomplete-scan';
  message: string;
}

/** The start of a dropped read, short enough for one line on the bench. */
export function previewText(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** `preview` is the read's start as the bench should see it (see previewText). */
export function incompleteScan(preview: string, why: string): IncompleteScan {
  return {
    type: 'error',
    code: 'incomplete-scan',
    message: `Incomplete scan "${preview}" dropped: ${why}. Scan it again.`,
  };
}
