import { askedOnceBy } from '../common/asked-once.js';

/**
 * Every name a tube goes by in a labsheet, its row's ID first when the row is known: the ID, the
 * ID_BARCODE and the uuid (ROW_UUID) of its row, and the name it was queued under. A tube is a row:
 * the same answer names any row of a labsheet. Assign location (and the Data screen, and rack files)
 * queue the text that was scanned, and Row update queues a row under the column it was found by (its
 * barcode while the row is not known yet), so one row can be in the outbox as TB000001 and as S-0001;
 * the rules that keep a tube's moves and a row's changes in order must see one row. The read cache
 * answers from the rows it has saved, without a call to the service.
 */
export type TubeNames = (labsheet: string, id: string) => readonly string[];

/** Without the labsheet's rows, a tube is known only by the name it was queued under. */
export const ONLY_AS_QUEUED: TubeNames = (_labsheet, id) => [id];

/** One key per tube (row) of a labsheet, the same whichever of its names an entry carries. */
export const tubeKey = (names: TubeNames, labsheet: string, id: string): string =>
  JSON.stringify([labsheet, names(labsheet, id)[0] ?? id]);

/**
 * The same answers, each looked up once: one sending step (or one Outbox listing) asks about each
 * row of its run several times (the names to look for, then each entry's key), and each answer is a
 * read of the saved rows.
 */
export function askedOnce(names: TubeNames): TubeNames {
  return askedOnceBy(names, (labsheet, id) => JSON.stringify([labsheet, id]));
}
