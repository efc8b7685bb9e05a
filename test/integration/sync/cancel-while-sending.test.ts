/**
 * An undo cancels what has not left. The engine lists a plate's pending changes, then reads the plate
 * back before writing (plate-check.ts): a change cancelled during that read must not go out with the
 * rest, nor be marked done afterwards. (Seen in the well-fill e2e test: undo → redo → undo, and the
 * tube was on the server while the screen showed the well empty.)
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../main/outbox/index.js';
import { createSyncEngine, type SyncEngine } from '../../../main/sync/index.js';
import type { SyncTransport } from '../../../main/sync/transport.js';
import type { PlateBasis } from '../../../shared/outbox/intents.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { clientFor, serverWell, startSandboxAndProxy, until } from './stack.js';

type Started = Awaited<ReturnType<typeof startSandboxAndProxy>>;

describe('a cancel while the engine reads the plate back', () => {
  let temp: ReturnType<typeof tempDir>;
  let started: Started;
  let outbox: Outbox;
  let engine: SyncEngine;
  /** Resolves the held read-back; `reading` turns true once the engine is waiting on it. */
  let release: () => void;
  let reading = false;

  beforeEach(async () => {
    temp = tempDir('cancel-race-');
    started = await startSandboxAndProxy();
    const client = clientFor(started.proxy.url, { value: started.sandbox.demoToken });
    const gate = new Promise<void>((resolve) => (release = resolve));
    reading = false;
    // The real client, with the engine's plate read held until the test has cancelled.
    const transport: SyncTransport = {
      ...client,
      async fetchManifestMetadata(...args) {
        reading = true;
        await gate;
        return client.fetchManifestMetadata(...args);
      },
    };
    outbox = createOutbox({ path: path.join(temp.dir, 'outbox.db'), now: Date.now });
    engine = createSyncEngine({ outbox, transport, backoff: { baseMs: 20, maxMs: 200 }, kickDelayMs: 5 });
  });
  afterEach(async () => {
    release(); // a failed test must not leave the engine waiting on the gate
    await engine.stop();
    outbox.close();
    await started.proxy.close();
    await started.sandbox.close();
    temp.cleanup();
  });

  /** A tube into a well of PL-0002, as well fill queues it (with the plate as the bench saw it). */
  const queue = (position: string, sample: string, basis: PlateBasis) =>
    outbox.enqueue({
      type: 'well-set',
      manifest: { hrid: 'PL-0002' },
      position,
      sample: { id: sample, labsheet: 'Samples' },
      label: 'SAMPLE',
      tags: [],
      basis,
    });

  /** Drains the queue; the user's undo cancels `id` while the engine waits on the plate's read-back. */
  async function syncCancellingDuringReadBack(id: number): Promise<void> {
    const draining = engine.syncNow();
    await until(() => reading, 5_000, 'the plate read-back');
    expect(outbox.cancel(id)).toBe(true);
    release();
    await draining;
  }

  async function basisOf(hrid: string): Promise<PlateBasis> {
    const client = clientFor(started.sandbox.url, { value: started.sandbox.demoToken });
    const m = await client.fetchManifestMetadata({ hrid });
    return { lastUpdate: m.lastUpdate ?? null, emptySpaces: m.emptySpaces ?? null };
  }

  it('the cancelled change stays cancelled and never reaches the service; the others go', async () => {
    const basis = await basisOf('PL-0002');
    const keep = queue('A1', 'S-0101', basis);
    const undone = queue('A2', 'S-0102', basis);
    await syncCancellingDuringReadBack(undone);

    expect(outbox.get(keep)?.state).toBe('done');
    expect(outbox.get(undone)?.state).toBe('cancelled');
    expect(serverWell(started.sandbox, 'PL-0002', 'A1')?.sampleId).toBe('S-0101');
    expect(serverWell(started.sandbox, 'PL-0002', 'A2')?.sampleId ?? null).toBeNull();
  });

  it('when every listed change was cancelled, nothing is written', async () => {
    const basis = await basisOf('PL-0002');
    const only = queue('A3', 'S-0103', basis);
    await syncCancellingDuringReadBack(only);

    expect(outbox.get(only)?.state).toBe('cancelled');
    expect(started.proxy.requests.filter((r) => r.path === '/manifest/update')).toHaveLength(0);
    expect(serverWell(started.sandbox, 'PL-0002', 'A3')?.sampleId ?? null).toBeNull();
  });

  it('on a plate changed elsewhere, the cancelled change stays cancelled; only the others wait for a look', async () => {
    const basis = await basisOf('PL-0002');
    // Another bench fills a well after this bench's plate was read.
    const elsewhere = clientFor(started.sandbox.url, { value: started.sandbox.demoToken });
    await elsewhere.updateManifest({
      hrid: 'PL-0002',
      plate: { wells: [{ position: 'H12', sample: { id: 'S-0200', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }] },
    });
    const held = queue('A4', 'S-0104', basis);
    const undone = queue('A5', 'S-0105', basis);
    await syncCancellingDuringReadBack(undone);

    expect(outbox.get(held)?.state).toBe('failed');
    expect(outbox.get(held)?.lastError?.kind).toBe('plate-changed');
    expect(outbox.get(undone)?.state).toBe('cancelled');
  });
});
