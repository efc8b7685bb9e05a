/**
 * The events address (webhooks) or the files address (uploads) down while the main service answers: on the
 * old code the webhook, queued first, was sent again after every probe for ever (its refused connection
 * never counted), nothing queued after it went (the whole drain stopped on its silence and the oldest lane
 * was always tried first), and the banner flipped Offline/Online with each try. The engine runs on a fake
 * clock against a scripted transport and the app's kind of connectivity; the outbox is the real SQLite store.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../../main/api/errors.js';
import { createConnectivity, type Connectivity } from '../../../../main/common/connectivity.js';
import { entryMayHaveArrived } from '../../../../main/outbox/may-have-arrived.js';
import { GAVE_UP_UNSENT, MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine, type SyncEngine, type SyncTransport } from '../../../../main/sync/index.js';
import { rowUpdate, upload, webhook, wellSet } from '../outbox/helpers.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';
import type { Intent } from '../../../../shared/outbox/intents.js';

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};
const refused = (endpoint: 'sendWebhook' | 'storeAndEmbedFiles' | 'fetchLabsheetList' | 'updateManifest') =>
  new NetworkError('could not reach the service', { endpoint, reason: 'connect ECONNREFUSED 10.0.0.9:443' });

describe('another address down while the main service answers', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let engine: SyncEngine | null = null;
  let connectivity: Connectivity;
  /** Each change of the banner's online/offline. */
  let flips: boolean[];
  afterEach(async () => {
    await engine?.stop();
    engine = null;
  });

  function start(transport: SyncTransport): void {
    connectivity = createConnectivity(2, platform.now);
    flips = [];
    connectivity.onChange((online) => flips.push(online));
    engine = createSyncEngine({ outbox: files.outbox, transport, platform, connectivity, probeIntervalMs: 10_000 });
    engine.start();
  }
  /** Ten minutes of a bench left alone: the engine's own wake-ups only, no Sync now. */
  async function tenMinutes(): Promise<void> {
    await settle();
    for (let i = 0; i < 120; i++) {
      platform.advance(5_000);
      await settle();
    }
  }

  it('a webhook whose events address refuses connections gives up, naming it; the well and the row go; the banner stays online', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      sendWebhook: () => {
        throw refused('sendWebhook');
      },
    });
    const [hook, well, row] = files.outbox.enqueueMany([
      webhook(1),
      wellSet('A1', 'S-1'),
      rowUpdate('S-1', { Status: 'thawed' }),
    ]);
    start(transport);
    await tenMinutes();

    const named = (name: string) => calls.filter((c) => c.name === name).length;
    expect(named('sendWebhook')).toBe(MAX_ANSWERED_FAILURES);
    expect(named('updateManifest')).toBeGreaterThan(0);
    expect(named('updateRowsById')).toBe(1);
    expect(files.outbox.get(well!)!.state).toBe('done');
    expect(files.outbox.get(row!)!.state).toBe('done');
    const e = files.outbox.get(hook!)!;
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: GAVE_UP_UNSENT } });
    expect(e.lastError!.message).toContain('the events address (where webhooks go) could not be reached');
    expect(e.lastError!.message).toContain('connect ECONNREFUSED 10.0.0.9:443');
    // A refused connection carried nothing: it is not on the service, so it is Retry, not "unsure".
    expect(entryMayHaveArrived(e)).toBeNull();
    expect(flips).toEqual([]);
    expect(connectivity.online).toBe(true);
  });

  it('while it is held, the lane says so and the queue does not wait for it', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      storeAndEmbedFiles: () => {
        throw refused('storeAndEmbedFiles');
      },
    });
    // A real staged copy: an upload whose copy is gone fails before any request.
    const bytes = Buffer.from('plate image');
    const stagedPath = path.join(files.dir, 'plate.png');
    writeFileSync(stagedPath, bytes);
    const staged = {
      ...upload('plate.png'),
      stagedPath,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    } as Intent;
    const [file] = files.outbox.enqueueMany([staged, wellSet('A1', 'S-1')]);
    connectivity = createConnectivity(2, platform.now);
    engine = createSyncEngine({ outbox: files.outbox, transport, platform, connectivity });
    await engine.syncNow();
    // The upload, the main service asked whether it answers, then the plate's change all the same.
    const names = calls.map((c) => c.name);
    expect(names.slice(0, 2)).toEqual(['storeAndEmbedFiles', 'fetchLabsheetList']);
    expect(names).toContain('updateManifest');
    expect(engine.laneHold(files.outbox.get(file!)!.target)).toMatchObject({ reason: { kind: 'network' } });
    expect(engine.queueHold()).toBeNull();
    expect(files.outbox.counts()).toMatchObject({ pending: 1, done: 1 });
  });

  it('when the main service is silent too, it is offline: nothing counts, nothing gives up', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      sendWebhook: () => {
        throw refused('sendWebhook');
      },
      fetchLabsheetList: () => {
        throw refused('fetchLabsheetList');
      },
      updateManifest: () => {
        throw refused('updateManifest');
      },
    });
    const [hook, well] = files.outbox.enqueueMany([webhook(1), wellSet('A1', 'S-1')]);
    start(transport);
    await tenMinutes();
    expect(files.outbox.get(hook!)).toMatchObject({ state: 'pending', answeredFailures: 0 });
    expect(files.outbox.get(well!)).toMatchObject({ state: 'pending', answeredFailures: 0 });
    expect(connectivity.online).toBe(false);
  });
});
