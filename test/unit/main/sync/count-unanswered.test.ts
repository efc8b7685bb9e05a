import { describe, expect, it } from 'vitest';
import { mapTransportError } from '../../../../main/api/map-error.js';
import { classify, countUnanswered } from '../../../../main/sync/classify.js';

/**
 * Which silences count toward an entry's bound of failed attempts: from a got-shaped failure through the
 * client's own mapping and the sync's classify. A request that left and got no answer while the service
 * answers the rest counts (its own problem); one that never left, or any silence offline, counts nothing.
 */
const ctx = { endpoint: 'updateRowsById' as const, idempotent: true, token: null };
const failure = (code: string, uploaded: boolean) =>
  Object.assign(new Error(`${code} from the socket`), { code, ...(uploaded ? { timings: { upload: 12 } } : {}) });
const counted = (err: unknown, reachable: boolean) =>
  countUnanswered(classify(mapTransportError(ctx, err, undefined), 1), reachable).answered;

describe('a silence counted toward the bound', () => {
  it('a connection reset after the whole request left, while the service is reachable, counts', () => {
    expect(counted(failure('ECONNRESET', true), true)).toBe(true);
  });

  it('the same reset while the service is not reachable (offline) counts nothing', () => {
    expect(counted(failure('ECONNRESET', true), false)).toBe(false);
  });

  it('a reset before the request had left counts nothing: nothing was sent', () => {
    expect(counted(failure('ECONNRESET', false), true)).toBe(false);
  });

  it('a refused connection counts nothing even when got recorded an upload', () => {
    expect(counted(failure('ECONNREFUSED', true), true)).toBe(false);
  });

  it('a timeout while reachable still counts, sent or not', () => {
    expect(counted(failure('ETIMEDOUT', false), true)).toBe(true);
  });

  it('a dropped connection stays a network failure (offline detection still hears it)', () => {
    const c = classify(mapTransportError(ctx, failure('ECONNRESET', true), undefined), 1);
    expect(c).toMatchObject({ network: true, sentUnanswered: true, action: 'transient', uncertain: false });
  });
});
