import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { call } from '../ipc/client.js';
import type { PageSampleIndex, TubeRow } from './sample-index.js';

/**
 * The labsheet row a scanned tube ID or ID_BARCODE names, whichever of the two was scanned: from the
 * page's index (no call to main), else main's lookup, which reads the rows again (or the saved copy
 * offline) and knows which columns are the ID and the ID_BARCODE. Null when the labsheet has no such
 * row as far as this computer knows. Throws when main could not look it up at all.
 */
export async function lookUpTube(
  api: BenchlinkApi,
  index: PageSampleIndex,
  labsheet: string,
  code: string,
): Promise<TubeRow | null> {
  const indexed = index.rowOf(code);
  if (indexed !== undefined) return indexed;
  const row = await call(api, 'cache.row', { labsheet, value: code });
  if (!row) return null;
  const id = row.row[row.idColumn];
  const barcode = row.barcodeColumn === null ? null : row.row[row.barcodeColumn];
  return {
    id: id === null || id === undefined || id === '' ? code : String(id),
    barcode: barcode === null || barcode === undefined || barcode === '' ? null : String(barcode),
  };
}
