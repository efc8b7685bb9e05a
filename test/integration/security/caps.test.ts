import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS } from '../../../main/host/server.js';
import { DEFAULT_AWAIT_LIMITS } from '../../../main/ipc/bridges/outbox-bridge.js';
import { startTestHost, type HostSocket, type TestHost } from '../../helpers/browser-host.js';

const lines: string[] = [];
const log = {
  info: () => undefined,
  warn: (m: string, f?: Record<string, unknown>) => void lines.push(`${m} ${JSON.stringify(f ?? {})}`),
  error: (m: string, f?: Record<string, unknown>) => void lines.push(`${m} ${JSON.stringify(f ?? {})}`),
};
const WINDOW_MS = 400;
let host: TestHost;

async function until(check: () => boolean, what: string, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  host = await startTestHost({ log, refusalLog: { max: 20, windowMs: WINDOW_MS } });
});
afterAll(async () => {
  await host?.close();
});

describe('a page cannot exhaust main through the browser host', () => {
  it('logs at most N refusals per window, then one line with how many more there were', async () => {
    const page = await host.connect();
    lines.length = 0;
    const FLOOD = 2_000;
    const answers = [];
    for (let i = 0; i < FLOOD; i += 1) answers.push(page.call('no.such.channel', { i }));
    expect((await Promise.all(answers)).every((r) => !r.ok)).toBe(true);
    expect(lines.filter((l) => l.startsWith('ipc message rejected '))).toHaveLength(20);
    await until(() => lines.some((l) => l.includes('without a log line')), 'the summary line', WINDOW_MS * 5);
    const summary = lines.find((l) => l.includes('without a log line'))!;
    expect(summary).toContain(`"count":${FLOOD - 20}`);
    expect(lines.join('\n').length).toBeLessThan(20_000);
    await page.close();
  });

  it(`accepts at most ${MAX_SOCKETS} sockets at once, and a closed one frees its place`, async () => {
    const pages: HostSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS; i += 1) pages.push(await host.connect());
    await expect(host.connect()).rejects.toThrow('upgrade refused: 503');
    await pages.pop()!.close();
    let again: HostSocket | null = null;
    await until(() => true, 'noop');
    for (let tries = 0; tries < 50 && !again; tries += 1) {
      again = await host.connect().catch(() => null);
      if (!again) await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).not.toBeNull();
    pages.push(again!);
    for (const p of pages) await p.close();
  });

  it('caps waiting outbox.await calls per socket and in total; a closed socket ends its waits', async () => {
    const { perConnection, total } = DEFAULT_AWAIT_LIMITS;
    const first = await host.connect();
    // A service that is not there: the entry waits for the network, pending, for as long as the test needs.
    const nowhere = 'http://127.0.0.1:1';
    await first.value('settings.set', {
      connection: { kind: 'custom', baseUrl: nowhere, filesUrl: nowhere, eventsUrl: nowhere, mode: 'v2' },
    });
    const { id } = await first.value<{ id: number }>('outbox.enqueue', {
      intent: {
        type: 'well-set',
        manifest: { uuid: '00000000-0000-4000-8000-000000000001' },
        position: 'A1',
        label: 'BLANK',
      },
    });
    const wait = (p: HostSocket) => p.call('outbox.await', { id, timeoutMs: 600_000 });
    for (let i = 0; i < perConnection; i += 1) void wait(first);
    expect(await wait(first)).toMatchObject({
      ok: false,
      error: {
        code: 'failed',
        message: `${perConnection} calls are already waiting for outbox entries; wait for one to finish.`,
      },
    });

    const others: HostSocket[] = [];
    for (let n = perConnection; n < total; n += perConnection) {
      const p = await host.connect();
      others.push(p);
      for (let i = 0; i < perConnection; i += 1) void wait(p);
    }
    const late = await host.connect();
    // Ordered after the others' calls on their own sockets; give them the moment they need to register.
    await new Promise((r) => setTimeout(r, 100));
    expect(await wait(late)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^\d+ calls are already waiting/) },
    });

    await first.close();
    let freed = false;
    for (let tries = 0; tries < 50 && !freed; tries += 1) {
      const r = await late.call('outbox.await', { id, timeoutMs: 1 });
      freed = r.ok;
      if (!freed) await new Promise((res) => setTimeout(res, 20));
    }
    expect(freed).toBe(true);
    for (const p of [...others, late]) await p.close();
  });
});
