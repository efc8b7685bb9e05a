/**
 * Row update queues a row under the column it was found by: its barcode (a tube the read cache did
 * not know yet, scanned offline) or its sample ID. Changed by one name and then by the other, the row
 * must end with the value set last. The sync engine's "never older over newer" guard (superseded.ts)
 * and the order of one request's cells (coalesceRows) see one row through the read cache's saved rows
 * (`tubeNames`); without them TB000100 and S-0100 were two rows, and a retried older Status landed
 * over the newer one. Against the real sandbox over HTTP, behind the fault proxy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ANSWERED_FAILURES } from '../../../main/sync/classify.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { serverRow, startStackWithNames, type Stack } from './stack.js';

const ROWS = '/labsheets/update-rows-by-id';

const open: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of open.splice(0).reverse()) await c();
});

async function stackWithNames(): Promise<Stack & { asked: string[] }> {
  const temp = tempDir('sync-row-names-');
  open.push(() => temp.cleanup());
  const s = await startStackWithNames(temp.dir);
  open.push(() => s.close());
  return s;
}

const byId = (changes: Record<string, string>): Intent => ({
  type: 'row-update',
  labsheet: 'Samples',
  idColumn: 'Sample ID',
  id: 'S-0100',
  changes,
});
const byBarcode = (barcode: string, changes: Record<string, string>): Intent => ({
  type: 'row-update',
  labsheet: 'Samples',
  idColumn: 'Tube Barcode',
  id: barcode,
  changes,
});

describe('a row updated by its barcode, then by its sample ID', () => {
  /** The row's barcode as the service has it (TB000100), not its sample ID. */
  function barcodeOf(s: Stack): string {
    const barcode = String(serverRow(s.sandbox, 'Samples', 'S-0100')!.byName['Tube Barcode']);
    expect(barcode).not.toBe('S-0100');
    return barcode;
  }

  /** Queues `intent` and lets the service fail it (503s) until the engine gives up: it stands failed. */
  async function failed(s: Stack, intent: Intent): Promise<number> {
    s.proxy.setFaults([{ path: ROWS, fault: { kind: 'status', status: 503 }, count: MAX_ANSWERED_FAILURES }]);
    const id = s.outbox.enqueue(intent);
    for (let i = 0; i < MAX_ANSWERED_FAILURES && s.outbox.get(id)!.state === 'pending'; i++) await s.engine.syncNow();
    expect(s.outbox.get(id)!.state).toBe('failed');
    s.proxy.setFaults([]);
    return id;
  }

  async function sent(s: Stack, intent: Intent): Promise<number> {
    const id = s.outbox.enqueue(intent);
    await s.engine.syncNow();
    expect(s.outbox.get(id)!.state).toBe('done');
    return id;
  }

  const row = (s: Stack) => serverRow(s.sandbox, 'Samples', 'S-0100')!.byName;

  it('the older one, retried after the newer went, is not sent and names the row and field', async () => {
    const s = await stackWithNames();
    const barcode = barcodeOf(s);
    const old = await failed(s, byBarcode(barcode, { Status: 'received' }));
    const newer = await sent(s, byId({ Status: 'depleted' }));
    const before = s.forwarded(ROWS);

    s.engine.retry(old);
    await s.engine.syncNow();

    expect(row(s).Status).toBe('depleted');
    expect(s.forwarded(ROWS)).toBe(before);
    const e = s.outbox.get(old)!;
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });
    expect(e.lastError!.message).toContain(
      `a newer change to Status of row S-0100 (${barcode}) (entry #${newer}) was sent after this one`,
    );
  });

  it('of an older one that also changed other fields, only those go', async () => {
    const s = await stackWithNames();
    const barcode = barcodeOf(s);
    const old = await failed(s, byBarcode(barcode, { Status: 'received', Notes: 'spun down' }));
    const newer = await sent(s, byId({ Status: 'depleted' }));

    s.engine.retry(old);
    await s.engine.syncNow();

    expect(row(s)).toMatchObject({ Status: 'depleted', Notes: 'spun down' });
    expect(s.outbox.get(old)).toMatchObject({
      state: 'done',
      result: {
        note:
          `Sent Notes only: Status of row S-0100 (${barcode}) had been changed again since ` +
          `(entry #${newer}, already sent), so the newer value was kept.`,
      },
    });
  });

  it('sent in one request, the change made last wins whichever name each was queued under', async () => {
    const s = await stackWithNames();
    const barcode = barcodeOf(s);
    const ids = s.outbox.enqueueMany([
      byBarcode(barcode, { Status: 'received' }),
      byId({ Status: 'in use' }),
      byBarcode(barcode, { Status: 'depleted' }),
    ]);

    await s.engine.syncNow();

    expect(ids.map((id) => s.outbox.get(id)!.state)).toEqual(['done', 'done', 'done']);
    expect(s.forwarded(ROWS)).toBe(1);
    expect(row(s).Status).toBe('depleted');
    // The one step asked the saved rows about each name once.
    expect([...s.asked].sort()).toEqual(['S-0100', barcode]);
  });

  /** Someone relabels the tube on the service: the saved rows still know its old barcode. */
  function relabelOnService(s: Stack, barcode: string): void {
    const sheet = s.sandbox.store.labsheets.byName('Samples')!;
    const columns = s.sandbox.store.labsheets.columns(sheet.uuid);
    const bc = columns.find((c) => c.name === 'Tube Barcode')!;
    const r = serverRow(s.sandbox, 'Samples', 'S-0100')!;
    s.sandbox.store.rows.updateCells(r, columns, { ...r.cells, [String(bc.id)]: barcode }, s.sandbox.store.now());
  }

  it('sent in one request, it goes under the row ID, so a barcode changed meanwhile fails nothing', async () => {
    const s = await stackWithNames();
    const barcode = barcodeOf(s);
    relabelOnService(s, 'TB-RELABELLED');
    const ids = s.outbox.enqueueMany([byBarcode(barcode, { Status: 'received' }), byId({ Notes: 'spun down' })]);

    await s.engine.syncNow();

    expect(ids.map((id) => s.outbox.get(id)!.state)).toEqual(['done', 'done']);
    expect(s.forwarded(ROWS)).toBe(1);
    expect(row(s)).toMatchObject({ 'Tube Barcode': 'TB-RELABELLED', Status: 'received', Notes: 'spun down' });
  });
});
