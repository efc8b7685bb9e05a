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

/** A start option given a value it cannot take: the start stops and says which and why. */
export class StartOptionError extends Error {
  override readonly name = 'StartOptionError';
}

/** `option` must be `what`: says what it was given instead (`--mode` with no value parses as `true`). */
function refused(option: string, what: string, v: string | boolean): StartOptionError {
  return new StartOptionError(`${option} must be ${what}, got ${typeof v === 'string' ? `"${v}"` : 'nothing'}.`);
}

/** Whole seconds, at least 1 and at most an hour; anything else stops the start. */
function seconds(v: string | boolean | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (n >= 1 && n <= 3600) return n * 1000;
  throw refused('--sync-timeout', 'whole seconds from 1 to 3600', v);
}

function modeOf(v: string | boolean | undefined): 'v2' | 'legacy' | undefined {
  if (v === undefined || v === 'v2' || v === 'legacy') return v;
  throw refused('--mode', 'v2 or legacy', v);
}

/**
 * Reads the start options from a command line, ignoring the arguments meant for someone else. A value
 * one of them cannot take throws StartOptionError: a start on a setting other than the one asked for
 * would go unnoticed at the bench.
 */
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
  const mode = modeOf(values.mode);
  const syncTimeoutMs = seconds(values['sync-timeout']);
  return {
    ...(service ? { service } : {}),
    ...(service && mode ? { serviceMode: mode } : {}),
    resetDemo: values['reset-demo'] === true,
    ...(syncTimeoutMs !== undefined ? { syncTimeoutMs } : {}),
  };
}
