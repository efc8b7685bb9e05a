/**
 * A retry of an old failed entry must not land over newer changes to the same tube or well that went
 * while it stood failed. The engine runs on a fake clock against a scripted transport that keeps what
 * a service would hold; the outbox is the real SQLite store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerError } from '../../../../main/api/errors.js';
import { mapHttpError } from '../../../../main/api/map-error.js';
import type { Outbox } from '../../../../main/outbox/index.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport } from './fake-transport.js';
import { assign, wellSet } from '../outbox/helpers.js';
import { outboxPerTest } from './outbox-per-test.js';

type AssignRequest = { locationId: string; assignments: { id: string; position?: string }[] };
type ManifestRequest = { plate: { wells?: { position: string; sample: { id: string } | null }[] } };

describe('retrying an old failed entry after newer changes went', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  let engine: SyncEngine;
  /** Where the service has each tube, and what is in each well. */
  let tubes: Map<string, string>;
  let wells: Map<string, string>;
  let refuse: boolean;
  const refused = (endpoint: 'assignLocation' | 'updateManifest') =>
    mapHttpError({ endpoint, idempotent: true, token: null }, 422, '{"message":"Location is locked"}', undefined);
  beforeEach(() => {
    outbox = files.outbox;
    tubes = new Map();
    wells = new Map();
    refuse = true;
    const transport = fakeTransport([], {
      assignLocation: (r: AssignRequest) => {
        if (refuse) throw refused('assignLocation');
        for (const a of r.assignments) tubes.set(a.id, `${r.locationId}:${a.position ?? ''}`);
        return { success: true, assignedPositions: r.assignments };
      },
      updateManifest: (r: ManifestRequest) => {
        if (refuse) throw refused('updateManifest');
        for (const w of r.plate.wells ?? []) wells.set(w.position, w.sample?.id ?? '');
        return { success: true };
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
  });
  afterEach(() => engine.stop());

  it('a tube moved to another box since is not moved back', async () => {
    const old = outbox.enqueue(assign('TB1', 'A1', 'BOX-1'));
    await engine.syncNow();
    expect(outbox.get(old)!.state).toBe('failed');
    refuse = false;
    const newer = outbox.enqueue(assign('TB1', 'C3', 'BOX-2'));
    await engine.syncNow();
    expect(outbox.get(newer)!.state).toBe('done');

    engine.retry(old);
    await engine.syncNow();
    expect(tubes.get('TB1')).toBe('BOX-2:C3');
    expect(outbox.get(old)).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });
  });

  it('a tube put in another position of the same box since stays there', async () => {
    const old = outbox.enqueue(assign('TB1', 'A1', 'BOX-1'));
    await engine.syncNow();
    refuse = false;
    outbox.enqueue(assign('TB1', 'B2', 'BOX-1'));
    await engine.syncNow();
    engine.retry(old);
    await engine.syncNow();
    expect(tubes.get('TB1')).toBe('BOX-1:B2');
  });

  it('a well filled again since keeps its newer sample', async () => {
    const old = outbox.enqueue(wellSet('A1', 'S-OLD'));
    await engine.syncNow();
    expect(outbox.get(old)!.state).toBe('failed');
    refuse = false;
    outbox.enqueue(wellSet('A1', 'S-NEW'));
    await engine.syncNow();
    engine.retry(old);
    await engine.syncNow();
    expect(wells.get('A1')).toBe('S-NEW');
  });

  it('a retry that nothing newer touches is sent', async () => {
    const old = outbox.enqueue(assign('TB1', 'A1', 'BOX-1'));
    await engine.syncNow();
    refuse = false;
    outbox.enqueue(assign('TB2', 'A2', 'BOX-1'));
    await engine.syncNow();
    engine.retry(old);
    await engine.syncNow();
    expect(outbox.get(old)!.state).toBe('done');
    expect(tubes.get('TB1')).toBe('BOX-1:A1');
  });
  it("a tube's older assignment whose box the service failed once still goes before its newer one", async () => {
    refuse = false;
    let failBox1 = true;
    const transport = fakeTransport([], {
      assignLocation: (r: AssignRequest) => {
        if (r.locationId === 'BOX-1' && failBox1) {
          failBox1 = false;
          throw new ServerError('the service failed', { endpoint: 'assignLocation', status: 500 });
        }
        for (const a of r.assignments) tubes.set(a.id, `${r.locationId}:${a.position ?? ''}`);
        return { success: true, assignedPositions: r.assignments };
      },
    });
    await engine.stop();
    engine = createSyncEngine({ outbox, transport, platform });
    const [older, newer] = outbox.enqueueMany([assign('TB1', 'A1', 'BOX-1'), assign('TB1', 'C3', 'BOX-2')]);
    await engine.syncNow();
    platform.advance(60_000);
    await engine.syncNow();
    expect([outbox.get(older!)!.state, outbox.get(newer!)!.state]).toEqual(['done', 'done']);
    expect(tubes.get('TB1')).toBe('BOX-2:C3');
  });
});
