import type { cacheChannels } from '../../../shared/ipc/channels/cache.js';
import type { ReadCache } from '../../cache/index.js';
import { IpcFailure } from '../failure.js';
import type { HandlersFor } from '../types.js';

export function cacheHandlers(cache: ReadCache): HandlersFor<typeof cacheChannels> {
  return {
    'cache.manifest': (q) => {
      const given = [q.barcode, q.hrid, q.uuid].filter((v) => v !== undefined && v !== '').length;
      if (given !== 1) throw new IpcFailure('failed', 'Give exactly one of barcode, hrid or uuid.');
      return cache.manifest(q);
    },
    'cache.row': ({ labsheet, value, refresh }) => cache.row(labsheet, value, refresh ?? false),
    'cache.rows': ({ labsheet, values }) => cache.rows(labsheet, values),
    'cache.sampleIndex': ({ labsheet }) => cache.sampleIndex(labsheet),
    'cache.labsheets': () => cache.labsheets(),
    'cache.locations': ({ code }) => cache.locations(code),
    'cache.idColumns': ({ labsheet }) => cache.idColumns(labsheet),
    'cache.columnValues': ({ labsheet, column }) => cache.columnValues(labsheet, column),
    'cache.setTemplateLayout': ({ template, rows, columns }) => cache.setTemplateLayout(template, { rows, columns }),
  };
}
