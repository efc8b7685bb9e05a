import { describe, expect, it } from 'vitest';
import type { CellValue } from '../../../shared/api/primitives.js';
import { PLATE_CHANGED } from '../../../shared/ipc/channels/outbox.js';
import { serverRow, stackPerTest, VARIED, type Stack } from './stack.js';

/**
 * A row change made on what a screen showed, sent after someone else changed that cell on the service:
 * held for a look, naming the cell, their value and ours, instead of written over it without a word.
 * The real outbox, sync engine and sandbox; "another client" writes over HTTP.
 */
const VOLUME = 'Volume uL';
const cellOf = (s: Stack, id: string, column: string): CellValue =>
  (serverRow(s.sandbox, 'Samples', id)?.byName[column] ?? null) as CellValue;
const listed = (s: Stack) => s.proxy.requests.filter((r) => r.path === '/labsheets/fetch-list-rows').length;
const updates = (s: Stack) => s.proxy.requests.filter((r) => r.path === '/labsheets/update-rows-by-id').length;
const otherSets = (s: Stack, id: string, column: string, value: CellValue) =>
  s.client.updateRowsById({ labsheet: 'Samples', rows: [{ 'Sample ID': id }, { [column]: value }] });
const change = (s: Stack, id: string, changes: Record<string, CellValue>, basis?: Record<string, CellValue>) =>
  s.outbox.enqueue({
    type: 'row-update',
    labsheet: 'Samples',
    idColumn: 'Sample ID',
    id,
    changes,
    ...(basis ? { basis } : {}),
  });

