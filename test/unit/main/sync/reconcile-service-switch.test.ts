/**
 * An uncertain labsheet-create is looked for on the service it was queued for. The transport resolves the
 * saved connection on every call, so after a switch in Settings mid-look the next read goes to the other
 * service: what it shows says nothing of this entry. Real SQLite outbox, scripted transport.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { findCreated, reconcileUncertain, settleFound } from '../../../../main/sync/reconcile.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';
import { fakeTransport } from './fake-transport.js';
import { fakePlatform } from './fake-platform.js';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { createSyncEngine } from '../../../../main/sync/index.js';

const NAME = 'Plates 2026';
const create = {
  type: 'labsheet-create',
  request: { name: NAME, columns: [{ name: 'Sample ID', type: 'ID' }] },
} satisfies Intent;
const listing = (names: string[]) => ({ items: names.map((name) => ({ name })), total: names.length, success: true });
const columns = (...headers: string[]) => ({ headers: ['uuid', ...headers], rows: [], total: 0, success: true });

describe('an uncertain labsheet-create looked for while the service in use is switched', () => {
  const clock = fakeNow();
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let current = 'A';
  beforeEach(() => {
    current = 'A';
    t = tempDir();
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now, service: () => current });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  function uncertainCreate(): number {
    const id = outbox.enqueue(create);
    outbox.settle([{ id, state: 'uncertain', error: { kind: 'timeout', message: 'no answer', at: clock.now() } }]);
    return id;
  }

  it('is not settled done from the other service when the switch comes during the list read', async () => {
    const id = uncertainCreate();
    const transport = fakeTransport([], {
      fetchLabsheetList: () => {
        current = 'B'; // the user switches in Settings while the list is read; B has a labsheet of that name
        return listing([NAME]);
      },
      fetchLabsheetRows: () => columns('Sample ID'),
    });
    const settled = await reconcileUncertain(outbox, transport, new AbortController().signal, clock.now);
    expect(settled).toBe(0);
    expect(outbox.get(id)).toMatchObject({ state: 'uncertain', service: 'A' });
  });

  it('is not settled done from the other service when the switch comes during the columns read', async () => {
    const id = uncertainCreate();
    const transport = fakeTransport([], {
      fetchLabsheetList: () => listing([NAME]),
      fetchLabsheetRows: () => {
        current = 'B';
        return columns('Sample ID');
      },
    });
    await reconcileUncertain(outbox, transport, new AbortController().signal, clock.now);
    expect(outbox.get(id)).toMatchObject({ state: 'uncertain', service: 'A' });
  });

  it('findCreated bound to the entry’s service answers switched, and settleFound leaves it unsure', async () => {
    const transport = fakeTransport([], {
      fetchLabsheetRows: () => {
        current = 'B';
        return columns('Sample ID');
      },
      fetchLabsheetList: () => listing([NAME]),
    });
    const found = await findCreated(transport, create.request, new AbortController().signal, undefined, {
      outbox,
      service: 'A',
    });
    expect(found).toBe('switched');
    expect(settleFound(1, create.request, found, 5, 'x')).toMatchObject({
      state: 'uncertain',
      error: { kind: 'service-switched' },
    });
  });

  it('is still settled done when the service in use stays the entry’s', async () => {
    const id = uncertainCreate();
    const transport = fakeTransport([], {
      fetchLabsheetList: () => listing([NAME]),
      fetchLabsheetRows: () => columns('Sample ID'),
    });
    await reconcileUncertain(outbox, transport, new AbortController().signal, clock.now);
    expect(outbox.get(id)).toMatchObject({ state: 'done' });
  });

  it('a 409 on sending it again is not taken for ours from the other service either', async () => {
    const id = uncertainCreate();
    expect(outbox.retry(id)).toBe(true); // "Send again": a 409 may now be its own earlier create
    const transport = fakeTransport([], {
      createLabsheet: () => {
        throw mapHttpError({ endpoint: 'createLabsheet', idempotent: false, token: null }, 409, '{}', undefined);
      },
      fetchLabsheetList: () => {
        current = 'B'; // switched while the engine looks for it; B has a labsheet of that name and columns
        return listing([NAME]);
      },
      fetchLabsheetRows: () => columns('Sample ID'),
    });
    const engine = createSyncEngine({ outbox, transport, platform: fakePlatform() });
    try {
      await engine.syncNow();
    } finally {
      engine.stop();
    }
    // The old look read B's labsheet and settled A's entry done.
    expect(outbox.get(id)).toMatchObject({ state: 'uncertain', service: 'A', lastError: { kind: 'service-switched' } });
  });
});
