import { describe, expect, it } from 'vitest';
import { AuthError, NetworkError, RateLimitedError, ServerError, TimeoutError } from '../../../../main/api/errors.js';
import { toOutboxError } from '../../../../main/outbox/index.js';
import { classify, elsewhereUnanswered, gaveUp, MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { shownError, shownErrorLine } from '../../../../shared/outbox-words/shown-error.js';

/**
 * An error in the words every screen says it: from the client's real error, through the sync's classify
 * (and gaveUp after its last answered try), to the Outbox's line.
 */
const line = (err: Error, giveUp = false, mayHaveApplied = true): string => {
  const c = classify(err, 1);
  if (!c.error) throw new Error('classify kept no error');
  return shownErrorLine(shownError(toOutboxError(giveUp ? gaveUp(c, MAX_ANSWERED_FAILURES, mayHaveApplied) : c.error)));
};

/**
 * On the old code a change that gave up read "… Last: updateManifest: Server error (HTTP 503) — Operation
 * failed. (503)": the client's endpoint name, and the status twice; a missing permission read "… (HTTP 403,
 * "Missing Authentication Token"). Ask a Super Admin, or discard it. (403)".
 */
describe('a failure says its status once, in words the bench reads', () => {
  const e503 = () =>
    new ServerError('Server error', { endpoint: 'updateManifest', status: 503, serverMessage: 'Operation failed' });

  it('a change that gave up after repeated 503s names the last answer in the service’s words', () => {
    const said = line(e503(), true);
    expect(said).toBe(
      'Stopped after 8 failed attempts: the service answered each with an error. Last: the service said ' +
        '"Operation failed" (HTTP 503).',
    );
    expect(said).not.toContain('updateManifest');
    expect(said.match(/503/g)).toHaveLength(1);
  });

  it('one that gave up after timeouts says so once, without a "Last:" that repeats it', () => {
    const said = line(new TimeoutError('Timed out', { endpoint: 'updateManifest' }), true);
    expect(said).toBe('Stopped after 8 failed attempts: the service was reachable; this got no answer in time.');
  });

  it('one that gave up after its connection was dropped each time says so once', () => {
    const err = new NetworkError('could not reach the service', {
      endpoint: 'updateRowsById',
      reason: 'socket hang up',
      sentUnanswered: true,
    });
    expect(line(err, true)).toBe(
      'Stopped after 8 failed attempts: the service was reachable; the connection was dropped each time after ' +
        'this was sent.',
    );
  });

  it('one that gave up with no words from the service names the status alone', () => {
    const said = line(new ServerError('Server error', { endpoint: 'updateRowsById', status: 502 }), true);
    expect(said).toMatch(/Last: HTTP 502\.$/);
    expect(said.match(/502/g)).toHaveLength(1);
  });

  it('one that gave up after 429s alone says it is not on the service, with the service’s words once', () => {
    const err = new RateLimitedError('rate limited', {
      endpoint: 'updateManifest',
      status: 429,
      serverMessage: 'Too many requests',
    });
    expect(line(err, true, false)).toBe(
      'Stopped after 8 failed attempts: the service asked to slow down each time (too many requests). ' +
        'Last: the service said "Too many requests" (HTTP 429). None of these tries was taken, so it is not on ' +
        'the service: Retry later.',
    );
  });

  it('a webhook that gave up because its events address could not be reached names that address and the field to check', () => {
    const err = new NetworkError('could not reach the service', {
      endpoint: 'sendWebhook',
      reason: 'connect ECONNREFUSED 10.0.0.5:443',
    });
    const c = elsewhereUnanswered(classify(err, 1), 'events');
    expect(shownErrorLine(shownError(toOutboxError(gaveUp(c, MAX_ANSWERED_FAILURES, false))))).toBe(
      'Stopped after 8 failed attempts: the events address (where webhooks go) could not be reached each time, ' +
        'while the main service answered. Last: "connect ECONNREFUSED 10.0.0.5:443". It is not on the service. ' +
        'Check the Events URL in Settings (or ask whoever runs that address), then Retry.',
    );
  });

  it('a missing permission says its 403 once', () => {
    const err = new AuthError('Forbidden', {
      endpoint: 'removeFolderPermissions',
      status: 403,
      serverMessage: 'Missing Authentication Token',
    });
    const said = line(err);
    expect(said).toMatch(/^Needs Super Admin permission: .*Ask a Super Admin, or discard it\.$/);
    expect(said.match(/403/g)).toHaveLength(1);
  });

  it('a single 503 still says the service’s words with its status after ours', () => {
    expect(line(e503())).toBe('The service had an error. The service said: Operation failed (503)');
  });
});
