import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../main/cache/index.js';
import { ownViewStands } from '../../../main/plate-record/record-view.js';
import { plateAsLeftHere } from '../../../main/cache/plate-left-here.js';
import type { CachedManifest } from '../../../shared/ipc/channels/cache.js';
import type { PlateBasis } from '../../../shared/outbox/intents.js';
import { plateLaneOf } from '../../../shared/outbox/intent-meta.js';
import { stackPerTest } from './stack.js';

/**
 * The basis the read cache gives a plate whose wells the service does not list (the sandbox's `spec`
 * answers): the plate as this computer's last write left it, once the plate no longer reads so
 * (another bench changed it), so the next well change is held for a look at send time whichever page
 * made it. The real outbox, sync engine and sandbox; "another bench" writes over HTTP with a client
 * the outbox knows nothing of.
 */
describe('read cache, wells not listed: a plate changed elsewhere since this computer left it', () => {
  const { stack: s, dir } = stackPerTest('cache-left-here-', { profile: 'spec' });
  let store: CacheStore;
  let cache: ReadCache;
  beforeEach(() => {
    store = openCacheStore(path.join(dir(), 'read-cache.db'));
    cache = createReadCache({ store, client: async () => s.client, outbox: s.outbox, now: Date.now });
  });
  afterEach(() => {
    cache.close();
    store.close();
  });

  const open = async (): Promise<CachedManifest> => {
    const m = await cache.manifest({ hrid: 'PL-0003' });
    if (!m) throw new Error('PL-0003 was not read');
    return m;
  };

  const fill = (m: CachedManifest, position: string, sample: string) =>
    s.outbox.enqueue({
      type: 'well-set',
      manifest: { uuid: m.uuid },
      position,
      sample: { id: sample, labsheet: 'Samples' },
      label: '',
      tags: [],
      basis: m.basis,
    });

  /** A1 filled from here and confirmed: the plate as this computer left it. */
  async function filledHere(): Promise<{ m: CachedManifest; left: PlateBasis }> {
    const m = await open();
    expect(m.wellsFrom).toBe('this-computer');
    fill(m, 'A1', 'S-0001');
    await s.engine.syncNow();
    const seen = s.outbox.plateSeen(plateLaneOf({ uuid: m.uuid }));
    if (!seen) throw new Error('the sync engine kept no state of the plate after its write');
    return { m, left: { lastUpdate: seen.lastUpdate, emptySpaces: seen.emptySpaces } };
  }

  const otherPuts = (m: CachedManifest, position: string, sample: string) =>
    s.client.updateManifest({
      uuid: m.uuid,
      plate: { wells: [{ position, sample: { id: sample, labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }] },
    });

  it('answers with the plate as left here, read fresh and from the saved copy; the count is the reading’s', async () => {
    const { m, left } = await filledHere();
    expect((await open()).basis).toEqual(left);
    await otherPuts(m, 'B1', 'S-0099');

    const fresh = await open();
    expect(fresh.fromCache).toBe(false);
    expect(fresh.basis).toEqual(left);
    // The reading says 2 wells used, this computer's record 1: one it cannot place.
    expect(fresh.reading.emptySpaces).toBe(94);
    expect(fresh.unplacedUsed).toBe(1);

    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const saved = await open();
    expect(saved.fromCache).toBe(true);
    expect(saved.basis).toEqual(left);
    expect(saved.unplacedUsed).toBe(1);
  });

  it('a change made on that answer is held for a look: the other bench’s tube stays', async () => {
    const { m } = await filledHere();
    await otherPuts(m, 'A2', 'S-0099');
    // This computer's record shows A2 empty: its next tube would go there.
    fill(await open(), 'A2', 'S-0002');
    await s.engine.syncNow();
    expect(s.sandbox.store.manifests.well(m.uuid, 'A2')?.sampleId).toBe('S-0099');
    const held = s.outbox.entriesOf(plateLaneOf({ uuid: m.uuid }), 'failed');
    expect(held.map((e) => e.lastError?.kind)).toEqual(['plate-changed']);
  });

  it('the plate record still compares the reading, not the basis given, with the plate as left here', async () => {
    const { m } = await filledHere();
    await otherPuts(m, 'B1', 'S-0099');
    const answer = await open();
    expect(ownViewStands(s.outbox, answer, plateAsLeftHere(s.outbox, answer))).toBe(false);
  });

  it('while a write of this computer to the plate is on its way, the reading stands', async () => {
    const { m } = await filledHere();
    await otherPuts(m, 'B1', 'S-0099');
    const id = fill(m, 'A2', 'S-0002');
    expect(s.outbox.claim([id], 'req-1', '/manifests')).toEqual([id]);
    const answer = await open();
    expect(answer.basis).toEqual(answer.reading);
    expect(answer.basis.emptySpaces).toBe(94);
  });

  it('a plate that reads as this computer left it is answered with its reading', async () => {
    const { left } = await filledHere();
    const answer = await open();
    expect(answer.basis).toEqual(left);
    expect(answer.reading).toEqual(left);
    expect(answer.unplacedUsed).toBe(0);
  });
});
