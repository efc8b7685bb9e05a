/**
 * The offline probe answered with the token refused: it is an answer (the service is back), and a refusal.
 * On the old code the probe reported any answer as 'ok', which cleared the token's refusal in the connection
 * monitor, and the app resumed the queue paused for it: it sent again with the token refused. Fake clock,
 * scripted transport, the real SQLite outbox, the real connectivity with its reports recorded.
 */
import { describe, expect, it } from 'vitest';
import { AuthError } from '../../../../main/api/errors.js';
import { createConnectivity, type CallOutcome, type Connectivity } from '../../../../main/common/connectivity.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { assign } from '../outbox/helpers.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

/** The app's one connectivity, every report kept in order. */
function recorded(now: () => number): Connectivity & { reports: CallOutcome[] } {
  const inner = createConnectivity(2, now);
  const reports: CallOutcome[] = [];
  return {
    reports,
    get online() {
      return inner.online;
    },
    get known() {
      return inner.known;
    },
    get offlineSince() {
      return inner.offlineSince;
    },
    report(outcome) {
      reports.push(outcome);
      inner.report(outcome);
    },
    onChange: (l) => inner.onChange(l),
  };
}

describe('the offline probe answered with the token refused', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);

  for (const [said, status, serverMessage, expected] of [
    ['401 (token refused)', 401, undefined, 'auth'],
    [
      '403 "Missing Authentication Token" (token not received)',
      403,
      'Missing Authentication Token',
      'token-not-received',
    ],
  ] as const) {
    it(`reports the ${said} as such, never 'ok', and the service as back online`, async () => {
      const connectivity = recorded(platform.now);
      const refusal = () =>
        new AuthError('the token was refused', {
          endpoint: 'fetchLabsheetList',
          status,
          ...(serverMessage ? { serverMessage } : {}),
        });
      const transport = fakeTransport([], {
        assignLocation: () => {
          throw new AuthError('the token was refused', { endpoint: 'assignLocation', status: 401 });
        },
        fetchLabsheetList: () => {
          throw refusal();
        },
      });
      files.outbox.enqueue(assign('T1', undefined));
      const engine = createSyncEngine({
        outbox: files.outbox,
        transport,
        platform,
        connectivity,
        probeIntervalMs: 1_000,
      });
      await engine.syncNow();
      expect(engine.status().paused).toBe('token-needed');
      // The network goes (the screens' reads got no answer), then the probe finds the service again.
      connectivity.report('network');
      connectivity.report('network');
      expect(connectivity.online).toBe(false);
      const before = connectivity.reports.length;
      platform.advance(1_000);
      await settle();
      await engine.stop();

      expect(connectivity.online).toBe(true);
      // On the old code: ['ok'], and the monitor took the token for accepted.
      expect(connectivity.reports.slice(before)).toEqual([expected]);
    });
  }

  it('an answer that is no refusal of the token is still reported as one (the service is back)', async () => {
    const connectivity = recorded(platform.now);
    let listed = 0;
    const transport = fakeTransport([], {
      fetchLabsheetList: () => {
        listed += 1;
        return { items: [], total: 0, success: true };
      },
    });
    const engine = createSyncEngine({
      outbox: files.outbox,
      transport,
      platform,
      connectivity,
      probeIntervalMs: 1_000,
    });
    engine.start();
    await settle();
    connectivity.report('network');
    connectivity.report('network');
    const before = connectivity.reports.length;
    platform.advance(1_000);
    await settle();
    await engine.stop();
    expect(listed).toBe(1);
    expect(connectivity.reports.slice(before)).toEqual(['ok']);
    expect(connectivity.online).toBe(true);
  });
});
