import { afterEach } from 'vitest';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { outboxPerTest } from './outbox-per-test.js';

/**
 * A fresh outbox on a fake clock for each test of the suite it is called in, and the sync engine a test
 * starts over it (`engine(transport)`), stopped after the test.
 */
export function enginePerTest() {
  const platform = fakePlatform();
  const o = outboxPerTest(platform.now);
  let running: SyncEngine | null = null;
  afterEach(async () => {
    await running?.stop();
    running = null;
  });
  return {
    platform,
    o,
    engine(transport: SyncEngineOptions['transport'], more: Partial<SyncEngineOptions> = {}): SyncEngine {
      running = createSyncEngine({ outbox: o.outbox, transport, platform, ...more });
      return running;
    },
  };
}
