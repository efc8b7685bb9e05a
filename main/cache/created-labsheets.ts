import type { Logger } from '../common/logger.js';
import type { Outbox } from '../outbox/index.js';
import type { CreateLabsheetRequest } from '../../shared/api/labsheets.js';
import type { LabsheetIdColumns } from '../../shared/ipc/id-columns.js';

/** The ID and ID_BARCODE columns a labsheet was created with: the one time the app knows the types. */
export function idColumnsOfCreate(request: CreateLabsheetRequest): LabsheetIdColumns | null {
  const id = request.columns.find((c) => c.type === 'ID')?.name?.trim();
  if (!id) return null;
  const barcode = request.columns.find((c) => c.type === 'ID_BARCODE')?.name?.trim() || null;
  return { id, barcode, from: 'created' };
}

/**
 * When a labsheet this app created is on the service (sent, reconciled or confirmed by the user),
 * its ID columns are remembered: the row listing never says them again.
 */
export function rememberCreatedLabsheets(
  outbox: Outbox,
  remember: (labsheet: string, columns: LabsheetIdColumns) => Promise<unknown>,
  log: Logger,
): () => void {
  return outbox.events.on('changed', (changes) => {
    for (const c of changes) {
      if (c.type !== 'labsheet-create' || c.state !== 'done') continue;
      const e = outbox.changedEntry(c.id);
      if (e?.intent.type !== 'labsheet-create') continue;
      const columns = idColumnsOfCreate(e.intent.request);
      if (!columns) continue;
      const labsheet = e.intent.request.name.trim();
      remember(labsheet, columns).catch((err: unknown) =>
        log.warn('the ID columns of a created labsheet could not be saved', { labsheet, error: String(err) }),
      );
    }
  });
}
