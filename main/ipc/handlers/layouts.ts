import type { layoutsChannels } from '../../../shared/ipc/channels/layouts.js';
import { layoutFromCsv, layoutToCsv } from '../../layouts/layout-csv.js';
import { LayoutsFull, type LayoutStore } from '../../layouts/layout-store.js';
import type { PlateLayout } from '../../../shared/layout/plate-layout.js';
import { safeFileNamePart } from '../../common/safe-file-name.js';
import { IpcFailure } from '../failure.js';
import type { HandlersFor } from '../types.js';

export function layoutsHandlers(store: LayoutStore): HandlersFor<typeof layoutsChannels> {
  /** The saved list, with why the file was moved aside when no screen has been told yet. */
  const withNotice = (layouts: PlateLayout[]) => {
    const notice = store.takeRecovered();
    return { layouts, ...(notice ? { notice } : {}) };
  };
  const listed = async () => withNotice((await store.load()).layouts);
  const put = (layout: PlateLayout) =>
    store.put(layout).then(withNotice, (err: unknown) => {
      throw err instanceof LayoutsFull ? new IpcFailure('failed', err.message) : err;
    });
  return {
    'layouts.list': listed,
    'layouts.save': ({ layout }) => put(layout),
    'layouts.delete': async ({ name }) => withNotice(await store.remove(name)),
    'layouts.importCsv': async ({ name, size, csv }) => {
      let layout;
      try {
        layout = layoutFromCsv(name, size, csv);
      } catch (err) {
        throw new IpcFailure('failed', `Not imported: ${err instanceof Error ? err.message : String(err)}`);
      }
      return put(layout);
    },
    'layouts.exportCsv': async ({ name }) => {
      const l = await store.find(name);
      if (!l) throw new IpcFailure('failed', `No layout named "${name}"`);
      return { fileName: `layout-${safeFileNamePart(l.name)}.csv`, csv: layoutToCsv(l) };
    },
  };
}
