/**
 * Upload answers that say the file never reached the service, or cannot have been stored: the real client
 * over loopback HTTP (the stub server as the service, and a files address that cuts the connection part-way
 * through the body), the sync engine on a fake clock, the real outbox file.
 * On the old code:
 * - a 4xx web page of something in front of the service (nginx's 413 for a body over its limit, a proxy's
 *   403 "blocked" page) made the upload "Unsure whether it arrived" at once, and "Send again" only got
 *   the same page again;
 * - a 408 answered every time ended "gave-up" (said "Unsure whether it arrived"), though a 408 says the
 *   request was not taken;
 * - a connection cut while the body was on its way was said as "the files address could not be reached
 *   each time … Check the Files URL", though it was reached every time.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLabClient, TimeoutError } from '../../../../main/api/index.js';
import { entryMayHaveArrived } from '../../../../main/outbox/may-have-arrived.js';
import { GAVE_UP_UNSENT, MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { stageFile, uploadIntent } from '../../../../main/staging/index.js';
import { failedEntryShown } from '../../../../shared/outbox-words/shown-state.js';
import { shownError, shownErrorLine } from '../../../../shared/outbox-words/shown-error.js';
import { startStub, type Stub } from '../api/stub-server.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const UPLOAD = '/files/store-and-embed';
const NGINX_413 =
  '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n' +
  '<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const PROXY_403 =
  '<!DOCTYPE html><html><body><h1>Access blocked</h1><p>This site is blocked by policy.</p></body></html>';

/** A files address that takes the connection, reads the first part of the body, then cuts it. */
async function cuttingServer(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer((req) => {
    requests += 1;
    req.once('data', () => req.socket.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('an upload that did not reach the service is not "unsure"', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let stub: Stub;
  let engine: SyncEngine | null = null;
  beforeEach(async () => {
    stub = await startStub();
  });
  afterEach(async () => {
    await engine?.stop();
    engine = null;
    await stub.close();
  });

  async function queueUpload(filesUrl: string, bytes: Buffer = Buffer.from('a,b\n1,2\n')) {
    const src = path.join(files.dir, 'run.csv');
    writeFileSync(src, bytes);
    const staged = await stageFile(src, path.join(files.dir, 'staging'), 'run.csv');
    const [id] = files.outbox.enqueueMany([uploadIntent(staged, 'run.csv')]);
    const client = createLabClient({
      connection: { baseUrl: stub.url, filesUrl, eventsUrl: stub.url, mode: 'v2' },
      token: async () => 'tok',
      retry: { attempts: 1 },
    });
    engine = createSyncEngine({ outbox: files.outbox, transport: client, platform });
    return id!;
  }
  /** Each try in turn, every backoff run out. */
  async function tries(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      platform.advance(10 * 60_000);
      await engine!.syncNow();
    }
  }
  const uploadsSeen = () => stub.seen.filter((r) => r.path === UPLOAD).length;
  const shown = (id: number) => {
    const e = files.outbox.get(id)!;
    return failedEntryShown(e.lastError, entryMayHaveArrived(e));
  };

  it("nginx's 413 page: refused at once as too large, not unsure; not sent again", async () => {
    stub.script({ status: 413, raw: NGINX_413, headers: { 'content-type': 'text/html' } });
    const id = await queueUpload(stub.url);
    await tries(3);
    const e = files.outbox.get(id)!;
    expect(e.state).toBe('failed');
    expect(e.uncertainAttempts).toBe(0);
    expect(shown(id)).toBe('refused');
    expect(e.lastError?.message).toContain('HTTP 413');
    const line = shownErrorLine(shownError(e.lastError!));
    expect(line).toMatch(/too large for the service or a proxy in front of it/);
    expect(line).not.toMatch(/The service said/);
    expect(uploadsSeen()).toBe(1);
  });

  it('a 413 in the service’s JSON: refused as too large, with its words', async () => {
    stub.script({ status: 413, body: { success: false, message: 'Payload Too Large' } });
    const id = await queueUpload(stub.url);
    await tries(2);
    const e = files.outbox.get(id)!;
    expect(e.state).toBe('failed');
    expect(shown(id)).toBe('refused');
    expect(e.lastError?.message).toMatch(/too large for the service or a proxy in front of it/);
    expect(e.lastError?.message).toContain('Payload Too Large');
    expect(uploadsSeen()).toBe(1);
  });

  it("a proxy's 403 page: tried again within the bound, never unsure, then failed as not on the service", async () => {
    stub.script({ status: 403, raw: PROXY_403, headers: { 'content-type': 'text/html' } });
    const id = await queueUpload(stub.url);
    await tries(1);
    expect(files.outbox.get(id)!).toMatchObject({ state: 'pending', uncertainAttempts: 0 });
    await tries(MAX_ANSWERED_FAILURES + 1);
    const e = files.outbox.get(id)!;
    expect(e).toMatchObject({ state: 'failed', uncertainAttempts: 0, lastError: { kind: GAVE_UP_UNSENT } });
    expect(shown(id)).toBe('failed');
    expect(e.lastError?.message).toMatch(/web page/);
    expect(uploadsSeen()).toBe(MAX_ANSWERED_FAILURES);
  });

  it('a 408 every time: failed, not on the service (Retry), not "unsure"', async () => {
    stub.script({ status: 408, raw: '' });
    const id = await queueUpload(stub.url);
    await tries(MAX_ANSWERED_FAILURES + 1);
    const e = files.outbox.get(id)!;
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: GAVE_UP_UNSENT } });
    expect(e.lastError?.message).toContain('HTTP 408');
    expect(entryMayHaveArrived(e)).toBeNull();
    expect(shown(id)).toBe('failed');
    expect(uploadsSeen()).toBe(MAX_ANSWERED_FAILURES);
  });

  it('a connection cut during the transfer is said so, not as an address that could not be reached', async () => {
    const cut = await cuttingServer();
    try {
      // Large enough that the body is still on its way when the first part arrives and the connection goes.
      const id = await queueUpload(cut.url, randomBytes(8 * 1024 * 1024));
      await tries(1);
      const waiting = files.outbox.get(id)!;
      expect(waiting.state).toBe('pending');
      expect(waiting.lastError?.message).toMatch(/cut during the transfer/);
      expect(waiting.lastError?.message).not.toMatch(/could not be reached/);
      await tries(MAX_ANSWERED_FAILURES + 1);
      const e = files.outbox.get(id)!;
      expect(e).toMatchObject({ state: 'failed', lastError: { kind: GAVE_UP_UNSENT } });
      expect(cut.requests()).toBe(MAX_ANSWERED_FAILURES);
      expect(e.lastError?.message).toMatch(/cut .*during the transfer/);
      expect(e.lastError?.message).not.toMatch(/could not be reached|Files URL/);
      expect(entryMayHaveArrived(e)).toBeNull();
    } finally {
      await cut.close();
    }
  });
});

