/**
 * Where the keyboard goes after an action on an Outbox row: the button pressed is gone once its row changed
 * or left the list, and on the old code the focus fell to the page. The list decides the row (the screen
 * moves the focus there; that part needs a browser). Over main's real Outbox handlers and SQLite outbox,
 * with a sync engine on a fake clock against a scripted transport that refuses every row update.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mapHttpError } from '../../../../../main/api/map-error.js';
import { outboxHandlers } from '../../../../../main/ipc/handlers/outbox.js';
import { createSyncEngine, type SyncEngine } from '../../../../../main/sync/index.js';
import { rowToFocus } from '../../../../../renderer/workflows/outbox/focus-after.js';
import { OutboxList } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { outboxChannels } from '../../../../../shared/ipc/channels/outbox.js';
import { rowUpdate } from '../../../main/outbox/helpers.js';
import { fakePlatform } from '../../../main/sync/fake-platform.js';
import { fakeTransport } from '../../../main/sync/fake-transport.js';
import { outboxPerTest } from '../../../main/sync/outbox-per-test.js';

function overHandlers(handlers: ReturnType<typeof outboxHandlers>): BenchlinkApi {
  const table = outboxChannels as unknown as Record<string, { response: { parse(v: unknown): unknown } }>;
  const byName = handlers as unknown as Record<string, (p: unknown, c: { transport: 'test' }) => unknown>;
  return {
    invoke: (async (channel: string, payload: unknown) => ({
      ok: true,
      value: table[channel]!.response.parse(await byName[channel]!(payload, { transport: 'test' })),
    })) as BenchlinkApi['invoke'],
    subscribe: () => () => undefined,
  };
}

describe('the row the keyboard goes to after an action', () => {
  it('its own while listed, else the next still listed, else the one before', () => {
    expect(rowToFocus([1, 2, 3], 2, [1, 2, 3])).toBe(2);
    expect(rowToFocus([1, 2, 3], 2, [1, 3])).toBe(3);
    expect(rowToFocus([1, 2, 3, 4], 2, [1, 4])).toBe(4);
    expect(rowToFocus([1, 2, 3], 3, [1, 2])).toBe(2);
    expect(rowToFocus([1, 2], 1, [])).toBeNull();
    // An entry the list had not shown (another window's): the list's first row.
    expect(rowToFocus([1, 2], 7, [1, 2])).toBe(1);
  });
});

describe('the Outbox list says where the keyboard goes', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let engine: SyncEngine | null = null;
  afterEach(async () => {
    await engine?.stop();
    engine = null;
  });

  /** Three refused row updates, listed in the Refused tab. */
  async function refusedThree(): Promise<{ list: OutboxList; ids: number[] }> {
    const transport = fakeTransport([], {
      updateRowsById: () => {
        throw mapHttpError({ endpoint: 'updateRowsById', idempotent: true, token: null }, 422, '{}', undefined);
      },
    });
    const ids = ['S-1', 'S-2', 'S-3'].map((id) => files.outbox.enqueue(rowUpdate(id, { Status: 'thawed' })));
    engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    await engine.syncNow();
    const list = new OutboxList(overHandlers(outboxHandlers({ outbox: files.outbox, sync: engine })));
    list.filter = 'refused';
    await list.refresh();
    expect(list.entries.map((e) => e.id)).toEqual(ids);
    return { list, ids };
  }

  it('a discarded row leaves the list: the row after it', async () => {
    const { list, ids } = await refusedThree();
    list.confirming = ids[1]!;
    await list.act('outbox.discard', ids[1]!, 'Discarded');
    expect(list.focus).toEqual({ row: ids[2] });
  });

  it('the last row discarded: the one before it; the only one: none (the answer takes it)', async () => {
    const { list, ids } = await refusedThree();
    await list.act('outbox.discard', ids[2]!, 'Discarded');
    expect(list.focus).toEqual({ row: ids[1] });
    await list.act('outbox.discard', ids[1]!, 'Discarded');
    await list.act('outbox.discard', ids[0]!, 'Discarded');
    expect(list.focus).toEqual({ row: null });
  });

  it('a row retried in the open tab stays listed, its buttons changed: its own row', async () => {
    const { list, ids } = await refusedThree();
    list.filter = 'open';
    await list.refresh();
    await list.act('outbox.retry', ids[0]!, 'Will be tried again');
    expect(list.focus).toEqual({ row: ids[0] });
  });

  it('a correction cancelled: back to the entry’s row', async () => {
    const { list, ids } = await refusedThree();
    list.editing = { id: ids[1]!, text: '{}' };
    list.cancelEdit();
    expect(list.editing).toBeNull();
    expect(list.focus).toEqual({ row: ids[1] });
  });
});
