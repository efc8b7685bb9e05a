import { isUuid, type IdType } from '../../../shared/api/primitives.js';
import { ID_TYPE_NAME } from '../../../shared/api/id-type-words.js';
import { sameLetters } from '../../../shared/barcode/letter-case.js';
import type { ScanClass } from '../../lib/scan-input/scan-kind.js';
import type { TubeRow } from '../../lib/samples/sample-index.js';

/** The user's choice of how scanned tubes are named to the service, or 'detect': from each scan. */
export type IdTypeChoice = IdType | 'detect';

/** The idType a scanned value most likely is, from what the shared classifier called it. */
export function detectIdType(kind: string, value: string): IdType {
  if (isUuid(value)) return 'ROW_UUID';
  if (kind === 'tube') return 'ID_BARCODE';
  return 'ID';
}

/**
 * The idType a tube is sent with: the user's choice, or detected. The tube's row, when it was found,
 * says which of its names was scanned: a lab whose tube barcodes are not of the default pattern (FX…)
 * had each one sent as a sample ID, and every one refused by the service minutes later.
 */
export function idTypeFor(
  choice: IdTypeChoice,
  c: Pick<ScanClass, 'kind' | 'value'>,
  row: TubeRow | null | undefined = null,
): IdType {
  if (choice !== 'detect') return choice;
  // Found by its uuid, the code is neither name; a row's own ID or barcode may be uuid-shaped, and is sent as
  // that (as a row uuid, the service looked for another row). The barcode first: a row without an ID is
  // given the code scanned for its ID (tube-row.ts).
  if (row && !row.byUuid) {
    if (row.barcode !== null && sameLetters(row.barcode, c.value)) return 'ID_BARCODE';
    if (sameLetters(row.id, c.value)) return 'ID';
  }
  return detectIdType(c.kind, c.value);
}

/**
 * The name and idType a tube is sent by. In Detect mode a row uuid whose row is known is sent by the row's
 * ID, as Well fill sends it: every other record of the tube (this box's, a plate's wells, the Outbox) names
 * it by ID or barcode, so sent by its uuid, a rescan of it by its barcode was not known as the same tube and
 * went into a second position. A row without an ID, and the "Row uuid" choice, keep the uuid.
 */
export function tubeSentAs(
  choice: IdTypeChoice,
  c: Pick<ScanClass, 'kind' | 'value'>,
  row: TubeRow | null | undefined = null,
): { id: string; idType: IdType } {
  if (choice === 'detect' && row?.byUuid && row.id !== '' && !sameLetters(row.id, c.value))
    return { id: row.id, idType: 'ID' };
  return { id: c.value, idType: idTypeFor(choice, c, row) };
}

/** Which of its row's names a code is (main found it by its uuid, or it is the barcode or the ID), or null. */
function nameOfRow(code: string, row: TubeRow): Exclude<IdType, 'SERVICE_BARCODE'> | null {
  if (row.byUuid) return 'ROW_UUID';
  if (row.barcode !== null && sameLetters(row.barcode, code)) return 'ID_BARCODE';
  return sameLetters(row.id, code) ? 'ID' : null;
}

/**
 * Why a tube cannot be sent by the ID type the user chose: its row is known, and the code scanned is another
 * of its names (its barcode with "Row uuid" chosen). Sent so, it was heard going in, and the service, finding
 * no row by it, refused the move in the Outbox minutes later; a rescan by another name of a tube put in by its
 * uuid was not even known for a duplicate. Null when it goes as chosen, in Detect mode, when the row is not
 * known (only the service can say), and for the service's own barcode, which no row the page reads holds.
 */
export function notOfChosenType(choice: IdTypeChoice, code: string, row: TubeRow | null | undefined): string | null {
  if (choice === 'detect' || choice === 'SERVICE_BARCODE' || !row) return null;
  const is = nameOfRow(code, row);
  // A row's barcode may be its ID too: sent as either, the service finds it.
  if (is === null || is === choice || (choice === 'ID' && sameLetters(row.id, code))) return null;
  const chosen = ID_TYPE_NAME[choice];
  return `${code} is the ${ID_TYPE_NAME[is]} of ${row.id}, not its ${chosen} (the ID type chosen): the service would find no row by it. Scan its ${chosen}, or choose Detect`;
}
