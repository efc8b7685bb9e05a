import { describe, expect, it } from 'vitest';
import type { CellValue } from '../../../shared/api/primitives.js';
import { ALREADY_THERE } from '../../../main/sync/send-rows.js';
import { serverRow, stackPerTest, type Stack } from './stack.js';

/**
 * A row change whose every cell the service holds already, as read just before sending (the check of
 * row-check.ts), is done with nothing sent: a resend after an answer was lost, or a value set that the
 * row had. A service that answers such an update "not updated" (one counting rows it changed, as a
 * database's modified count does) failed it, "listed as not updated", though the row held what the bench
 * wanted. The real outbox, sync engine and sandbox behind the fault proxy.
 */
const VOLUME = 'Volume uL';
const cellOf = (s: Stack, id: string): CellValue =>
  (serverRow(s.sandbox, 'Samples', id)?.byName[VOLUME] ?? null) as CellValue;
const updates = (s: Stack) => s.proxy.requests.filter((r) => r.path === '/labsheets/update-rows-by-id').length;
/** A service that says "not updated" of each row it was asked to change. */
const saysNotUpdated = {
  path: '/labsheets/update-rows-by-id',
  fault: {
    kind: 'rewrite' as const,
    edit: (a: unknown) =>
      (a as { ID: string; updatedRows: { uuid: string }[] }[]).map((r) => ({
        ...r,
        updatedRows: r.updatedRows.map((u) => ({ ...u, success: 'false' })),
      })),
  },
};
const change = (s: Stack, id: string, volume: CellValue, shown: CellValue) =>
  s.outbox.enqueue({
    type: 'row-update',
    labsheet: 'Samples',
    idColumn: 'Sample ID',
    id,
    changes: { [VOLUME]: volume },
    basis: { [VOLUME]: shown },
  });

describe('a row change the service holds already', () => {
  const { stack: s } = stackPerTest('row-already-', { profile: 'spec' });

  it('set to the value the row has: done, nothing sent, saying so', async () => {
    const shown = cellOf(s, 'S-0016');
    s.proxy.setFaults([saysNotUpdated]);
    const id = change(s, 'S-0016', shown, shown);
    await s.engine.syncNow();
    // On the old code: sent, answered "not updated", failed.
    expect(s.outbox.get(id)).toMatchObject({ state: 'done', result: { note: ALREADY_THERE } });
    expect(updates(s)).toBe(0);
  });

  it('sent again after its answer was lost: done on the second pass, not failed as "not updated"', async () => {
    const shown = cellOf(s, 'S-0017');
    s.proxy.setFaults([
      { path: '/labsheets/update-rows-by-id', fault: { kind: 'reset-after' }, count: 1 },
      saysNotUpdated,
    ]);
    const id = change(s, 'S-0017', 123, shown);
    await s.engine.syncNow();
    expect(cellOf(s, 'S-0017')).toBe(123);
    for (let pass = 0; pass < 5 && s.outbox.get(id)!.state === 'pending'; pass++) await s.engine.syncNow();
    expect(s.outbox.get(id)).toMatchObject({ state: 'done', result: { note: ALREADY_THERE } });
    expect(updates(s)).toBe(1);
  });

  it('two changes of one row, the later back to what the row holds: both go, in order', async () => {
    const shown = cellOf(s, 'S-0018');
    change(s, 'S-0018', 77, shown);
    change(s, 'S-0018', shown, shown);
    await s.engine.syncNow();
    expect(cellOf(s, 'S-0018')).toBe(shown);
  });
});
