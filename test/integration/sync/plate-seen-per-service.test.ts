/**
 * The last reading of a plate this computer recorded belongs to the service it was read from. Two
 * services each have a plate PL-0001 (the demo lab on both); after a switch, the queued changes for one
 * must be checked against that service's plate and readings only. Two real sandboxes over HTTP, the
 * outbox on disk, the sync engine sending to whichever service is in use (as the app's live transport).
 *
 * Both sandboxes run on one fixed clock, so their plates' `lastUpdate` is the same text and only
 * `emptySpaces` tells the plates apart: the case where a reading of one plate can pass for the other.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabClient } from '../../../main/api/index.js';
import { createOutbox, type Outbox } from '../../../main/outbox/index.js';
import { startSandbox, type SandboxHandle } from '../../../main/sandbox/server.js';
import { createSyncEngine, type SyncEngine } from '../../../main/sync/index.js';
import { SYNC_ENDPOINTS, type SyncTransport } from '../../../main/sync/transport.js';
import type { Intent, PlateBasis } from '../../../shared/outbox/intents.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { clientFor } from './stack.js';

type Name = 'A' | 'B';
const FIXED = Date.parse('2026-11-25T09:00:00Z');

describe('the plate reading of one service is never compared with another service', () => {
  let temp: ReturnType<typeof tempDir>;
  let services: Record<Name, { sandbox: SandboxHandle; client: LabClient }>;
  let current: Name;
  let outbox: Outbox;
  let engine: SyncEngine;

  beforeEach(async () => {
    temp = tempDir('plate-seen-');
    const start = async () => {
      const sandbox = await startSandbox({
        port: 0,
        mode: 'v2',
        locationDelayMs: 0,
        answers: { profile: 'spec' },
        clock: () => FIXED,
      });
      return { sandbox, client: clientFor(sandbox.url, { value: sandbox.demoToken }) };
    };
    services = { A: await start(), B: await start() };
    current = 'A';
    outbox = createOutbox({ path: path.join(temp.dir, 'outbox.db'), now: Date.now, service: () => current });
    // As the app's live transport: every call goes to the service in use at that moment.
    const transport = Object.fromEntries(
      SYNC_ENDPOINTS.map((n) => [
        n,
        (...args: unknown[]) => (services[current].client[n] as (...a: unknown[]) => Promise<unknown>)(...args),
      ]),
    ) as unknown as SyncTransport;
    engine = createSyncEngine({ outbox, transport, backoff: { baseMs: 20, maxMs: 200 }, kickDelayMs: 5 });
  });
  afterEach(async () => {
    await engine.stop();
    outbox.close();
    await services.A.sandbox.close();
    await services.B.sandbox.close();
    temp.cleanup();
  });

  /** The plate as a bench opens it on a service: what its changes are made against. */
  async function opened(on: Name): Promise<PlateBasis> {
    const m = await services[on].client.fetchManifestMetadata({ hrid: 'PL-0001' });
    return { lastUpdate: m.lastUpdate ?? null, emptySpaces: m.emptySpaces ?? null };
  }
  const fill = (position: string, n: number, basis: PlateBasis): Intent => ({
    type: 'well-set',
    manifest: { hrid: 'PL-0001' },
    position,
    sample: { id: `S-${String(n).padStart(4, '0')}`, labsheet: 'Samples' },
    label: '',
    tags: [],
    basis,
  });
  /** Another bench fills a well of the plate on that service. */
  const elsewhere = (on: Name, position: string) =>
    services[on].client.updateManifest({
      hrid: 'PL-0001',
      plate: { wells: [{ position, sample: { id: 'S-0090', labsheet: 'Samples' }, tags: [], label: '' }] },
    });
  const wellOn = (on: Name, position: string) => {
    const m = services[on].sandbox.store.manifests.find('hrid', 'PL-0001')!;
    return services[on].sandbox.store.manifests.well(m.uuid, position)?.sampleId ?? null;
  };

  it("a plate changed at another bench is held, even when it now looks like the other service's plate did", async () => {
    // On A: a tube into E1; this computer records A's plate after its write (one more well used).
    const a = outbox.enqueue(fill('E1', 31, await opened('A')));
    await engine.syncNow();
    expect(outbox.get(a)!.state).toBe('done');

    // Switch to B. The bench opens B's PL-0001 (as A's was), scans a tube into E2; before it is sent,
    // another bench fills F1 on B, so B's plate now reads exactly as A's did after this computer's write.
    current = 'B';
    const b = outbox.enqueue(fill('E2', 32, await opened('B')));
    await elsewhere('B', 'F1');
    await engine.syncNow();

    expect(outbox.get(b)).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
    expect(wellOn('B', 'E2')).toBeNull();
  });

  it("changes for one service are not held because the other service's plate differs", async () => {
    // On B: two tubes scanned on the plate as opened; the first goes, the second waits (queued after
    // the sync), so its basis is the plate before this computer's own write.
    current = 'B';
    const onB = await opened('B');
    outbox.enqueue(fill('E1', 31, onB));
    await engine.syncNow();
    const waiting = outbox.enqueue(fill('E2', 32, onB));

    // Meanwhile the user switches to A and fills two wells there; then back to B.
    current = 'A';
    const onA = await opened('A');
    outbox.enqueueMany([fill('G1', 41, onA), fill('G2', 42, onA)]);
    await engine.syncNow();
    current = 'B';
    await engine.syncNow();

    // B's plate is as this computer left it: nothing to look at.
    expect(outbox.get(waiting)!.state).toBe('done');
    expect(wellOn('B', 'E2')).toBe('S-0032');
  });

  it("Send anyway on a held change waiting for the other service sends nothing of this service's", async () => {
    // Held on A: another bench filled F1 after the plate was opened.
    const onA = await opened('A');
    await elsewhere('A', 'F1');
    const heldOnA = outbox.enqueue(fill('E1', 31, onA));
    await engine.syncNow();
    expect(outbox.get(heldOnA)!.lastError?.kind).toBe('plate-changed');
    // The same on B, for the plate of the same name there.
    current = 'B';
    const onB = await opened('B');
    await elsewhere('B', 'F1');
    const heldOnB = outbox.enqueue(fill('E2', 32, onB));
    await engine.syncNow();
    expect(outbox.get(heldOnB)!.lastError?.kind).toBe('plate-changed');

    // While B is in use, the user presses Send anyway on A's change (listed as waiting for A).
    expect(engine.retry(heldOnA)).toBe(true);
    await engine.syncNow();

    expect(outbox.get(heldOnB)!.state).toBe('failed');
    expect(wellOn('B', 'E2')).toBeNull();
    expect(outbox.get(heldOnA)!.state).toBe('pending');
  });
});
