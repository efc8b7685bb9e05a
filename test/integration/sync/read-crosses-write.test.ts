import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../main/cache/index.js';
import type { LabClient } from '../../../main/api/index.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { startStack, type Stack } from './stack.js';

/**
 * A plate read whose answer crosses this computer's own write: the service read the plate before the
 * write landed, and the answer came after the write was confirmed. Before, the reading counted as newer
 * than the write (its age was taken at the answer), so the write was left out of the plate's changes:
 * the well was drawn empty, saved so for offline use, and the next fill went over the tube.
 * The real sandbox (listing wells), the real outbox, engine and cache.
 */
describe('a plate read that crosses a write of this computer', () => {
  let t: ReturnType<typeof tempDir>;
  let s: Stack;
  let store: CacheStore;
  let cache: ReadCache;
  afterEach(async () => {
    cache.close();
    store.close();
    await s.close();
    t.cleanup();
  });

  it('keeps the write confirmed while the answer was on its way, online and offline', async () => {
    t = tempDir('cache-cross-');
    s = await startStack(t.dir, {}, { profile: 'extended' });
    let between: (() => Promise<void>) | null = null;
    // The real client, with a write made and confirmed after the service answered a plate read and
    // before that answer reaches the cache.
    const client = new Proxy(s.client, {
      get(target, key, receiver) {
        const real = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'fetchManifestMetadata' || typeof real !== 'function') return real;
        return async (...args: unknown[]) => {
          const answer = (await (real as (...a: unknown[]) => Promise<unknown>).apply(target, args)) as unknown;
          const run = between;
          between = null;
          await run?.();
          return answer;
        };
      },
    }) as LabClient;
    store = openCacheStore(path.join(t.dir, 'read-cache.db'));
    cache = createReadCache({ store, client: async () => client, outbox: s.outbox, now: Date.now });

    let id = 0;
    between = async () => {
      id = s.outbox.enqueue({
        type: 'well-set',
        manifest: { hrid: 'PL-0001' },
        position: 'B1',
        sample: { id: 'S-0050', labsheet: 'Samples' },
      });
      await s.engine.syncNow();
      expect(s.outbox.get(id)?.state).toBe('done');
    };
    const read = await cache.manifest({ hrid: 'PL-0001' });
    expect(read!.wells.find((w) => w.position === 'B1')?.sample ?? null).toBeNull(); // read before the write
    expect(read!.pending).toEqual([expect.objectContaining({ entryId: id, state: 'done' })]);

    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const offline = await cache.manifest({ hrid: 'PL-0001' });
    expect(offline).toMatchObject({ fromCache: true });
    expect(offline!.pending).toEqual([expect.objectContaining({ entryId: id, state: 'done' })]);
  });
});
