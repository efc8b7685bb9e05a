import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { freePort } from '../../helpers/free-port.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';

/**
 * The Outbox tells the user that changes kept for another service are "sent when you switch back to
 * it in Settings". The switch back is all the user does: no Sync now, no new scan. The real main
 * in-process; service A a real sandbox that is down while the change is queued, then back.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await Promise.resolve(c()).catch(() => undefined);
});

const custom = (url: string) => ({ kind: 'custom', baseUrl: url, filesUrl: url, eventsUrl: url, mode: 'v2' }) as const;
const note = (id: string, notes: string) =>
  ({ type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id, changes: { Notes: notes } }) as const;

describe('switching back to a service', () => {
  it('sends the changes kept for it, with nothing else asked of the user', async () => {
    const temp = tempDir('switch-back-');
    cleanups.push(() => temp.cleanup());
    const port = await freePort();
    const real = `http://127.0.0.1:${port}`;
    const dbPath = path.join(temp.dir, 'service-a.db');
    // Service A on a file, so it knows the same token when it comes back; down while the change is queued.
    const first: TestSandbox = await startTestSandbox({ port, dbPath });
    const token = first.demoToken;
    await first.close();

    const env: InProcess = await inProcessApi({ service: real });
    cleanups.push(() => env.close());
    await env.call('token.set', { token, connection: custom(real) });
    const { id } = await env.call('outbox.enqueue', { intent: note('S-0152', 'for A') });
    expect((await env.call('outbox.await', { id, timeoutMs: 1_500 })).state).toBe('pending');

    // Work on the local sandbox meanwhile: its queue runs and is healthy.
    await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
    const { id: local } = await env.call('outbox.enqueue', { intent: note('S-0153', 'for the sandbox') });
    expect((await env.call('outbox.await', { id: local, timeoutMs: 20_000 })).state).toBe('done');

    const back: TestSandbox = await startTestSandbox({ port, dbPath });
    cleanups.push(() => back.close());
    await env.call('settings.set', { connection: custom(real) });
    // Only read the state (timeoutMs 0 nudges no sync), as the Outbox screen does.
    const end = Date.now() + 8_000;
    let state = '';
    while (Date.now() < end && state !== 'done') {
      state = (await env.call('outbox.await', { id, timeoutMs: 0 })).state;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('done');
  }, 60_000);
});
