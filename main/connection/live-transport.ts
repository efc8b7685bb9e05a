import { createLabClient, type LabClient } from '../api/index.js';
import { SYNC_ENDPOINTS, type SyncTransport } from '../sync/transport.js';
import type { ResolvedConnection } from './monitor.js';

export interface LiveTransportDeps {
  /** The saved connection, resolved now (starts the local sandbox when that is the connection). */
  resolve(): Promise<ResolvedConnection>;
  /** The user's token for the account, if one is stored. */
  storedToken(account: string): Promise<string | null>;
  /** How long one request may take before it counts as unanswered (`--sync-timeout`); 15 s by default. */
  timeoutMs?: number;
}

/** One attempt per call: the sync engine owns backoff, so the client's own retries would only delay "offline". */
const SYNC_RETRY = { attempts: 1 } as const;
const SYNC_TIMEOUT_MS = 15_000;

/**
 * The sync engine's transport: the real API client for whatever connection is saved *now*, made per
 * call, so a changed connection or token applies to the next request without a restart. The engine
 * reports each call's outcome to the connection monitor itself.
 */
export function createLiveTransport(d: LiveTransportDeps): { transport: SyncTransport; client(): Promise<LabClient> } {
  async function client(): Promise<LabClient> {
    const r = await d.resolve();
    return createLabClient({
      connection: r.connection,
      token: async () => (await d.storedToken(r.account)) ?? r.demoToken,
      retry: SYNC_RETRY,
      timeoutMs: d.timeoutMs ?? SYNC_TIMEOUT_MS,
    });
  }
  // One forwarder per endpoint of the table; each resolves the connection at call time. The saved
  // connection is read synchronously on the call, in the same turn as the outbox's claim of the entries
  // it carries (which takes only entries bound to that same connection), so a switch in between cannot
  // send one service's entries to another.
  const forward =
    (name: keyof SyncTransport) =>
    async (...args: unknown[]) => {
      const method = (await client())[name] as (...a: unknown[]) => Promise<unknown>;
      return method(...args);
    };
  // The keys are SyncTransport's by construction (SYNC_ENDPOINTS); TS cannot see a fromEntries through.
  const transport = Object.fromEntries(SYNC_ENDPOINTS.map((n) => [n, forward(n)])) as unknown as SyncTransport;
  return { transport, client };
}
