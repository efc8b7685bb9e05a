import { isUuid, type IdType } from '../../../shared/api/primitives.js';
import type { ScanClass } from '../../lib/scan-input/scan-kind.js';

/** The user's choice of how scanned tubes are named to the service, or 'detect': from each scan. */
export type IdTypeChoice = IdType | 'detect';

/** The idType a scanned value most likely is, from what the shared classifier called it. */
export function detectIdType(kind: string, value: string): IdType {
  if (isUuid(value)) return 'ROW_UUID';
  if (kind === 'tube') return 'ID_BARCODE';
  return 'ID';
}

/** The idType a tube is sent with: the user's choice, or detected from the scan. */
export function idTypeFor(choice: IdTypeChoice, c: Pick<ScanClass, 'kind' | 'value'>): IdType {
  return choice === 'detect' ? detectIdType(c.kind, c.value) : choice;
}