describe('a row changed on the service since this screen showed it', () => {
  const { stack: s } = stackPerTest('row-changed-', { profile: 'spec' });

  it('is held for a look, naming the cell, theirs and ours; Send anyway writes ours', async () => {
    const shown = cellOf(s, 'S-0014', VOLUME);
    await otherSets(s, 'S-0014', VOLUME, 5);
    const id = change(s, 'S-0014', { [VOLUME]: 150 }, { [VOLUME]: shown });
    await s.engine.syncNow();

    const held = s.outbox.get(id)!;
    expect(held.state).toBe('failed');
    expect(held.lastError?.kind).toBe(PLATE_CHANGED);
    expect(held.lastError?.message).toBe(
      `Needs a look: row S-0014 of Samples was changed on the service since (${VOLUME} was "${String(shown)}" when ` +
        `this change was made and is "5" on the service now; this change sets "150"). Send anyway to write this ` +
        'change over it, or discard it to keep what the service has.',
    );
    // The old code sent it: the service ended with 150, and nobody was told.
    expect(cellOf(s, 'S-0014', VOLUME)).toBe(5);

    expect(s.engine.retry(id)).toBe(true);
    await s.engine.syncNow();
    expect(s.outbox.get(id)?.state).toBe('done');
    expect(cellOf(s, 'S-0014', VOLUME)).toBe(150);
  });

  it('a read of the rows that fails (503, then 429) holds the change until the rows can be read', async () => {
    const shown = cellOf(s, 'S-0015', VOLUME);
    await otherSets(s, 'S-0015', VOLUME, 7);
    const id = change(s, 'S-0015', { [VOLUME]: 150 }, { [VOLUME]: shown });
    for (const status of [503, 429] as const) {
      s.proxy.setFaults([{ path: '/labsheets/fetch-list-rows', fault: { kind: 'status', status }, count: 1 }]);
      await s.engine.syncNow();
      // The old code sent it unchecked: the service held 150, their 7 gone without a word.
      expect(s.outbox.get(id)?.state).not.toBe('done');
      expect(cellOf(s, 'S-0015', VOLUME)).toBe(7);
    }
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect(s.outbox.get(id)?.lastError?.kind).toBe(PLATE_CHANGED);
    expect(cellOf(s, 'S-0015', VOLUME)).toBe(7);
  });

  it('Send anyway holds after a failed try: the change is not held again for the same look', async () => {
    const shown = cellOf(s, 'S-0016', VOLUME);
    await otherSets(s, 'S-0016', VOLUME, 9);
    const id = change(s, 'S-0016', { [VOLUME]: 150 }, { [VOLUME]: shown });
    await s.engine.syncNow();
    expect(s.outbox.get(id)?.lastError?.kind).toBe(PLATE_CHANGED);

    // Sent anyway, its update meets a 503: the next try must not ask again what the user answered.
    s.proxy.setFaults([{ path: '/labsheets/update-rows-by-id', fault: { kind: 'status', status: 503 }, count: 1 }]);
    expect(s.engine.retry(id)).toBe(true);
    await s.engine.syncNow();
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    // On the old code: held again ("Needs a look"), and the service kept 9.
    expect(s.outbox.get(id)?.state).toBe('done');
    expect(cellOf(s, 'S-0016', VOLUME)).toBe(150);
  });

  it('a change made on this computer’s own earlier one, both still to land, goes', async () => {
    const shown = cellOf(s, 'S-0020', VOLUME);
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const first = change(s, 'S-0020', { [VOLUME]: 150 }, { [VOLUME]: shown });
    const second = change(s, 'S-0020', { [VOLUME]: 200 }, { [VOLUME]: 150 });
    await s.engine.syncNow();
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect([s.outbox.get(first)?.state, s.outbox.get(second)?.state]).toEqual(['done', 'done']);
    expect(cellOf(s, 'S-0020', VOLUME)).toBe(200);
  });

  it('a batch: one read of the rows and one update; only the row changed elsewhere waits', async () => {
    const ids = Array.from({ length: 200 }, (_, k) => `S-${String(k + 1).padStart(4, '0')}`);
    const before = new Map(ids.map((id) => [id, cellOf(s, id, 'Notes')]));
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const queued = ids.map((id) => change(s, id, { Notes: 'batch' }, { Notes: before.get(id)! }));
    await s.engine.syncNow();
    s.proxy.setFaults([]);
    await otherSets(s, 'S-0100', 'Notes', 'theirs');
    const [reads, writes] = [listed(s), updates(s)];
    await s.engine.syncNow();

    // 300 rows: one page lists them all. On the old code no read, and S-0100's note was overwritten.
    expect(listed(s) - reads).toBe(1);
    expect(updates(s) - writes).toBe(1);
    const states = queued.map((id) => s.outbox.get(id)!.state);
    expect(states.filter((x) => x === 'done')).toHaveLength(199);
    expect(s.outbox.get(queued[99]!)?.lastError?.message).toMatch(
      /^Needs a look: row S-0100 of Samples .*Notes was empty when this change was made and is "theirs"/,
    );
    expect(cellOf(s, 'S-0100', 'Notes')).toBe('theirs');
    expect(cellOf(s, 'S-0101', 'Notes')).toBe('batch');
  });

  it('a retried change is not held for a cell a newer change from here went over since (left out of it)', async () => {
    const [notes, volume] = [cellOf(s, 'S-0031', 'Notes'), cellOf(s, 'S-0031', VOLUME)];
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const older = change(s, 'S-0031', { Notes: 'older', [VOLUME]: 10 }, { Notes: notes, [VOLUME]: volume });
    s.outbox.settle([{ id: older, state: 'failed', error: { kind: 'server', message: 'Operation failed', at: 1 } }]);
    s.proxy.setFaults([]);
    change(s, 'S-0031', { Notes: 'newer' }, { Notes: notes });
    await s.engine.syncNow();
    expect(cellOf(s, 'S-0031', 'Notes')).toBe('newer');

    expect(s.engine.retry(older)).toBe(true);
    await s.engine.syncNow();
    // Its Notes is left out (the newer one stands); its Volume goes, unheld.
    expect(s.outbox.get(older)?.state).toBe('done');
    expect([cellOf(s, 'S-0031', 'Notes'), cellOf(s, 'S-0031', VOLUME)]).toEqual(['newer', 10]);
  });

  it('changes without a basis (queued offline for rows never read) are sent unread', async () => {
    const id = change(s, 'S-0030', { Notes: 'no basis' });
    const reads = listed(s);
    await s.engine.syncNow();
    expect(s.outbox.get(id)?.state).toBe('done');
    expect(listed(s)).toBe(reads);
  });
});

describe('a row check against a service that answers in its own shapes (varied)', () => {
  const { stack: s } = stackPerTest('row-changed-varied-', VARIED);

  it('holds nothing a cell still holds as read, whatever shape its value comes back in', async () => {
    const ids = ['S-0041', 'S-0042', 'S-0043', 'S-0044'];
    const shown = new Map(ids.map((id) => [id, [cellOf(s, id, VOLUME), cellOf(s, id, 'Notes')] as const]));
    const queued = ids.map((id) =>
      change(s, id, { [VOLUME]: 77, Notes: 'checked' }, { [VOLUME]: shown.get(id)![0], Notes: shown.get(id)![1] }),
    );
    await s.engine.syncNow();
    expect(queued.map((id) => s.outbox.get(id)?.state)).toEqual(['done', 'done', 'done', 'done']);
  });
});
