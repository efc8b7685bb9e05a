import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadCache, openCacheStore, type CacheStore, type ReadCache } from '../../../main/cache/index.js';
import type { CellValue } from '../../../shared/api/primitives.js';
import { serverRow, stackPerTest } from './stack.js';

/**
 * The rows the read cache answers carry this computer's own row changes over the saved rows: waiting to
 * be sent, in flight, and sent since the rows were read. The saved rows answer for 30 s (offline for as
 * long as it lasts), and a row saved a moment ago came back with the value from before the save. The real
 * outbox, sync engine and sandbox (spec answers); "another client" writes over HTTP.
 */
describe('read cache: a row this computer changed', () => {
  const { stack: s, dir } = stackPerTest('cache-row-changes-', { profile: 'spec' });
  let store: CacheStore;
  let cache: ReadCache;
  /** The read cache's clock: the test moves it where a read's start must be told from its end. */
  const clock = { at: null as number | null };
  const now = () => clock.at ?? Date.now();
  const open = () => createReadCache({ store, client: async () => s.client, outbox: s.outbox, now });
  beforeEach(async () => {
    clock.at = null;
    store = openCacheStore(path.join(dir(), 'read-cache.db'));
    cache = open();
    expect(await cache.sampleIndex('Samples')).not.toBeNull();
  });
  afterEach(() => {
    cache.close();
    store.close();
  });

  const notes = async (id: string, refresh = false): Promise<CellValue | undefined> => {
    const a = await cache.row('Samples', id, refresh);
    if (!a.found) throw new Error(`${id} not found`);
    return a.row['Notes'];
  };
  const change = (id: string, changes: Record<string, CellValue>, idColumn = 'Sample ID') =>
    s.outbox.enqueue({ type: 'row-update', labsheet: 'Samples', idColumn, id, changes });

  it('shows a change waiting to be sent, offline too, under either name it was queued by', async () => {
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    change('S-0012', { Notes: 'spun down' });
    change('TB000012', { Notes: 'spun twice' }, 'Tube Barcode');
    await s.engine.syncNow();
    expect(s.outbox.counts().pending).toBe(2);
    // The last change made wins, whichever name it was queued by; the row is found by either.
    expect(await notes('S-0012')).toBe('spun twice');
    expect(await notes('TB000012')).toBe('spun twice');
    expect(await notes('S-0013')).toBeNull();
  });

  it('shows a change sent since the rows were read, until rows read after it say otherwise', async () => {
    change('S-0012', { Notes: 'spun down' });
    await s.engine.syncNow();
    expect(serverRow(s.sandbox, 'Samples', 'S-0012')?.byName['Notes']).toBe('spun down');
    // The rows are fresh (read a moment ago, before the change): on the old code Notes was empty.
    expect(await notes('S-0012')).toBe('spun down');

    // Another client changes the note; rows read after that say theirs, not ours.
    await s.client.updateRowsById({ labsheet: 'Samples', rows: [{ 'Sample ID': 'S-0012' }, { Notes: 'theirs' }] });
    expect(await notes('S-0012', true)).toBe('theirs');
  });

  it('after a restart, a change sent after the saved rows were read still stands over them', async () => {
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    change('S-0014', { Notes: 'restarted' });
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    cache.close();
    cache = open();
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(await notes('S-0014', true)).toBe('restarted');
  });

  it('a change confirmed while the rows were being read stands over what that read listed', async () => {
    const before = Date.now();
    change('S-0015', { Notes: 'landed mid-read' });
    await s.engine.syncNow();
    const confirmed = s.outbox.list('done').at(-1)!.updatedAt;
    // The read began before the change was confirmed and listed the row as it was then; it ended after.
    clock.at = Math.min(before, confirmed) - 1;
    s.proxy.setFaults([
      {
        path: '/labsheets/fetch-list-rows',
        fault: {
          kind: 'rewrite',
          edit: (a) => {
            const listed = a as { headers: string[]; rows: CellValue[][] };
            const id = listed.headers.indexOf('Sample ID');
            const n = listed.headers.indexOf('Notes');
            for (const r of listed.rows) if (r[id] === 'S-0015') r[n] = null;
            clock.at = confirmed + 1000;
            return listed;
          },
        },
      },
    ]);
    expect(await notes('S-0015', true)).toBe('landed mid-read');
  });

  /** Until the clock has passed `t`: what is done from here on is done after a read that began at `t`. */
  const past = async (t: number) => {
    while (Date.now() <= t) await new Promise((r) => setTimeout(r, 1));
  };
  const cells = async (id: string): Promise<[CellValue | undefined, CellValue | undefined]> => {
    const a = await cache.row('Samples', id);
    if (!a.found) throw new Error(`${id} not found`);
    return [a.row['Notes'], a.row['Volume uL']];
  };

  it('an older change retried after a newer one of the same cell went never shows its value over the newer', async () => {
    // The older change fails; the newer one goes; the rows are read after it (it drops out of what is laid over).
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const older = change('S-0017', { Notes: 'older', 'Volume uL': 10 });
    s.outbox.settle([{ id: older, state: 'failed', error: { kind: 'server', message: 'Operation failed', at: 1 } }]);
    s.proxy.setFaults([]);
    const newer = change('S-0017', { Notes: 'newer' });
    await s.engine.syncNow();
    expect(s.outbox.get(newer)?.state).toBe('done');
    await past(s.outbox.get(newer)!.updatedAt);
    expect(await notes('S-0017', true)).toBe('newer');

    // Retried while the service cannot be reached: it waits. On the old code the row showed Notes 'older'.
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(s.engine.retry(older)).toBe(true);
    await s.engine.syncNow();
    expect(s.outbox.get(older)?.state).not.toBe('done');
    expect(await cells('S-0017')).toEqual(['newer', 10]);

    // Sent without its Notes (superseded.ts): the service and the row say the same, 'newer' and 10.
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect(s.outbox.get(older)?.state).toBe('done');
    expect([
      serverRow(s.sandbox, 'Samples', 'S-0017')?.byName['Notes'],
      serverRow(s.sandbox, 'Samples', 'S-0017')?.byName['Volume uL'],
    ]).toEqual(['newer', 10]);
    expect(await cells('S-0017')).toEqual(['newer', 10]);
  });

  it('an older change waiting never shows a cell over a newer one sent under the row’s other name', async () => {
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const older = change('S-0018', { Notes: 'older', 'Volume uL': 12 });
    s.outbox.settle([{ id: older, state: 'failed', error: { kind: 'server', message: 'Operation failed', at: 1 } }]);
    s.proxy.setFaults([]);
    const newer = change('TB000018', { Notes: 'newer' }, 'Tube Barcode');
    await s.engine.syncNow();
    expect(s.outbox.get(newer)?.state).toBe('done');
    await past(s.outbox.get(newer)!.updatedAt);
    expect(await notes('S-0018', true)).toBe('newer');

    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(s.engine.retry(older)).toBe(true);
    await s.engine.syncNow();
    expect(s.outbox.get(older)?.state).not.toBe('done');
    expect(await cells('S-0018')).toEqual(['newer', 12]);
    expect(await cells('TB000018')).toEqual(['newer', 12]);
  });

  it('a newer change of the lane this version cannot read leaves the row answered with the older one waiting', async () => {
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const older = change('S-0019', { 'Volume uL': 14 });
    s.outbox.settle([{ id: older, state: 'failed', error: { kind: 'server', message: 'Operation failed', at: 1 } }]);
    s.proxy.setFaults([]);
    const newer = change('S-0019', { Notes: 'newer' });
    await s.engine.syncNow();
    expect(s.outbox.get(newer)?.state).toBe('done');
    // Written by a newer version (or damaged): the done entries newer than the waiting one are read past it.
    s.outbox.db.prepare(`UPDATE entries SET payload = ? WHERE id = ?`).run('{"type":"row-update"}', newer);
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    expect(s.engine.retry(older)).toBe(true);
    await s.engine.syncNow();
    expect((await cells('S-0019'))[1]).toBe(14);
  });

  it('does not show a change the service refused', async () => {
    change('S-0016', { Status: 'bogus-status' });
    await s.engine.syncNow();
    expect(s.outbox.counts().failed).toBe(1);
    const a = await cache.row('Samples', 'S-0016');
    expect(a.found && a.row['Status']).not.toBe('bogus-status');
  });
});
