import { afterEach, describe, expect, it } from 'vitest';
import { createLabClient } from '../../../main/api/index.js';
import type { StartSandbox } from '../../../main/connection/types.js';
import { startSandbox } from '../../../main/sandbox/server.js';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { freePort } from '../../helpers/free-port.js';
import { foundRow } from '../../helpers/found-row.js';
import { openChanges } from '../../helpers/open-changes.js';

/**
 * A queued change belongs to the service it was queued for. These switch the connection with changes
 * waiting and read the services themselves (over HTTP) to see where the change landed.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

async function service(port = 0): Promise<TestSandbox> {
  const s = await startTestSandbox({ port, dbPath: ':memory:' });
  cleanups.push(() => s.close());
  return s;
}

async function app(options: Parameters<typeof inProcessApi>[0]): Promise<InProcess> {
  const env = await inProcessApi(options);
  cleanups.push(() => env.close());
  return env;
}

/** The Notes of a demo sample, read from that service itself. */
async function notesOn(s: TestSandbox, id: string): Promise<unknown> {
  const client = createLabClient({
    connection: { baseUrl: s.url, filesUrl: s.url, eventsUrl: s.url, mode: 'v2' },
    token: async () => s.demoToken,
  });
  for (let page = 1; page <= 10; page++) {
    const r = await client.fetchLabsheetRows({ labsheet: 'Samples', page, pageSize: 100 });
    const idAt = r.headers.indexOf('Sample ID');
    const row = r.rows.find((x) => (x as unknown[])[idAt] === id) as unknown[] | undefined;
    if (row) return row[r.headers.indexOf('Notes')];
    if (r.rows.length < 100) break;
  }
  throw new Error(`${id} not found`);
}

const rowUpdate = (notes: string) =>
  ({
    type: 'row-update',
    labsheet: 'Samples',
    idColumn: 'Sample ID',
    id: 'S-0152',
    changes: { Notes: notes },
  }) as const;

const custom = (url: string) => ({ kind: 'custom', baseUrl: url, filesUrl: url, eventsUrl: url, mode: 'v2' }) as const;

