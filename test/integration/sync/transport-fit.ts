import type { LabClient } from '../../../main/api/index.js';
import type { SyncTransport } from '../../../main/sync/index.js';

/** Compile-time check (tsc, not vitest): the real client satisfies the engine's transport. */
export const clientFitsTransport = (client: LabClient): SyncTransport => client;
