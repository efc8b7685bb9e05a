import type { Page } from '@playwright/test';

/**
 * Calls the browser host's IPC from inside the page, over a WebSocket of its own with the page's
 * per-launch key — the same protocol renderer/lib/ipc/ws-client.ts speaks. For test set-up only
 * (e.g. uploading an image so a later step has a real file ID); the steps under test use the UI.
 */
export async function pageIpc<T>(page: Page, calls: Array<{ channel: string; payload: unknown }>): Promise<T[]> {
  return page.evaluate(async (list) => {
    // This body runs in the page; the test tsconfig has no DOM lib, so the one DOM global is typed here.
    const here = (globalThis as unknown as { location: { href: string; protocol: string } }).location;
    const url = new URL('/ipc', here.href);
    url.protocol = here.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = new URLSearchParams({ k: new URL(here.href).searchParams.get('k') ?? '' }).toString();
    const ws = new WebSocket(url.href);
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    const results: unknown[] = [];
    for (const [i, c] of list.entries()) {
      const answer = new Promise<unknown>((resolve) => {
        ws.onmessage = (ev) => {
          const msg = JSON.parse(String(ev.data)) as { id?: number; result?: unknown };
          if (msg.id === i + 1) resolve(msg.result);
        };
      });
      ws.send(JSON.stringify({ id: i + 1, channel: c.channel, payload: c.payload }));
      const result = (await answer) as { ok: boolean; value?: unknown; error?: { message: string } };
      if (!result.ok) throw new Error(`${c.channel}: ${result.error?.message ?? 'failed'}`);
      results.push(result.value);
    }
    ws.close();
    return results;
  }, calls) as Promise<T[]>;
}

/**
 * A 1×1 PNG, staged and uploaded through the outbox; answers the service's file ID. One socket for
 * the whole staging: main abandons a staging whose socket closes.
 */
export async function uploadTinyPng(page: Page, name: string): Promise<string> {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const size = Buffer.from(png, 'base64').length;
  const settled = await page.evaluate(
    async ({ name, size, png }) => {
      const here = (globalThis as unknown as { location: { href: string; protocol: string } }).location;
      const url = new URL('/ipc', here.href);
      url.protocol = here.protocol === 'https:' ? 'wss:' : 'ws:';
      url.search = new URLSearchParams({ k: new URL(here.href).searchParams.get('k') ?? '' }).toString();
      const ws = new WebSocket(url.href);
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      let id = 0;
      const call = async <T>(channel: string, payload: unknown): Promise<T> => {
        id += 1;
        const mine = id;
        const answer = new Promise<{ ok: boolean; value?: T; error?: { message: string } }>((resolve) => {
          ws.onmessage = (ev) => {
            const msg = JSON.parse(String(ev.data)) as { id?: number; result?: never };
            if (msg.id === mine) resolve(msg.result!);
          };
        });
        ws.send(JSON.stringify({ id: mine, channel, payload }));
        const r = await answer;
        if (!r.ok) throw new Error(`${channel}: ${r.error?.message ?? 'failed'}`);
        return r.value as T;
      };
      const { stagingId } = await call<{ stagingId: string }>('upload.stageBegin', { name, size });
      await call('upload.stageChunk', { stagingId, offset: 0, base64: png });
      const { stagedId } = await call<{ stagedId: string }>('upload.stageFinish', { stagingId });
      const queued = await call<{ id: number }>('upload.enqueue', { stagedId });
      const done = await call<{ state: string; result?: { fileId?: string } }>('outbox.await', {
        id: queued.id,
        timeoutMs: 20_000,
      });
      ws.close();
      return done;
    },
    { name, size, png },
  );
  if (settled?.state !== 'done' || !settled.result?.fileId)
    throw new Error(`upload did not complete: ${JSON.stringify(settled)}`);
  return settled.result.fileId;
}
