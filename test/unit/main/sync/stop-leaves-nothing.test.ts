/**
 * stop() leaves no timer behind and says nothing false about the network: the engine is rebuilt when
 * the connection settings change, and the connectivity it reports into is the app's one state.
 */
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../../../main/api/errors.js';
import { createConnectivity } from '../../../../main/common/connectivity.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const flush = () => new Promise((r) => setImmediate(r));

describe('sync engine stop', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);

  it('clears the timers of a location request it was following', async () => {
    const create: Intent = { type: 'location-create', request: { locations: [{ name: 'Freezer 3' }] } };
    files.outbox.enqueue(create);
    const transport = fakeTransport([], {
      fetchLocationCreateStatus: () => ({ success: true, requestId: 'r', status: 'PENDING', message: '' }),
    });
    const engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    await engine.syncNow();
    await flush();
    expect(platform.pending()).toBeGreaterThan(0);
    await engine.stop();
    expect(platform.pending()).toBe(0);
  });

  it('a probe cut short by stop() does not report the service reachable', async () => {
    const connectivity = createConnectivity(1);
    connectivity.report('network');
    let probed = false;
    const transport = fakeTransport([], {
      // The probe hangs (no answer yet) until stop() aborts it, as a request to a dead host does.
      fetchLabsheetList: (() => {
        probed = true;
        return new Promise((_, reject) =>
          setTimeout(() => reject(new CancelledError('cancelled', { endpoint: 'fetchLabsheetList' })), 5),
        );
      }) as never,
    });
    const engine = createSyncEngine({ outbox: files.outbox, transport, platform, connectivity, probeIntervalMs: 1000 });
    engine.start();
    platform.advance(1000);
    expect(probed).toBe(true);
    await engine.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(connectivity.online).toBe(false);
  });
});
