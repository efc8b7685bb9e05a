import type { ApiMode, ServiceConnection } from '../../shared/api/connection.js';
import type { RequestOf, ResponseOf } from '../../shared/api/endpoints.js';
import type { LabReadEndpoint } from '../../shared/ipc/channels/lab.js';
import type { Sequence } from '../../shared/api/sequences.js';

/**
 * The part of main/api's LabClient the shell uses (reads for the UI and the connection test).
 * Structural, so the real client fits without this folder importing main/api's internals.
 */
export type LabReadClient = { [N in LabReadEndpoint]: (request: RequestOf<N>) => Promise<ResponseOf<N>> } & {
  /** GET /sequences?name= answers one sequence, not a page (used by the data browser). */
  findSequenceByName(name: string): Promise<{ sequence: Sequence }>;
};

/** How long one request may take and how often it is tried (main/api's defaults when not given). */
export interface ClientLimits {
  /** Every try, the first included: 1 means no retry. */
  attempts: number;
  timeoutMs: number;
}

export interface LabClientOptions {
  connection: ServiceConnection;
  /** Read on every request, so a token set or cleared takes effect without a new client. */
  token: () => Promise<string | null>;
  retry?: { attempts: number };
  timeoutMs?: number;
}
export type CreateLabClient = (opts: LabClientOptions) => LabReadClient;

/** main/sandbox/server.ts's entry point, injected so tests and the host can swap or omit it. */
export interface SandboxHandle {
  url: string;
  demoToken: string;
  close(): Promise<void>;
}
/** How the embedded sandbox answers (its `--answers` profile); the demo default is `extended`. */
export interface SandboxAnswers {
  profile: 'extended' | 'spec' | 'varied';
  seed?: number;
}
export type StartSandbox = (opts: {
  port: number;
  mode: ApiMode;
  dbPath: string;
  fixture?: string;
  answers?: SandboxAnswers;
}) => Promise<SandboxHandle>;
