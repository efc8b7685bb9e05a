/**
 * A location create is answered with a requestId only: the service makes the location later, or not.
 * What its status says after the answer stands on the entry: a failure fails it with the service's words,
 * a request still not completed after the last read is left unsure, never silently done, never resent.
 * Real SQLite outbox, fake clock, scripted transport.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLabClient } from '../../../../main/api/index.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { followLocationRequest, LOCATION_POLLS } from '../../../../main/sync/reconcile.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { locationCreateAnswered } from './location-follow-setup.js';

const create: Intent = { type: 'location-create', request: { locations: [{ name: 'Freezer 3', parent: 'Room 1' }] } };
const status = (s: string, message = '', created: { name: string; uuid: string }[] | null = null) => ({
  success: true,
  requestId: 'r-1',
  status: s,
  message,
  result: created === null ? null : { created },
});

describe('a location create followed after its answer', () => {
  const { platform, files, drive, answered } = locationCreateAnswered(create, 100);

  it('fails with the service’s words when the request failed (parent is full)', async () => {
    const id = answered();
    const transport = fakeTransport([], { fetchLocationCreateStatus: () => status('FAILED', 'parent is full') });
    await drive(followLocationRequest(files.outbox, transport, platform, id, 'r-1', new AbortController().signal));
    const e = files.outbox.get(id)!;
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'rejected' } });
    expect(e.lastError!.message).toMatch(/did not make the location \(FAILED\): "parent is full"/);
  });

  it('fails with the service’s words when the status is answered success: false with FAILED (the real client)', async () => {
    // The real API client throws on a `success: false` answer before its fields are read: on the old code
    // the throw was taken for a status not read, and the entry ended unsure, the service's words lost.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, requestId: 'r-1', status: 'FAILED', message: 'parent is full' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = createLabClient({
        connection: { baseUrl: url, filesUrl: url, eventsUrl: url, mode: 'v2' },
        token: async () => 'token',
        retry: { attempts: 1 },
        sleep: async () => undefined,
      });
      const id = answered();
      await drive(followLocationRequest(files.outbox, client, platform, id, 'r-1', new AbortController().signal));
      const e = files.outbox.get(id)!;
      expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'rejected' } });
      expect(e.lastError!.message).toMatch(/did not make the location.*"parent is full"/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('is left unsure with the last status when it never completes, and is not sent again', async () => {
    const calls: Calls = [];
    const id = answered();
    const transport = fakeTransport(calls, { fetchLocationCreateStatus: () => status('IN_PROGRESS') });
    await drive(followLocationRequest(files.outbox, transport, platform, id, 'r-1', new AbortController().signal));
    const e = files.outbox.get(id)!;
    expect(e).toMatchObject({ state: 'uncertain', lastError: { kind: 'not-confirmed' } });
    expect(e.lastError!.message).toMatch(/IN_PROGRESS/);
    expect(calls.filter((c) => c.name === 'fetchLocationCreateStatus')).toHaveLength(LOCATION_POLLS);
    expect(calls.filter((c) => c.name === 'createLocations')).toHaveLength(0);
  });

  it('takes "Completed" in any case as done, and reads for about half a minute before it is unsure', async () => {
    const calls: Calls = [];
    const id = answered();
    let n = 0;
    const created = [{ name: 'Freezer 3', uuid: 'loc-1' }];
    // The service makes it after about 20 s of reads; read for 3 s, it ended "not confirmed".
    const transport = fakeTransport(calls, {
      fetchLocationCreateStatus: () => (++n < 9 ? status('In progress') : status('Completed', '', created)),
    });
    await drive(followLocationRequest(files.outbox, transport, platform, id, 'r-1', new AbortController().signal));
    expect(files.outbox.get(id)).toMatchObject({ state: 'done', result: { created } });
  });

  it('keeps the created uuids when it completes', async () => {
    const id = answered();
    const created = [{ name: 'Freezer 3', uuid: 'loc-1' }];
    const transport = fakeTransport([], { fetchLocationCreateStatus: () => status('COMPLETED', '', created) });
    await drive(followLocationRequest(files.outbox, transport, platform, id, 'r-1', new AbortController().signal));
    expect(files.outbox.get(id)).toMatchObject({ state: 'done', result: { created } });
  });

  it('through the engine: a create whose request then fails does not stay done', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      createLocations: () => ({ success: true, requestId: 'r-1' }),
      fetchLocationCreateStatus: () => status('FAILED', 'parent is full'),
    });
    const id = files.outbox.enqueue(create);
    const engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    await engine.syncNow();
    for (let i = 0; i < 20 && files.outbox.get(id)!.state === 'done'; i++) {
      await new Promise((r) => setImmediate(r));
      platform.advance(1_000);
    }
    expect(files.outbox.get(id)).toMatchObject({ state: 'failed', lastError: { kind: 'rejected' } });
    expect(calls.filter((c) => c.name === 'createLocations')).toHaveLength(1);
    await engine.stop();
  });
});
