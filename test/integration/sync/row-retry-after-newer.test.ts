/**
 * A row update that failed and is retried after a newer update of the same row went must not land the
 * older value over the newer one, field by field: update-rows-by-id changes only the columns it is given
 * (spec), so the fields nothing newer touched still go. Against the real sandbox over HTTP; the fault
 * proxy makes the first update fail until the engine gives up on it.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ANSWERED_FAILURES } from '../../../main/sync/classify.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { serverRow, stackPerTest } from './stack.js';

const ROWS = '/labsheets/update-rows-by-id';
const update = (changes: Record<string, string | number>): Intent => ({
  type: 'row-update',
  labsheet: 'Samples',
  idColumn: 'Sample ID',
  id: 'S-0020',
  changes,
});

describe('a row update retried after a newer one of the same row was sent', () => {
  const { stack: s } = stackPerTest('row-retry-');

  /** Queues `changes` and lets the service fail it (500s) until the engine gives up: it stands failed. */
  async function failed(changes: Record<string, string | number>): Promise<number> {
    s.proxy.setFaults([{ path: ROWS, fault: { kind: 'status', status: 500 }, count: MAX_ANSWERED_FAILURES }]);
    const id = s.outbox.enqueue(update(changes));
    for (let i = 0; i < MAX_ANSWERED_FAILURES && s.outbox.get(id)!.state === 'pending'; i++) await s.engine.syncNow();
    expect(s.outbox.get(id)!.state).toBe('failed');
    s.proxy.setFaults([]);
    return id;
  }

  async function sent(changes: Record<string, string | number>): Promise<number> {
    const id = s.outbox.enqueue(update(changes));
    await s.engine.syncNow();
    expect(s.outbox.get(id)!.state).toBe('done');
    return id;
  }

  const row = () => serverRow(s.sandbox, 'Samples', 'S-0020')!.byName;

  it('an update whose every field was sent newer is not sent, and says which row and field', async () => {
    const old = await failed({ Notes: 'old note' });
    const newer = await sent({ Notes: 'new note' });
    const before = s.forwarded(ROWS);

    s.engine.retry(old);
    await s.engine.syncNow();

    expect(row().Notes).toBe('new note');
    expect(s.forwarded(ROWS)).toBe(before);
    const e = s.outbox.get(old)!;
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });
    expect(e.lastError!.message).toContain(`a newer change to Notes of row S-0020 (entry #${newer})`);
  });

  it('an update of which some fields were sent newer sends only the others', async () => {
    const old = await failed({ Notes: 'old note', 'Volume uL': 12 });
    const newer = await sent({ Notes: 'new note' });

    s.engine.retry(old);
    await s.engine.syncNow();

    expect(row().Notes).toBe('new note');
    expect(row()['Volume uL']).toBe(12);
    const e = s.outbox.get(old)!;
    expect(e.state).toBe('done');
    expect(e.result).toEqual({
      note: `Sent Volume uL only: Notes of row S-0020 had been changed again since (entry #${newer}, already sent), so the newer value was kept.`,
    });
  });

  it('fields of other rows, or other fields of the row, changed since do not stop it', async () => {
    const old = await failed({ Notes: 'old note' });
    await sent({ 'Volume uL': 40 });
    s.outbox.enqueue({ ...update({ Notes: 'elsewhere' }), id: 'S-0021' } as Intent);
    await s.engine.syncNow();

    s.engine.retry(old);
    await s.engine.syncNow();

    expect(s.outbox.get(old)).toMatchObject({ state: 'done', result: null });
    expect(row()).toMatchObject({ Notes: 'old note', 'Volume uL': 40 });
  });
});
