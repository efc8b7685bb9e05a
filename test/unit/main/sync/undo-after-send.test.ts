/**
 * An undo (Ctrl+Z in well fill) cancels only what never left; what was tried may be on the service
 * and gets the opposite change. The engine runs on a fake clock against a scripted transport that
 * keeps what a service would hold; the outbox is the real SQLite store.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ServerError } from '../../../../main/api/errors.js';
import type { Outbox } from '../../../../main/outbox/index.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport } from './fake-transport.js';
import { wellRemove, wellSet } from '../outbox/helpers.js';
import { outboxPerTest } from './outbox-per-test.js';

type ManifestRequest = {
  plate: { wells?: { position: string; sample: { id: string } | null }[]; removeFromWells?: { position: string }[] };
};

describe('undo of a well change that was already tried', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });

  /** Ctrl+Z as renderer/workflows/well-fill/well-fill-undo.ts WellFillHistory.undo does it. */
  function undo(id: number): boolean {
    const gone = outbox.undoMany([id]).cancelled;
    if (!gone.includes(id)) outbox.enqueue(wellRemove('A1', ['SAMPLE']));
    return gone.includes(id);
  }

  it('a change the service applied but whose answer was lost is not cancelled: the opposite change empties the well', async () => {
    const server = new Map<string, string>();
    let loseAnswer = true;
    const transport = fakeTransport([], {
      updateManifest: (r: ManifestRequest) => {
        for (const w of r.plate.removeFromWells ?? []) server.delete(w.position);
        for (const w of r.plate.wells ?? []) server.set(w.position, w.sample?.id ?? '');
        // Applied, then the gateway gave up on the answer.
        if (loseAnswer) throw new ServerError('the service failed', { endpoint: 'updateManifest', status: 504 });
        return { success: true };
      },
    });
    const id = outbox.enqueue(wellSet('A1', 'S-1'));
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(server.get('A1')).toBe('S-1');
    expect(outbox.get(id)).toMatchObject({ state: 'pending', attempts: 1 });

    expect(undo(id)).toBe(false);
    loseAnswer = false;
    platform.advance(60_000);
    await engine.syncNow();
    expect(server.has('A1')).toBe(false);
    expect(outbox.counts()).toMatchObject({ pending: 0, failed: 0 });
    await engine.stop();
  });

  it('a change never tried is cancelled and never sent', async () => {
    const server = new Map<string, string>();
    const transport = fakeTransport([], {
      updateManifest: (r: ManifestRequest) => {
        for (const w of r.plate.wells ?? []) server.set(w.position, w.sample?.id ?? '');
        return { success: true };
      },
    });
    const id = outbox.enqueue(wellSet('A1', 'S-1'));
    expect(undo(id)).toBe(true);
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(id)!.state).toBe('cancelled');
    expect(server.size).toBe(0);
    await engine.stop();
  });
});
