/**
 * A 403 in the service's own words to a request that carried the token refuses that entry alone: the
 * spec leaves token scopes open, so a token may reach some endpoints and not others. Only a 401, or
 * the spec's "Missing Authentication Token", pauses the queue for a token.
 */
import { describe, expect, it } from 'vitest';
import { mapHttpError } from '../../../../main/api/map-error.js';
import type { SyncEngine } from '../../../../main/sync/index.js';
import { createConnectivity, type CallOutcome, type Connectivity } from '../../../../main/common/connectivity.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { rowUpdate } from '../outbox/helpers.js';
import { enginePerTest } from './engine-per-test.js';
import { fakeTransport, type Calls } from './fake-transport.js';

const link: Intent = {
  type: 'labflow-link',
  request: { labflowId: 'LF-1', protocoltemplateId: 'PT-1', sampleUuids: ['s-1'] },
};
const answer = (status: number, message: string) => () => {
  throw mapHttpError(
    { endpoint: 'linkSamplesToTest', idempotent: false, token: 't0k3n' },
    status,
    JSON.stringify({ message }),
    undefined,
  );
};

describe('a 403 on one endpoint', () => {
  const { platform, o, engine: start } = enginePerTest();
  let engine: SyncEngine;

  it('"User is not authorized" refuses the labflow link alone, in the service’s words; the row updates go', async () => {
    const calls: Calls = [];
    const [linkId, ...rowIds] = o.outbox.enqueueMany([
      link,
      rowUpdate('S-1', { Volume: '1' }),
      rowUpdate('S-2', { Volume: '2' }),
      rowUpdate('S-3', { Volume: '3' }),
    ]);
    const transport = fakeTransport(calls, {
      linkSamplesToTest: answer(403, 'User is not authorized to access this resource'),
    });
    engine = start(transport);
    await engine.syncNow();
    expect(engine.status().paused).toBeNull();
    const refused = o.outbox.get(linkId!)!;
    expect(refused).toMatchObject({ state: 'failed', lastError: { kind: 'permission', status: 403 } });
    expect(refused.lastError?.message).toContain('User is not authorized to access this resource');
    expect(refused.lastError?.message).not.toMatch(/Super Admin/);
    for (const id of rowIds) expect(o.outbox.get(id)!.state).toBe('done');
    // A request per value (row-change-sets.ts): the three rows set Volume each otherwise.
    expect(calls.filter((c) => c.name === 'updateRowsById')).toHaveLength(3);
  });

  /** What the engine tells the app's connection state (the token banner reads it), in order. */
  function told(): { connectivity: Connectivity; outcomes: CallOutcome[] } {
    const connectivity = createConnectivity(2, platform.now);
    const outcomes: CallOutcome[] = [];
    const report = connectivity.report.bind(connectivity);
    connectivity.report = (outcome) => {
      outcomes.push(outcome);
      report(outcome);
    };
    return { connectivity, outcomes };
  }

  it('the spec’s "Missing Authentication Token" still pauses the queue, told as a token that did not arrive', async () => {
    const [linkId, rowId] = o.outbox.enqueueMany([link, rowUpdate('S-1', { Volume: '1' })]);
    const transport = fakeTransport([], { linkSamplesToTest: answer(403, 'Missing Authentication Token') });
    const { connectivity, outcomes } = told();
    engine = start(transport, { connectivity });
    await engine.syncNow();
    expect(engine.status().paused).toBe('token-needed');
    expect(outcomes).toContain('token-not-received');
    expect(outcomes).not.toContain('auth');
    expect(o.outbox.get(linkId!)!.state).toBe('pending');
    expect(o.outbox.get(rowId!)!.state).toBe('pending');
  });

  it('a 401 in any words still pauses the queue', async () => {
    o.outbox.enqueueMany([link]);
    const transport = fakeTransport([], {
      linkSamplesToTest: answer(401, 'User is not authorized to access this resource'),
    });
    const { connectivity, outcomes } = told();
    engine = start(transport, { connectivity });
    await engine.syncNow();
    expect(engine.status().paused).not.toBeNull();
    expect(outcomes).toContain('auth');
    expect(outcomes).not.toContain('token-not-received');
  });
});
