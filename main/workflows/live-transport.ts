import { createLabClient, type LabClient } from '../api/index.js';
import { observed as observedBy, type CallOutcome } from '../api/observe.js';
import type { SyncTransport } from '../sync/transport.js';
import type { ResolvedConnection } from '../settings/live-connection.js';

export interface LiveTransportDeps {
  /** The saved connection, resolved now (starts the local sandbox when that is the connection). */
  resolve(): Promise<ResolvedConnection>;
  /** The user's token for the account, if one is stored. */
  storedToken(account: string): Promise<string | null>;
  /** Lets the header banners know what the last call saw. */
  report(outcome: CallOutcome): void;
}

/** One attempt per call: the sync engine owns backoff, so the client's own retries would only delay "offline". */
const SYNC_RETRY = { attempts: 1 } as const;
const SYNC_TIMEOUT_MS = 15_000;

/**
 * The sync engine's transport: the real API client for whatever connection is saved *now*, made
 * per call, so a changed connection or token applies to the next request without a restart.
 */
export function createLiveTransport(d: LiveTransportDeps): { transport: SyncTransport; client(): Promise<LabClient> } {
  async function client(): Promise<LabClient> {
    const r = await d.resolve();
    return createLabClient({
      connection: r.connection,
      token: async () => (await d.storedToken(r.account)) ?? r.demoToken,
      retry: SYNC_RETRY,
      timeoutMs: SYNC_TIMEOUT_MS,
    });
  }

  const observed = <T>(call: () => Promise<T>): Promise<T> => observedBy(d.report, call);

  // Each method forwards to a fresh client; written out so the types stay exact per endpoint.
  const transport: SyncTransport = {
    updateManifest: (r, o) => observed(async () => (await client()).updateManifest(r, o)),
    assignLocation: (r, o) => observed(async () => (await client()).assignLocation(r, o)),
    updateRowsById: (r, o) => observed(async () => (await client()).updateRowsById(r, o)),
    createLabsheet: (r, o) => observed(async () => (await client()).createLabsheet(r, o)),
    fetchLabsheetList: (r, o) => observed(async () => (await client()).fetchLabsheetList(r, o)),
    fetchManifestMetadata: (r, o) => observed(async () => (await client()).fetchManifestMetadata(r, o)),
    linkSamplesToTest: (r, o) => observed(async () => (await client()).linkSamplesToTest(r, o)),
    createLocations: (r, o) => observed(async () => (await client()).createLocations(r, o)),
    fetchLocationCreateStatus: (r, o) => observed(async () => (await client()).fetchLocationCreateStatus(r, o)),
    labsheetToTemplate: (r, o) => observed(async () => (await client()).labsheetToTemplate(r, o)),
    deleteColumn: (r, o) => observed(async () => (await client()).deleteColumn(r, o)),
    removeFolderPermissions: (r, o) => observed(async () => (await client()).removeFolderPermissions(r, o)),
    attachImage: (r, o) => observed(async () => (await client()).attachImage(r, o)),
    addSequenceToRow: (r, o) => observed(async () => (await client()).addSequenceToRow(r, o)),
    createLabspace: (r, o) => observed(async () => (await client()).createLabspace(r, o)),
    storeAndEmbedFiles: (r, o) => observed(async () => (await client()).storeAndEmbedFiles(r, o)),
    sendWebhook: (p, o) => observed(async () => (await client()).sendWebhook(p, o)),
  };
  return { transport, client };
}
