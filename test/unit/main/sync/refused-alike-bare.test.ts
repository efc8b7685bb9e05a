/**
 * A batch refused with the spec's bare words ("Not found", no reason naming an element): two rows the
 * service no longer has, the first of them first in the batch. The rule that fails a batch's elements
 * unsent when one alone is refused alike took that first row's "Not found" for the eight good rows too,
 * which went failed without ever being sent. A bare message says the same for any element, so the batch
 * is split as before and each row stands for itself. The engine on a fake clock against a scripted
 * transport that refuses any request naming a missing row; the outbox is the real SQLite store.
 */
import { afterEach, expect, it } from 'vitest';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';
import { rowUpdate } from '../outbox/helpers.js';

const platform = fakePlatform();
const files = outboxPerTest(platform.now);
let engine: SyncEngine | undefined;
afterEach(() => engine?.stop());

it('two rows the service does not have: the eight good rows making the same change are sent', async () => {
  const outbox = files.outbox;
  const missing = new Set(['S-9901', 'S-9902']);
  const batch = ['S-9901', ...Array.from({ length: 8 }, (_, k) => `S-00${20 + k}`), 'S-9902'];
  const ids = batch.map((id) => outbox.enqueue(rowUpdate(id, { Status: 'depleted' })));
  const calls: Calls = [];
  const transport = fakeTransport(calls, {
    updateRowsById: (r: { rows: Record<string, string>[] }) => {
      if (r.rows.some((row) => missing.has(row['Sample ID'] ?? '')))
        throw mapHttpError(
          { endpoint: 'updateRowsById', idempotent: true, token: null },
          404,
          JSON.stringify({ success: false, message: 'Not found' }),
          undefined,
        );
      return r.rows.map((row) => ({ ID: row['Sample ID']!, updatedRows: [{ uuid: 'u', success: true }] }));
    },
  });
  engine = createSyncEngine({ outbox, transport, platform });
  await engine.syncNow();

  expect(ids.map((id) => outbox.get(id)!.state)).toEqual(['failed', ...Array(8).fill('done'), 'failed']);
});
