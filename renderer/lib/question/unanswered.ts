/**
 * The note a question leaves when the next scan takes it away: every screen's questions say it in the
 * same words, so the bench reads one sentence shape whichever screen asked.
 */
export const leftUnanswered = (about: string, notDone: string) =>
  `The question about ${about} was left unanswered: ${notDone}.`;

/** What a question about placing a tube left undone. */
export const notPlaced = (sampleId: string) => `${sampleId} was not placed (scan it again to be asked again)`;
