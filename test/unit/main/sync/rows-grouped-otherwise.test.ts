/**
 * The spec leaves open how update-rows-by-id groups a request's elements into rows. A service that reads
 * the whole array as one row (its first ID, every cell) must not give a row another row's value: rows go
 * together only when they set the same cells alike. A row such a service leaves out of its answer is
 * unsure (it may not be on the service: failed with why, to send again), never "Not found".
 */
import { describe, expect, it } from 'vitest';
import { rowUpdate } from '../outbox/helpers.js';
import { enginePerTest } from './engine-per-test.js';
import { fakeTransport, type Calls } from './fake-transport.js';

describe('a service that reads one update-rows-by-id as one row', () => {
  const { o, engine } = enginePerTest();

  it('gives no row another row’s value, and a row it leaves unanswered is unsure', async () => {
    const table = new Map<string, Record<string, unknown>>(['S-1', 'S-2', 'S-3', 'S-4'].map((id) => [id, {}]));
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      updateRowsById: (req: { rows: Record<string, unknown>[] }) => {
        const id = String(req.rows.find((el) => 'Sample ID' in el)!['Sample ID']);
        const cells = Object.assign({}, ...req.rows.filter((el) => !('Sample ID' in el))) as Record<string, unknown>;
        Object.assign(table.get(id)!, cells);
        return [{ ID: id, updatedRows: [{ uuid: `u-${id}`, success: true }] }];
      },
    });
    const [one, two, three, four] = o.outbox.enqueueMany([
      rowUpdate('S-1', { Volume: '10' }),
      rowUpdate('S-2', { Volume: '20' }),
      rowUpdate('S-3', { Volume: '10' }),
      rowUpdate('S-4', { Volume: '30' }),
    ]);
    await engine(transport).syncNow();
    // On the old code one request: S-1 got S-4's 30, answered updated; the others "Not found".
    expect(table.get('S-1')).toEqual({ Volume: '10' });
    expect(table.get('S-2')).toEqual({ Volume: '20' });
    expect(table.get('S-4')).toEqual({ Volume: '30' });
    expect(calls.filter((c) => c.name === 'updateRowsById')).toHaveLength(3);
    for (const id of [one, two, four]) expect(o.outbox.get(id!)!.state).toBe('done');
    // S-3 went with S-1 (both 10): not named in the answer, so not known to be on the service. A row's
    // change is safe to send again, so it fails with why and Send again (as any unsure row answer).
    const unnamed = o.outbox.get(three!)!;
    expect(unnamed.state).toBe('failed');
    expect(unnamed.lastError?.message).toMatch(/did not name the row with Sample ID = S-3/);
    expect(unnamed.lastError?.message).not.toMatch(/Not found/);
  });
});
