/**
 * The rows a row change is checked against, read in pages whose columns come in another order (a column
 * moved while a long listing was read): the old check read every page by the last page's headers, so a
 * row listed on the first page was read with another column's value and its change held for a look in
 * wrong words. Each page is read by its own headers. The engine on a fake clock against a scripted
 * service that pages its 6 rows by 3; the outbox is the real SQLite store.
 */
import { afterEach, expect, it } from 'vitest';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const platform = fakePlatform();
const files = outboxPerTest(platform.now);
let engine: SyncEngine | undefined;
afterEach(() => engine?.stop());

const row = (n: number) => ({ uuid: `u${n}`, 'Sample ID': `S-${n}`, Volume: String(n), Notes: `note-${n}` });

it('a row on the first page is read by that page’s columns, not the last page’s', async () => {
  const outbox = files.outbox;
  const change = (id: string, changes: Record<string, string>, basis: Record<string, string>) =>
    outbox.enqueue({ type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id, changes, basis });
  const first = change('S-2', { Volume: '150' }, { Volume: '2' });
  const last = change('S-5', { Notes: 'spun' }, { Notes: 'note-5' });
  const calls: Calls = [];
  const transport = fakeTransport(calls, {
    fetchLabsheetRows: (r: { page?: number }) => {
      const page = r.page ?? 1;
      const headers = page === 1 ? ['uuid', 'Sample ID', 'Volume', 'Notes'] : ['uuid', 'Sample ID', 'Notes', 'Volume'];
      const rows = [1, 2, 3].map((k) => row((page - 1) * 3 + k)).map((o) => headers.map((h) => o[h as keyof typeof o]));
      return { headers, rows, total: 6, success: true };
    },
  });
  engine = createSyncEngine({ outbox, transport, platform });
  await engine.syncNow();

  // On the old code S-2 was held: "Volume was "2" when this change was made and is "note-2" on the service now".
  expect([first, last].map((id) => [outbox.get(id)!.state, outbox.get(id)!.lastError?.message ?? null])).toEqual([
    ['done', null],
    ['done', null],
  ]);
});

it('a change sent unchecked (no basis) is not looked for: the read stops at the checked row’s page', async () => {
  const outbox = files.outbox;
  outbox.enqueue({
    type: 'row-update',
    labsheet: 'Samples',
    idColumn: 'Sample ID',
    id: 'S-1',
    changes: { Notes: 'spun' },
    basis: { Notes: 'note-1' },
  });
  // Queued offline for a tube no saved row had: nothing to check it against, and not in the listing.
  outbox.enqueue({
    type: 'row-update',
    labsheet: 'Samples',
    idColumn: 'Sample ID',
    id: 'S-99',
    changes: { Notes: 'x' },
  });
  const calls: Calls = [];
  const pages: number[] = [];
  const transport = fakeTransport(calls, {
    fetchLabsheetRows: (r: { page?: number }) => {
      const page = r.page ?? 1;
      pages.push(page);
      const headers = ['uuid', 'Sample ID', 'Volume', 'Notes'];
      const rows = [1, 2, 3].map((k) => row((page - 1) * 3 + k)).map((o) => headers.map((h) => o[h as keyof typeof o]));
      return { headers, rows, total: 6, success: true };
    },
  });
  engine = createSyncEngine({ outbox, transport, platform });
  await engine.syncNow();

  // On the old code the whole listing was read looking for S-99 (every page, on every send).
  expect(pages).toEqual([1]);
});
