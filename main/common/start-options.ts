import { parseArgs } from 'node:util';

/** What the user can ask for when starting the app (`npm start -- --service URL --reset-demo`). */
export interface StartOptions {
  /** A real Lab Data Service to use from this start on (saved in Settings; the token is asked there). */
  service?: string;
  /** The API mode of that service (`--mode v2|legacy`; v2 when not given). */
  serviceMode?: 'v2' | 'legacy';
  /** Start the embedded sandbox on fresh demo data (its database is removed first). */
  resetDemo: boolean;
  /**
   * `--sync-timeout <seconds>`: how long one request of the outbox may take before it counts as
   * unanswered (default: main/connection/live-transport.ts), for a service that is slow to answer.
   */
  syncTimeoutMs?: number;
}

/** Whole seconds, at least 1 and at most an hour; anything else is not a timeout. */
function seconds(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= 3600 ? n * 1000 : undefined;
}

/** Reads the start options from a command line, ignoring the arguments meant for someone else. */
export function startOptionsFrom(argv: readonly string[]): StartOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      service: { type: 'string' },
      mode: { type: 'string' },
      'reset-demo': { type: 'boolean' },
      'sync-timeout': { type: 'string' },
    },
    strict: false,
    allowPositionals: true,
  });
  const service = typeof values.service === 'string' ? values.service : undefined;
  const mode = values.mode === 'legacy' || values.mode === 'v2' ? values.mode : undefined;
  const syncTimeoutMs = seconds(values['sync-timeout']);
  return {
    ...(service ? { service } : {}),
    ...(service && mode ? { serviceMode: mode } : {}),
    resetDemo: values['reset-demo'] === true,
    ...(syncTimeoutMs !== undefined ? { syncTimeoutMs } : {}),
  };
}
