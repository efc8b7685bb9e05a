import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { LabsheetBrowser } from '../../../../../renderer/workflows/data/labsheet-browser.svelte.js';
import { WriteTask } from '../../../../../renderer/workflows/data/write-task.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/** The Data screen's reads and writes while another is on its way: the real main in-process (demo data). */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Main, with row reads taking 300 ms as a real service's may. */
const slowRows = (api: BenchlinkApi): BenchlinkApi => ({
  ...api,
  invoke: (async (channel: string, payload: unknown) => {
    if (channel === 'lab.fetchLabsheetRows') await sleep(300);
    return api.invoke(channel as 'lab.fetchLabsheetRows', payload as never);
  }) as BenchlinkApi['invoke'],
});

describe('Data screen', () => {
  it('a scan search stopped before it read every row is not answered "0 rows"', async () => {
    const b = new LabsheetBrowser(slowRows(env.api));
    await b.openLabsheet('Samples');
    const scanning = b.scanSearch('S-0123');
    await sleep(100);
    b.search.cancel(); // Stop
    const answer = await scanning;
    expect(answer.ok).toBe(false);
    expect(answer.text).toMatch(/^Search for S-0123 in Samples not finished: it was stopped before every row was read/);
  });

  it('a write submitted again while the first is on its way (Ctrl+Enter twice) is queued once', async () => {
    const task = new WriteTask(env.api, null, (raw) => raw);
    const hook = { type: 'webhook', payload: { event: 'twice?' } } as const;
    await Promise.all([task.submit(hook, 0), task.submit(hook, 0)]);
    // Every state: the webhook is followed to done, which the default (open) list leaves out.
    const listed = await env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] });
    const hooks = listed.filter((e) => JSON.stringify(e.intent).includes('twice?'));
    expect(hooks).toHaveLength(1);
  });

  it('the same write pressed again while it waits in the outbox (offline) is not queued twice; another is', async () => {
    // The service does not answer in the wait: the panel says "queued", and the form keeps its values.
    const noAnswer: BenchlinkApi = {
      ...env.api,
      invoke: (async (channel: string, payload: unknown) =>
        channel === 'outbox.await'
          ? {
              ok: true,
              value: { state: 'pending', result: null, error: { kind: 'network', message: 'offline', at: 0 } },
            }
          : env.api.invoke(channel as 'outbox.list', payload as never)) as BenchlinkApi['invoke'],
    };
    const task = new WriteTask(noAnswer, null, (raw) => raw);
    const make = (name: string) => ({ type: 'labspace-create', request: { name } }) as const;
    const count = async (name: string) =>
      (await env.call('outbox.list', {})).filter((e) => JSON.stringify(e.intent).includes(name)).length;
    await task.submit(make('Twice Lab'), 0);
    expect(task.phase).toBe('queued');
    await task.submit(make('Twice Lab'), 0);
    expect(await count('Twice Lab')).toBe(1);
    expect(task.error?.text).toMatch(/^Already in the outbox as entry #\d+/);
    await task.submit(make('Other Lab'), 0);
    expect(await count('Other Lab')).toBe(1);
  });

  it('a search after the labsheet lost a column elsewhere reads the rows again first, not "0 rows" of another column', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    const task = new WriteTask(env.api, await env.service(), (raw) => raw);
    await task.submit({ type: 'delete-column', request: { labsheet: 'Samples', columnName: 'Tube Barcode' } });
    await b.runSearch('received', 'Status'); // the page shown still lists Tube Barcode
    expect(b.headers).not.toContain('Tube Barcode');
    const at = b.headers.indexOf('Status');
    expect([b.search.error, b.search.finished, (b.search.results?.length ?? 0) > 0]).toEqual([null, true, true]);
    expect(b.search.results!.every((r) => String(r[at]).includes('received'))).toBe(true);
  });
});
