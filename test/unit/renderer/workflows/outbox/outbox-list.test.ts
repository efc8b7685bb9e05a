import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { OutboxList, type OutboxFilter } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../../../shared/outbox/intents.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

let env: InProcess;

beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

/** A row update the service refuses (no such labsheet): the entry ends 'failed', as one the user corrects. */
async function failedEntry(): Promise<{ id: number; intent: Intent }> {
  const intent: Intent = {
    type: 'row-update',
    labsheet: 'No Such Sheet',
    idColumn: 'Sample ID',
    id: 'S-0007',
    changes: { Status: 'thawed' },
  };
  const { id } = await env.call('outbox.enqueue', { intent });
  const settled = await env.call('outbox.await', { id, timeoutMs: 10_000 });
  expect(settled.state).toBe('failed');
  return { id: Number(id), intent };
}

const corrected = (intent: Intent): Intent => ({ ...intent, labsheet: 'Samples' }) as Intent;

async function allEntries(): Promise<{ id: number; intent?: unknown; state: string }[]> {
  return env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] });
}

describe('Outbox: correcting a failed entry', () => {
  it('replaces the failed entry: the correction is queued and the failed one is never sent', async () => {
    const { id, intent } = await failedEntry();
    const list = new OutboxList(env.api);
    list.editing = { id, text: JSON.stringify(corrected(intent)) };
    await list.saveEdit();
    expect(list.message).toMatchObject({ ok: true });
    expect(list.editing).toBeNull();
    // One entry that can still be sent (or was) for the row, and it is the corrected one.
    const live = (await allEntries()).filter(
      (e) => (e.intent as { id?: string }).id === 'S-0007' && !['discarded', 'cancelled'].includes(e.state),
    );
    expect(live.map((e) => (e.intent as { labsheet: string }).labsheet)).toEqual(['Samples']);
  });

  it('the failed entry was retried meanwhile: nothing else is queued and the user is told why', async () => {
    const { id, intent } = await failedEntry();
    const list = new OutboxList(env.api);
    list.editing = { id, text: JSON.stringify({ ...corrected(intent), id: 'S-0008' }) };
    // Retry (another window, or Retry pressed first) puts the original back on its way out; the
    // correction saved right after must not go out beside it.
    const retried = env.call('outbox.retry', { id });
    const saving = list.saveEdit();
    expect((await retried).ok).toBe(true);
    await saving;
    expect(list.message?.ok).toBe(false);
    expect(list.message?.text).toMatch(/not (queued|corrected)/i);
    // The correction was not queued: the text stays for the user to decide.
    expect(list.editing).not.toBeNull();
    expect((await allEntries()).filter((e) => (e.intent as { id?: string }).id === 'S-0008')).toEqual([]);
  });
});

describe('Outbox: settling an unsure entry', () => {
  it("a choice that changed nothing (the entry is no longer unsure) says why, in main's words", async () => {
    // Not unsure (here: refused), as one settled in another window or on the Upload row meanwhile is.
    const { id } = await failedEntry();
    const list = new OutboxList(env.api);
    await list.reconcile(id, 'mark-done');
    expect(list.message).toEqual({
      text: 'It was settled meanwhile (in the Outbox or another window), so it was left as it is: its row shows how it stands now.',
      ok: false,
    });
  });
});

describe('Outbox: the list', () => {
  it('a list main could not send says so, and keeps what it showed instead of pretending it is current', async () => {
    await failedEntry();
    let lost = false;
    // The page's connection to main drops (the browser host restarting): invoke answers 'disconnected'.
    const api: BenchlinkApi = {
      ...env.api,
      invoke: ((channel, payload) =>
        lost
          ? Promise.resolve({
              ok: false,
              error: { code: 'disconnected', message: 'The connection to the app was lost' },
            })
          : env.api.invoke(channel, payload)) as BenchlinkApi['invoke'],
    };
    const list = new OutboxList(api);
    await list.refresh();
    const shown = list.entries.length;
    expect(shown).toBeGreaterThan(0);
    expect(list.listError).toBeNull();
    lost = true;
    await list.refresh();
    expect(list.listError).toMatch(/could not be read \(The connection to the app was lost\)/);
    expect(list.entries).toHaveLength(shown);
    lost = false;
    await list.refresh();
    expect(list.listError).toBeNull();
  });
});

describe('Outbox: the tabs', () => {
  it('a refused entry is under Refused, as its row and the counts say it, not under Failed', async () => {
    const { id } = await failedEntry();
    const counts = await env.call('outbox.counts', {});
    expect(counts.failedAs.refused).toBeGreaterThanOrEqual(1);
    expect(counts.failedAs.held + counts.failedAs.refused + counts.failedAs.failed).toBe(counts.failed);
    const list = new OutboxList(env.api);
    const shown = async (filter: OutboxFilter) => {
      list.filter = filter;
      await list.refresh();
      return list.entries.map((e) => e.id);
    };
    expect(await shown('refused')).toContain(id);
    expect(await shown('failed')).not.toContain(id);
    expect(await shown('held')).not.toContain(id);
    expect(await shown('open')).toContain(id);
  });
});
