import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import { WriteTask } from '../../../../../renderer/workflows/data/write-task.svelte.js';
import { sandboxBehindProxy } from '../../../../helpers/sandbox-behind-proxy.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * A Data-screen write (WriteTask) on the real main in-process, its embedded sandbox reached through a
 * fault proxy (to hold a request in flight); the page's side of a lost connection is a wrapper that
 * answers one call `disconnected`, as the browser host's socket or Electron's liveness watch does.
 */
let env: InProcess;
const behind = sandboxBehindProxy();
beforeAll(async () => {
  env = await inProcessApi({ startSandbox: behind.startSandbox });
  await env.call('lab.fetchLabsheetList', {}); // the sandbox (and its proxy) started
});
afterAll(() => env.close());

const pass = (channel: string, payload: unknown) => env.api.invoke(channel as 'outbox.list', payload as never);
/** main, but `channel` answered by `answer` (which may call main itself) while `on()` holds. */
function wrapped(channel: string, answer: (payload: unknown) => Promise<unknown>, on: () => boolean): BenchlinkApi {
  return {
    ...env.api,
    invoke: (async (c: string, payload: unknown) =>
      c === channel && on() ? answer(payload) : pass(c, payload)) as BenchlinkApi['invoke'],
  };
}
const entriesNaming = async (text: string) =>
  (await env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] })).filter((e) =>
    JSON.stringify(e.intent).includes(text),
  );
const labspace = (name: string) => ({ type: 'labspace-create', request: { name } }) as const;

describe('a Data-screen write whose answer from main is lost', () => {
  it('queued, then the wait for its answer lost: said queued (check the Outbox), and pressing again queues nothing', async () => {
    const lost = wrapped(
      'outbox.await',
      async () => ({
        ok: false,
        error: {
          code: 'disconnected',
          message:
            'Benchlink did not answer in time: it is busy or stuck, so this could not be read. Nothing was changed by it, so trying again is safe.',
        },
      }),
      () => true,
    );
    const task = new WriteTask(lost, null, (raw) => raw);
    await task.submit(labspace('Lost Answer Lab'), 0);
    // On the old code: failed, "trying again is safe", a Discard offered, and the second press queued a second.
    expect(task.phase).toBe('queued');
    expect(task.error?.text).toMatch(/entry #\d+ .*Check the Outbox screen/);
    expect(task.error?.text).not.toMatch(/trying again is safe/);
    await task.submit(labspace('Lost Answer Lab'), 0);
    expect(task.error?.text).toMatch(/^Already in the outbox as entry #\d+/);
    expect(await entriesNaming('Lost Answer Lab')).toHaveLength(1);
  });

  it('main committed it but its answer was lost: NOT CONFIRMED, and pressing again answers the same entry', async () => {
    let cut = true;
    const dropped = wrapped(
      'outbox.enqueue',
      async (payload) => {
        cut = false;
        await pass('outbox.enqueue', payload); // committed; the answer never reaches the page
        return { ok: false, error: { code: 'disconnected', message: 'Lost the connection to the Benchlink host.' } };
      },
      () => cut,
    );
    const task = new WriteTask(dropped, null, (raw) => raw);
    await task.submit(labspace('Unconfirmed Lab'), 0);
    // On the old code: failed ("Not done"), as if refused, and the second press queued it again.
    expect(task.phase).toBe('unconfirmed');
    expect(task.error?.text).toMatch(
      /^NOT CONFIRMED: Lost the connection to the Benchlink host before the outbox answered: this may or may not have been queued/,
    );
    await task.submit(labspace('Unconfirmed Lab'), 0);
    expect(task.entryId).not.toBeNull();
    expect(await entriesNaming('Unconfirmed Lab')).toHaveLength(1);
  });

  it('a write still being sent when the wait ends is followed to its answer: a labsheet created is done', async () => {
    // The service takes its time over this create: the request is in flight when the panel's wait ends.
    behind.proxy().setFaults([{ path: '/labsheets/create', method: 'POST', fault: { kind: 'latency', ms: 1_500 } }]);
    let first = true;
    const watched = wrapped(
      'outbox.await',
      async (payload) => {
        first = false;
        const { id } = payload as { id: number };
        // The panel's wait ends only once main is sending it (not before the sync has picked it up).
        for (let i = 0; i < 200; i++) {
          const e = (await env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] })).find((x) => x.id === id);
          if (e?.state === 'sending') break;
          await new Promise((r) => setTimeout(r, 10));
        }
        return pass('outbox.await', payload);
      },
      () => first,
    );
    const task = new WriteTask(watched, null, (raw) => raw as { name?: string } | null);
    const request = {
      name: 'Followed Sheet',
      columns: [{ name: 'Sample ID', type: 'ID' as const }],
      waitRefresh: true,
    };
    await task.submit({ type: 'labsheet-create', request }, 0);
    behind.proxy().setFaults([]);
    // On the old code: "queued … will be sent when the service can be reached", while it was in flight.
    expect(task.phase).toBe('done');
    expect(task.result?.name).toBe('Followed Sheet');
    expect(task.busy).toBe(false);
  });
});
