import type { CreatedLocation, CreateLocationsRequest } from '../../shared/api/locations.js';
import { locationRequestOutcome } from '../../shared/api/locations.js';
import type { LabClient } from './client.js';
import { CancelledError, ServerError, TimeoutError } from './errors.js';
import { realSleep, type Sleep } from './retry.js';

export interface WaitOptions {
  /** Give up after this long in total (default 60 s). */
  timeoutMs?: number;
  /** First poll interval; grows ×1.5 up to maxPollMs (defaults 250 ms, 2 s). */
  pollMs?: number;
  maxPollMs?: number;
  signal?: AbortSignal;
  sleep?: Sleep;
  now?: () => number;
}

/**
 * Creates locations and waits until the service has made them. The create call itself is not
 * idempotent and is never resent here; only the status polling is.
 */
export async function createLocationsAndWait(
  client: Pick<LabClient, 'createLocations' | 'fetchLocationCreateStatus'>,
  request: CreateLocationsRequest,
  opts: WaitOptions = {},
): Promise<CreatedLocation[]> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const maxPollMs = opts.maxPollMs ?? 2_000;
  const sleep = opts.sleep ?? realSleep;
  const now = opts.now ?? Date.now;
  const call = opts.signal ? { signal: opts.signal } : {};
  const deadline = now() + timeoutMs;

  const { requestId } = await client.createLocations(request, call);
  let interval = opts.pollMs ?? 250;
  let lastStatus = 'none yet';
  for (;;) {
    const status = await client.fetchLocationCreateStatus({ requestId }, call);
    lastStatus = status.status;
    const outcome = locationRequestOutcome(status.status);
    if (outcome === 'completed') return status.result?.created ?? [];
    if (outcome === 'failed') {
      throw new ServerError(`location creation ${status.status.toLowerCase()}`, {
        endpoint: 'fetchLocationCreateStatus',
        serverMessage: status.message || status.status,
        reason: `request ${requestId}`,
      });
    }
    const remaining = deadline - now();
    if (remaining <= 0) break;
    try {
      await sleep(Math.min(interval, remaining), opts.signal);
    } catch {
      throw new CancelledError('cancelled while waiting for location creation', {
        endpoint: 'fetchLocationCreateStatus',
        reason: `request ${requestId}`,
      });
    }
    interval = Math.min(maxPollMs, Math.ceil(interval * 1.5));
  }
  throw new TimeoutError('location creation did not complete in time', {
    endpoint: 'fetchLocationCreateStatus',
    reason: `request ${requestId} still "${lastStatus}" after ${Math.round(timeoutMs / 1000)} s; the locations may still appear later`,
    uncertain: true,
  });
}
