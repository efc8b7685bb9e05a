/**
 * A lane's backoff was earned on one service: after a switch to another, the lane of the same name
 * there (a labsheet called Samples on both) has never failed, and its changes go at once. Two real
 * sandboxes behind fault proxies; the outbox and the engine see the switch as main/app.ts wires it.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../main/outbox/index.js';
import { createSyncEngine, type SyncEngine, type SyncTransport } from '../../../main/sync/index.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { clientFor, serverRow, startSandboxAndProxy, until } from './stack.js';

const note = (id: string, text: string): Intent => ({
  type: 'row-update',
  labsheet: 'Samples',
  idColumn: 'Sample ID',
  id,
  changes: { Notes: text },
});

describe('lane backoff after a connection switch', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('a lane the old service failed does not hold the same-named lane of the new service', async () => {
    const a = await startSandboxAndProxy();
    const b = await startSandboxAndProxy();
    cleanups.push(async () => {
      for (const x of [a, b]) {
        await x.proxy.close();
        await x.sandbox.close();
      }
    });
    const clients = {
      A: clientFor(a.proxy.url, { value: a.sandbox.demoToken }),
      B: clientFor(b.proxy.url, { value: b.sandbox.demoToken }),
    };
    let service: 'A' | 'B' = 'A';
    // The engine calls whichever service is in use, as main's live transport resolves it per request.
    const transport = new Proxy({} as SyncTransport, {
      get: (_t, key) => Reflect.get(clients[service], key),
    });
    const temp = tempDir('sync-lanes-service-');
    cleanups.push(() => temp.cleanup());
    const outbox: Outbox = createOutbox({
      path: path.join(temp.dir, 'outbox.db'),
      now: Date.now,
      service: () => service,
    });
    cleanups.push(() => outbox.close());
    // A backoff long enough to see who waits for it: between 2 and 4 s on the first failure.
    const engine: SyncEngine = createSyncEngine({
      outbox,
      transport,
      backoff: { baseMs: 4_000, maxMs: 4_000 },
      kickDelayMs: 5,
    });
    cleanups.push(() => engine.stop());

    a.proxy.setFaults([{ path: '/labsheets/update-rows-by-id', fault: { kind: 'status', status: 503 } }]);
    engine.start();
    outbox.enqueue(note('S-0001', 'for A'));
    await until(() => a.proxy.requests.some((r) => r.path === '/labsheets/update-rows-by-id'), 5_000, 'A tried');
    await until(() => engine.status().nextRetryAt !== null, 5_000, "A's lane backing off");

    service = 'B';
    const queuedAt = Date.now();
    const id = outbox.enqueue(note('S-0002', 'for B'));
    await until(() => outbox.get(id)!.state === 'done', 5_000, "B's row update sent");
    expect(Date.now() - queuedAt).toBeLessThan(1_500);
    expect(serverRow(b.sandbox, 'Samples', 'S-0002')!.byName['Notes']).toBe('for B');
  });
});
