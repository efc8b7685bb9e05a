import { ApiError } from './errors.js';

import type { CallOutcome } from '../common/connectivity.js';

export type { CallOutcome } from '../common/connectivity.js';

/** Unreachable (no answer, or none in time), token refused, or null: the server answered, so the connection is fine. */
export function connectionOutcomeOf(err: unknown): Exclude<CallOutcome, 'ok'> | null {
  if (!(err instanceof ApiError)) return null;
  if (err.kind === 'network' || err.kind === 'timeout') return 'network';
  if (err.kind === 'auth') return 'auth';
  return null;
}

/** Runs a service call and reports what it saw, so every read and write keeps the banners truthful. */
export async function observed<T>(report: (outcome: CallOutcome) => void, call: () => Promise<T>): Promise<T> {
  try {
    const value = await call();
    report('ok');
    return value;
  } catch (err) {
    const outcome = connectionOutcomeOf(err);
    if (outcome) report(outcome);
    throw err;
  }
}
