import { join } from 'node:path';
import { openCacheStore, createReadCache } from '../cache/index.js';
import type { EventHub } from '../ipc/events.js';
import { cacheHandlers } from '../ipc/handlers/cache.js';
import type { PickedFiles } from '../ipc/handlers/files.js';
import { outboxHandlers } from '../ipc/handlers/outbox.js';
import { scannerHandlers } from '../ipc/handlers/scanner.js';
import { uploadHandlers } from '../ipc/handlers/upload.js';
import type { Logger } from '../common/logger.js';
import { createOutbox, scheduleDonePruning } from '../outbox/index.js';
import { createNodeHidLayer, createScannerService, monotonicClock, nodeTimers, type DeviceLayer } from '../scanner/index.js';
import type { ResolvedConnection } from '../settings/live-connection.js';
import { createSyncEngine } from '../sync/index.js';
import { createLiveTransport } from './live-transport.js';
import { forwardOutboxEvents } from './outbox-bridge.js';
import { createScannerBridge } from './scanner-bridge.js';
import { createUploadStaging } from './upload-staging.js';

export interface WorkflowServiceDeps {
  dataDir: string;
  events: EventHub;
  log: Logger;
  picked: PickedFiles;
  resolve(): Promise<ResolvedConnection>;
  storedToken(account: string): Promise<string | null>;
  report(outcome: 'ok' | 'network' | 'auth'): void;
  /** Replaceable so tests run without node-hid. */
  hidLayer?: DeviceLayer;
}

/**
 * The bench services (outbox, sync, read cache, scanner, upload staging) and their IPC handlers,
 * built once by main/app.ts. Kept out of app.ts so the composition root stays a table of parts.
 */
export function createWorkflowServices(d: WorkflowServiceDeps) {
  const now = () => Date.now();
  const stagingDir = join(d.dataDir, 'staging');
  const outbox = createOutbox({ path: join(d.dataDir, 'outbox.db'), now });
  if (outbox.recovered) d.log.warn('outbox file was corrupt and was moved aside', { movedTo: outbox.recovered.movedTo, reason: outbox.recovered.reason });
  const { transport, client } = createLiveTransport({ resolve: d.resolve, storedToken: d.storedToken, report: d.report });
  const sync = createSyncEngine({ outbox, transport, probeIntervalMs: 3_000, log: (message, fields) => d.log.warn(message, fields) });
  const stopForwarding = forwardOutboxEvents(outbox, sync, d.events);
  const cacheStore = openCacheStore(join(d.dataDir, 'read-cache.db'), now);
  const cache = createReadCache({ store: cacheStore, client, outbox, now });
  const scanner = createScannerService({ layer: d.hidLayer ?? createNodeHidLayer(), clock: monotonicClock, timers: nodeTimers, platform: process.platform });
  const scannerBridge = createScannerBridge({ service: scanner, events: d.events, dataDir: d.dataDir, log: d.log, now });
  const staging = createUploadStaging(stagingDir);
  const stopPruning = scheduleDonePruning({ outbox, log: d.log });
  sync.start();

  const handlers = {
    ...outboxHandlers({ outbox, sync, stagingDir }),
    ...cacheHandlers(cache),
    ...scannerHandlers(scanner, scannerBridge),
    ...uploadHandlers({ staging, outbox, picked: d.picked }),
  };

  return {
    handlers,
    outbox,
    sync,
    /** A new token (or connection) was given: a queue paused for the token may go again. */
    credentialsChanged(): void {
      if (sync.status().paused) void sync.resume();
    },
    async close(): Promise<void> {
      stopForwarding();
      stopPruning();
      scannerBridge.close();
      await sync.stop();
      cache.close();
      outbox.close();
      cacheStore.close();
    },
  };
}
export type WorkflowServices = ReturnType<typeof createWorkflowServices>;
