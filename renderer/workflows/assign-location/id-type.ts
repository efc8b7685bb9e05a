import { isUuid, type IdType } from '../../../shared/api/primitives.js';
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
  if (row && !isUuid(c.value)) {
    const scanned = c.value.toUpperCase();
    if (row.id.toUpperCase() === scanned) return 'ID';
    if (row.barcode?.toUpperCase() === scanned) return 'ID_BARCODE';
  }
  return detectIdType(c.kind, c.value);
}
