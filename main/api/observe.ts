import { ApiError, AuthError } from './errors.js';

import type { CallOutcome } from '../common/connectivity.js';

export type { CallOutcome } from '../common/connectivity.js';

/**
 * Unreachable (no answer, or none in time), token refused, token not received, or null: the server
 * answered, so the connection is fine. An AuthError without a status was the client finding no token
 * and sending nothing: the service refused nothing. A 403 refusing only this request (a scope the token
 * lacks) says nothing against the token either: told "refused", the banner sent the user to replace a
 * token that works for everything else.
 */
export function connectionOutcomeOf(err: unknown): Exclude<CallOutcome, 'ok'> | null {
  if (!(err instanceof ApiError)) return null;
  if (err.kind === 'network' || err.kind === 'timeout') return 'network';
  if (!(err instanceof AuthError) || err.status === undefined || err.refusesThisRequestOnly) return null;
  return err.missing ? 'token-not-received' : 'auth';
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