describe('an upload that timed out before its body had wholly been sent', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let engine: SyncEngine | null = null;
  afterEach(async () => {
    await engine?.stop();
    engine = null;
  });

  async function timesOutEachTime(sentUnanswered: boolean) {
    const src = path.join(files.dir, 'run.csv');
    writeFileSync(src, 'a,b\n1,2\n');
    const staged = await stageFile(src, path.join(files.dir, 'staging'), 'run.csv');
    const [id] = files.outbox.enqueueMany([uploadIntent(staged, 'run.csv')]);
    // The main service answers its probe; the files address times out each time.
    const transport = fakeTransport([], {
      storeAndEmbedFiles: () => {
        throw new TimeoutError('no answer in time', {
          endpoint: 'storeAndEmbedFiles',
          reason: 'Timeout awaiting socket for 60000ms',
          sentUnanswered,
        });
      },
    });
    engine = createSyncEngine({ outbox: files.outbox, transport, platform });
    for (let i = 0; i < MAX_ANSWERED_FAILURES + 1; i++) {
      platform.advance(10 * 60_000);
      await engine.syncNow();
    }
    return files.outbox.get(id!)!;
  }

  it('is not on the service: failed, with Retry, not "unsure"', async () => {
    const e = await timesOutEachTime(false);
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: GAVE_UP_UNSENT } });
    expect(entryMayHaveArrived(e)).toBeNull();
    expect(failedEntryShown(e.lastError, entryMayHaveArrived(e))).toBe('failed');
  });

  it('once the whole body had left, it may be there: unsure', async () => {
    const e = await timesOutEachTime(true);
    expect(e.state).toBe('failed');
    expect(failedEntryShown(e.lastError, entryMayHaveArrived(e))).toBe('uncertain');
  });
});
