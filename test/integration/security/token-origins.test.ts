import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHost, type HostSocket, type TestHost } from '../../helpers/browser-host.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

/** A second loopback "events host" that records what reaches it. */
function startCapture(): Promise<{ server: Server; url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'));
  });
  return new Promise((res) =>
    server.listen(0, '127.0.0.1', () =>
      res({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

let sandbox: TestSandbox;
let capture: Awaited<ReturnType<typeof startCapture>>;
let host: TestHost;
let page: HostSocket;

const custom = (events: string) => ({
  kind: 'custom',
  baseUrl: sandbox.url,
  filesUrl: sandbox.url,
  eventsUrl: events,
  // Legacy mode sends webhooks without a token too, so the capture host sees the bare request.
  mode: 'legacy',
});
const tokenSet = async () => (await page.value<{ set: boolean }>('token.status', {})).set;

async function sendWebhook(event: string): Promise<string> {
  const { id } = await page.value<{ id: number }>('outbox.enqueue', {
    intent: { type: 'webhook', payload: { event } },
  });
  return (await page.value<{ state: string }>('outbox.await', { id, timeoutMs: 10_000 })).state;
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ mode: 'legacy' });
  capture = await startCapture();
  host = await startTestHost();
  page = await host.connect();
});
afterAll(async () => {
  await host?.close();
  await sandbox?.close();
  capture?.server.close();
});

describe('the token is bound to the origins it was entered for (through the browser host)', () => {
  it('a changed eventsUrl withholds the token until it is entered again for the new origins', async () => {
    await page.value('settings.set', { connection: custom(sandbox.url) });
    await page.value('token.set', { token: sandbox.demoToken, connection: custom(sandbox.url) });
    expect(await tokenSet()).toBe(true);
    expect(await sendWebhook('before')).toBe('done');

    // Only the events address moves to another host: the page cannot take the token with it.
    await page.value('settings.set', { connection: custom(capture.url) });
    expect(await tokenSet()).toBe(false);
    expect(await sendWebhook('after-change')).toBe('done');
    expect(capture.seen).toHaveLength(1);
    expect(capture.seen[0]!.authorization).toBeUndefined();

    // Entered again for the new set of origins, it goes there (and only because the user said so).
    await page.value('token.set', { token: sandbox.demoToken, connection: custom(capture.url) });
    expect(await tokenSet()).toBe(true);
    expect(await sendWebhook('confirmed')).toBe('done');
    expect(capture.seen).toHaveLength(2);
    expect(capture.seen[1]!.authorization === `Bearer ${sandbox.demoToken}`).toBe(true);
  });

  it('a changed base or files origin withholds it too; the original origins still have theirs', async () => {
    await page.value('settings.set', { connection: custom(sandbox.url) });
    expect(await tokenSet()).toBe(true);
    await page.value('settings.set', { connection: { ...custom(sandbox.url), filesUrl: capture.url } });
    expect(await tokenSet()).toBe(false);
    await page.value('settings.set', { connection: { ...custom(sandbox.url), baseUrl: capture.url } });
    expect(await tokenSet()).toBe(false);
    // A path under the same origin is the same destination for the token.
    await page.value('settings.set', { connection: { ...custom(sandbox.url), eventsUrl: `${sandbox.url}/` } });
    expect(await tokenSet()).toBe(true);
  });

  it('refuses plain http for any address off this computer, saying why', async () => {
    for (const field of ['baseUrl', 'filesUrl', 'eventsUrl']) {
      const r = await page.call('settings.set', {
        connection: { ...custom(sandbox.url), [field]: 'http://lims.example.org' },
      });
      expect(r.ok, field).toBe(false);
      if (!r.ok) {
        expect(r.error.issues?.[0]?.path).toBe(`connection.${field}`);
        expect(r.error.issues?.[0]?.message).toMatch(/must use https/);
      }
    }
    const saved = await page.value<{ connection: { baseUrl: string } }>('settings.get', {});
    expect(saved.connection.baseUrl).toBe(sandbox.url);
    for (const ok of ['https://lims.example.org', 'http://localhost:9', 'http://[::1]:9', 'http://127.0.0.1:9'])
      expect((await page.call('settings.set', { connection: { ...custom(sandbox.url), baseUrl: ok } })).ok, ok).toBe(
        true,
      );
  });
});
