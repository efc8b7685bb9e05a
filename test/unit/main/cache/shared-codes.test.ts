import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheStore, type CacheStore } from '../../../../main/cache/cache-store.js';
import { tempDir } from '../outbox/helpers.js';

/** The saved rows' lookup (findRow) when a code is more than one row's: the real store on a file. */
describe('read cache store: a code more than one saved row holds', () => {
  let temp: ReturnType<typeof tempDir>;
  let store: CacheStore;
  beforeEach(() => {
    temp = tempDir('shared-codes-');
    store = openCacheStore(path.join(temp.dir, 'read-cache.db'));
  });
  afterEach(() => {
    store.close();
    temp.cleanup();
  });
  const shape = { headers: ['uuid', 'ID', 'Barcode'], idColumn: 'ID', barcodeColumn: 'Barcode' };
  const row = (n: number, id: string, barcode: string | null) => ({ uuid: `u-${n}`, ID: id, Barcode: barcode });

  it('answers no row but how many hold it and the first of them; one row holding it, as ID and barcode, is found', () => {
    store.putRows(
      'Samples',
      shape,
      [
        ...Array.from({ length: 7 }, (_, i) => row(i, `S-${i}`, 'NONE')),
        row(10, 'S-10', 'S-10'),
        row(11, 'S-11', 'TB11'),
        row(12, 'S-12', 'TB12'),
        row(13, '', 'TB13'),
        row(14, '', 'TB14'),
      ],
      1,
    );
    expect(store.findRow('Samples', 'NONE')).toEqual({
      shared: {
        value: 'NONE',
        count: 7,
        rows: [0, 1, 2, 3, 4].map((i) => ({ id: `S-${i}`, barcode: 'NONE' })),
      },
    });
    // A row whose barcode is its own ID is one row.
    expect(store.findRow('Samples', 'S-10')).toMatchObject({ matchedBy: 'ID', row: { uuid: 'u-10' } });
    expect(store.findRow('Samples', 'TB12')).toMatchObject({ matchedBy: 'ID_BARCODE', row: { uuid: 'u-12' } });
    // Rows without an ID are not one another's: each is found by its barcode.
    expect(store.findRow('Samples', 'TB14')).toMatchObject({ matchedBy: 'ID_BARCODE', row: { uuid: 'u-14' } });
    // Rows keyed again (the user named other columns) are found by those.
    store.rekeyRows('Samples', { idColumn: 'Barcode', barcodeColumn: null });
    expect(store.findRow('Samples', 'S-0')).toBeNull();
    expect(store.findRow('Samples', 'NONE')).toMatchObject({ shared: { count: 7 } });
  });
});
