/**
 * A row change is checked before it goes: its labsheet's rows are read again (row-check.ts). A check read
 * the service answers with a failure every time (a 500, a 429, an answer that breaks the contract, a labsheet
 * so busy its listing moves under every read) is one failed try of the change, bounded like a send's: on the
 * old code it held the lane and counted nothing, and the change was tried for ever (a day of a bench left
 * alone: pending, no failure counted, hundreds of reads). No answer at all still counts nothing: offline is
 * no failure. Fake clock, scripted transport, the real SQLite outbox.
 */
import { describe, expect, it } from 'vitest';
import { NetworkError, ProtocolError } from '../../../../main/api/errors.js';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { GAVE_UP_UNSENT, MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import type { CellValue } from '../../../../shared/api/primitives.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};
const answered = (status: number) => () => {
  throw mapHttpError({ endpoint: 'fetchLabsheetRows', idempotent: true, token: null }, status, '', undefined);
};
const HEADERS = ['uuid', 'Sample ID', 'Volume'];

/**
 * A labsheet of 1500 rows to which another bench adds a row at the top between two reads, for the first
 * `moving` reads: while it does, each listing moves under the read of its second page.
 */
function busyLabsheet(moving = Infinity) {
  let reads = 0;
  let added = 0;
  return (r: { page?: number; pageSize?: number }) => {
    reads += 1;
    if (reads <= moving) added += 1;
    const total = 1500 + added;
    const size = r.pageSize ?? 1000;
    const from = ((r.page ?? 1) - 1) * size;
    const rows: CellValue[][] = [];
    for (let j = from; j < Math.min(total, from + size); j++) {
      const n = j - added;
      rows.push([`u${n}`, `S-${n}`, '0']);
    }
    return { headers: HEADERS, rows, total, success: true };
  };
}

describe('a row change whose check read keeps failing', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);

  /** A checked change to a row deep in the labsheet, and one not checked behind it; a day of the engine's own wake-ups. */
  async function aDayWith(read: (r: never) => unknown) {
    const outbox = files.outbox;
    const checked = outbox.enqueue({
      type: 'row-update',
      labsheet: 'Samples',
      idColumn: 'Sample ID',
      id: 'S-1400',
      changes: { Volume: '150' },
      basis: { Volume: '0' },
    });
    const unchecked = outbox.enqueue({
      type: 'row-update',
      labsheet: 'Samples',
      idColumn: 'Sample ID',
      id: 'S-7',
      changes: { Volume: '5' },
    });
    const calls: Calls = [];
    const engine = createSyncEngine({
      outbox,
      transport: fakeTransport(calls, { fetchLabsheetRows: read }),
      platform,
    });
    engine.start();
    await settle();
    for (let i = 0; i < 24 * 12; i++) {
      platform.advance(5 * 60_000);
      await settle();
    }
    await engine.stop();
    return {
      checked: outbox.get(checked)!,
      unchecked: outbox.get(unchecked)!,
      reads: calls.filter((c) => c.name === 'fetchLabsheetRows').length,
      sent: calls.filter((c) => c.name === 'updateRowsById').map((c) => c.request),
    };
  }

  const cases: [string, (r: never) => unknown, RegExp][] = [
    ['a 500 every time', answered(500), /HTTP 500/],
    ['a 429 every time', answered(429), /slow down each time/],
    [
      'an answer that breaks the contract every time',
      () => {
        throw new ProtocolError('the answer did not match the contract', {
          endpoint: 'fetchLabsheetRows',
          status: 200,
          reason: 'rows: expected array',
        });
      },
      /rows: expected array/,
    ],
    ['a labsheet whose listing moves under every read', busyLabsheet(), /added or removed elsewhere/],
  ];
  for (const [what, read, said] of cases) {
    it(`${what}: fails after ${MAX_ANSWERED_FAILURES} tries with the reason, not sent; what waited behind it goes`, async () => {
      const r = await aDayWith(read);
      // On the old code: pending, answeredFailures 0, and hundreds of reads.
      expect(r.checked).toMatchObject({
        state: 'failed',
        answeredFailures: MAX_ANSWERED_FAILURES,
        lastError: { kind: GAVE_UP_UNSENT },
      });
      expect(r.checked.lastError!.message).toMatch(said);
      expect(r.checked.lastError!.message).toMatch(/^Not sent: /);
      // The change itself never went: it is not on the service.
      const named = r.sent.flatMap((s) =>
        (s as { rows: Record<string, string>[] }).rows.flatMap((x) => x['Sample ID'] ?? []),
      );
      expect(named).toEqual(['S-7']);
      expect(r.unchecked.state).toBe('done');
      expect(r.reads).toBeLessThanOrEqual(MAX_ANSWERED_FAILURES * 6);
    });
  }

  it('a listing that moved once under the read is read again from the start at once, and the change goes', async () => {
    const outbox = files.outbox;
    const id = outbox.enqueue({
      type: 'row-update',
      labsheet: 'Samples',
      idColumn: 'Sample ID',
      id: 'S-1400',
      changes: { Volume: '150' },
      basis: { Volume: '0' },
    });
    // Another bench adds a row between the first two reads only.
    const read = busyLabsheet(2);
    const calls: Calls = [];
    const engine = createSyncEngine({ outbox, transport: fakeTransport(calls, { fetchLabsheetRows: read }), platform });
    await engine.syncNow();
    await engine.stop();
    // On the old code the moved listing failed the read, and the change waited out a backoff.
    expect(outbox.get(id)).toMatchObject({ state: 'done', answeredFailures: 0 });
  });

  it('no answer at all counts nothing: after a day offline the change still waits, untouched', async () => {
    const r = await aDayWith(() => {
      throw new NetworkError('unreachable', { endpoint: 'fetchLabsheetRows' });
    });
    expect(r.checked).toMatchObject({ state: 'pending', answeredFailures: 0 });
    expect(r.sent).toEqual([]);
  });
});
