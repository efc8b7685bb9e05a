import type { SyncTransport } from '../../../../main/sync/index.js';

export type Calls = { name: string; request: unknown }[];

/** A transport whose answers each test scripts; unscripted endpoints succeed plainly. */
export function fakeTransport(
  calls: Calls,
  overrides: Partial<Record<keyof SyncTransport, (req: never) => unknown>> = {},
): SyncTransport {
  const handler = (name: keyof SyncTransport, fallback: (req: never) => unknown) => async (req: never) => {
    calls.push({ name, request: req });
    return (overrides[name] ?? fallback)(req);
  };
  return {
    updateManifest: handler('updateManifest', () => ({ success: true, message: 'ok', data: { hrid: 'PL-0001' } })),
    assignLocation: handler('assignLocation', (r: { assignments: { id: string; position?: string }[] }) => ({
      success: true,
      assignedPositions: r.assignments,
    })),
    updateRowsById: handler('updateRowsById', (r: { rows: Record<string, string>[] }) =>
      r.rows.map((row) => ({ ID: row['Sample ID']!, updatedRows: [{ uuid: 'u', success: true }] })),
    ),
    createLabsheet: handler('createLabsheet', () => ({ name: 'n', uuid: 'u', path: 'p', success: true })),
    fetchLabsheetList: handler('fetchLabsheetList', () => ({ items: [], total: 0, success: true })),
    fetchLabsheetRows: handler('fetchLabsheetRows', () => ({ headers: ['uuid'], rows: [], total: 0, success: true })),
    fetchManifestMetadata: handler('fetchManifestMetadata', () => ({
      uuid: 'u',
      hrid: 'PL-0001',
      lastUpdate: 't0',
      emptySpaces: 96,
    })),
    linkSamplesToTest: handler('linkSamplesToTest', () => ({})),
    createLocations: handler('createLocations', () => ({ success: true, requestId: 'r' })),
    fetchLocationCreateStatus: handler('fetchLocationCreateStatus', () => ({
      success: true,
      requestId: 'r',
      status: 'COMPLETED',
      message: '',
      result: { created: [] },
    })),
    labsheetToTemplate: handler('labsheetToTemplate', () => ({})),
    deleteColumn: handler('deleteColumn', () => ({})),
    removeFolderPermissions: handler('removeFolderPermissions', () => ({ success: true })),
    attachImage: handler('attachImage', () => ({})),
    addSequenceToRow: handler('addSequenceToRow', () => ({ success: true })),
    createLabspace: handler('createLabspace', () => ({})),
    storeAndEmbedFiles: handler('storeAndEmbedFiles', () => []),
    sendWebhook: handler('sendWebhook', () => ({ success: true })),
  } as unknown as SyncTransport; // the handlers are typed loosely on purpose: each test scripts raw answers
}