describe('changes wait for the service they were queued for', () => {
  it('real service down → switch to the sandbox: the real work stays queued, then reaches the real service on the switch back', async () => {
    const port = await freePort();
    const real = `http://127.0.0.1:${port}`;
    const env = await app({ service: real });
    await env.call('token.set', { token: 'not-yet-known', connection: custom(real) });
    const { id } = await env.call('outbox.enqueue', { intent: rowUpdate('REAL WORK for the real service') });
    expect((await env.call('outbox.await', { id, timeoutMs: 2_000 })).state).not.toBe('done');

    await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
    await env.call('outbox.syncNow', {});
    expect((await env.call('outbox.await', { id, timeoutMs: 3_000 })).state).toBe('pending');
    const row = foundRow(await env.call('cache.row', { labsheet: 'Samples', value: 'S-0152' }));
    expect(row?.row['Notes']).not.toBe('REAL WORK for the real service');

    // Said plainly: how many, and for which service.
    const services = await env.call('outbox.services', {});
    expect(services.current).toMatchObject({ waiting: 0, failed: 0, uncertain: 0 });
    expect(services.elsewhere).toEqual([
      {
        service: expect.any(String),
        label: expect.stringContaining(real),
        ...openChanges({ waiting: 1 }),
        discardable: 1,
        sending: 0,
      },
    ]);
    expect((await env.call('outbox.counts', {})).elsewhere).toBe(1);
    // The Outbox lists what its counts count (the service in use's), and says how many more wait elsewhere.
    expect((await env.call('outbox.list', {})).map((e) => e.id)).not.toContain(id);
    expect(await env.call('outbox.listTotal', {})).toEqual({
      total: 0,
      elsewhere: [{ service: expect.any(String), label: expect.stringContaining(real), n: 1 }],
    });

    // The real service comes back on its address; switching back sends the change there.
    const realService = await service(port);
    await env.call('settings.set', { connection: custom(real) });
    await env.call('token.set', { token: realService.demoToken, connection: custom(real) });
    await env.call('outbox.syncNow', {});
    expect((await env.call('outbox.await', { id, timeoutMs: 15_000 })).state).toBe('done');
    expect(await notesOn(realService, 'S-0152')).toBe('REAL WORK for the real service');
  }, 40_000);

  it('sandbox → real: a demo change queued before the switch never lands on the real service', async () => {
    // The embedded sandbox is held starting, so the demo change is still queued when the user switches.
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    const slowSandbox: StartSandbox = async (o) => {
      await gate;
      return startSandbox(o);
    };
    const realService = await service();
    const env = await app({ startSandbox: slowSandbox });
    const { id } = await env.call('outbox.enqueue', { intent: rowUpdate('demo scribble') });
    await env.call('settings.set', { connection: custom(realService.url) });
    await env.call('token.set', { token: realService.demoToken, connection: custom(realService.url) });
    release();
    await env.call('outbox.syncNow', {});
    expect((await env.call('outbox.await', { id, timeoutMs: 3_000 })).state).toBe('pending');
    expect(await notesOn(realService, 'S-0152')).not.toBe('demo scribble');

    // "Discard them": the demo change is dropped for good, never sent anywhere.
    const [waiting] = (await env.call('outbox.services', {})).elsewhere;
    expect(waiting?.label).toContain('local sandbox');
    expect(await env.call('outbox.discardWaiting', { service: waiting!.service })).toEqual({ discarded: 1 });
    expect((await env.call('outbox.await', { id, timeoutMs: 100 })).state).toBe('discarded');
    expect((await env.call('outbox.services', {})).elsewhere).toEqual([]);
  }, 40_000);

  it('custom → custom: a change for service A is not sent to service B, and the queue for B still goes', async () => {
    const a = `http://127.0.0.1:${await freePort()}`;
    const b = await service();
    const env = await app({ service: a });
    const { id: forA } = await env.call('outbox.enqueue', { intent: rowUpdate('for A') });
    expect((await env.call('outbox.await', { id: forA, timeoutMs: 2_000 })).state).not.toBe('done');

    await env.call('settings.set', { connection: custom(b.url) });
    await env.call('token.set', { token: b.demoToken, connection: custom(b.url) });
    const { id: forB } = await env.call('outbox.enqueue', {
      intent: { ...rowUpdate('for B'), id: 'S-0153' },
    });
    await env.call('outbox.syncNow', {});
    expect((await env.call('outbox.await', { id: forB, timeoutMs: 15_000 })).state).toBe('done');
    expect((await env.call('outbox.await', { id: forA, timeoutMs: 500 })).state).toBe('pending');
    expect(await notesOn(b, 'S-0152')).not.toBe('for A');
    expect(await notesOn(b, 'S-0153')).toBe('for B');
  }, 40_000);

  it('refused changes are counted apart from those waiting to be sent: a switch back sends only the latter', async () => {
    const env = await app({});
    const { id: refused } = await env.call('outbox.enqueue', {
      intent: { ...rowUpdate('x'), changes: { Status: 'bogus-status' } },
    });
    expect((await env.call('outbox.await', { id: refused, timeoutMs: 10_000 })).state).toBe('failed');
    expect((await env.call('outbox.services', {})).current).toMatchObject({
      waiting: 0,
      failed: 0,
      refused: 1,
      superseded: 0,
      uncertain: 0,
    });

    // Moved to an address where nothing listens, with one more change queued for it.
    const away = `http://127.0.0.1:${await freePort()}`;
    await env.call('settings.set', { connection: custom(away) });
    const { id: waiting } = await env.call('outbox.enqueue', { intent: rowUpdate('for the away service') });
    await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
    expect((await env.call('outbox.await', { id: waiting, timeoutMs: 500 })).state).toBe('pending');
    const services = await env.call('outbox.services', {});
    expect(services.current).toMatchObject({ waiting: 0, failed: 0, refused: 1, uncertain: 0 });
    expect(services.elsewhere).toEqual([
      {
        service: expect.any(String),
        label: expect.stringContaining(away),
        ...openChanges({ waiting: 1 }),
        discardable: 1,
        sending: 0,
      },
    ]);
  }, 40_000);

  it('reads do not mix services: after a switch the cache answers with the new service, not the old one', async () => {
    const a = await service();
    const b = await service();
    const onB = createLabClient({
      connection: { baseUrl: b.url, filesUrl: b.url, eventsUrl: b.url, mode: 'v2' },
      token: async () => b.demoToken,
    });
    await onB.updateRowsById({ labsheet: 'Samples', rows: [{ 'Sample ID': 'S-0152', Notes: 'only on B' }] });
    const env = await app({ service: a.url });
    await env.call('token.set', { token: a.demoToken, connection: custom(a.url) });
    expect(foundRow(await env.call('cache.row', { labsheet: 'Samples', value: 'S-0152' }))?.row['Notes']).not.toBe(
      'only on B',
    );
    await env.call('settings.set', { connection: custom(b.url) });
    await env.call('token.set', { token: b.demoToken, connection: custom(b.url) });
    expect(foundRow(await env.call('cache.row', { labsheet: 'Samples', value: 'S-0152' }))?.row['Notes']).toBe(
      'only on B',
    );
  }, 40_000);
});
