import type { Page } from '@playwright/test';

/** A payload field filled in the page from an earlier call's answer: `{ $ref: [callIndex, 'field'] }`. */
export interface Ref {
  $ref: [number, string];
}

/**
 * Calls the browser host's IPC from inside the page, over one WebSocket of its own with the page's
 * per-launch key — the same protocol renderer/lib/ipc/ws-client.ts speaks. For test set-up only
 * (e.g. uploading an image so a later step has a real file ID); the steps under test use the UI.
 * The calls share the socket (main ends a staging when its socket closes), and a payload field may
 * take an earlier answer's field (a staging id, an entry id).
 */
export async function pageIpc<T>(
  page: Page,
  calls: Array<{ channel: string; payload: Record<string, unknown> }>,
): Promise<T[]> {
  return page.evaluate(async (list) => {
    // This body runs in the page; the test tsconfig has no DOM lib, so the one DOM global is typed here.
    const g = globalThis as unknown as {
      location: { href: string; protocol: string; port: string };
      sessionStorage: { getItem(k: string): string | null };
    };
    // The page moved the key from the URL's fragment to this tab's sessionStorage (renderer/lib/ipc/host-key.ts).
    const enc = new TextEncoder();
    const key = await crypto.subtle.importKey(
      'raw',
      enc.encode(g.sessionStorage.getItem('benchlink.hostKey') ?? ''),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const hex = (b: ArrayBuffer | Uint8Array) =>
      Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
    const mac = async (text: string) => hex(await crypto.subtle.sign('HMAC', key, enc.encode(text)));
    // shared/ipc/host-handshake.ts, page side (the host's proof is not checked: this is our own host).
    const pageNonce = hex(crypto.getRandomValues(new Uint8Array(32)));
    const url = new URL('/ipc', g.location.href);
    url.protocol = g.location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = new URLSearchParams({ n: pageNonce }).toString();
    const ws = new WebSocket(url.href);
    await new Promise<void>((resolve, reject) => {
      ws.onerror = reject;
      ws.onmessage = (ev) => {
        const msg = JSON.parse(String(ev.data)) as { hello?: { nonce: string }; ready?: boolean };
        if (msg.ready) return resolve();
        if (!msg.hello) return;
        const input = `benchlink-host-handshake-v1|page|${g.location.port}|${pageNonce}|${msg.hello.nonce}`;
        void mac(input).then((auth) => ws.send(JSON.stringify({ auth })));
      };
    });
    const results: Array<Record<string, unknown>> = [];
    for (const [i, c] of list.entries()) {
      const payload = Object.fromEntries(
        Object.entries(c.payload).map(([k, v]) => {
          const ref = (v as { $ref?: [number, string] } | null)?.$ref;
          return [k, ref ? results[ref[0]]?.[ref[1]] : v];
        }),
      );
      const answer = new Promise<unknown>((resolve) => {
        ws.onmessage = (ev) => {
          const msg = JSON.parse(String(ev.data)) as { id?: number; result?: unknown };
          if (msg.id === i + 1) resolve(msg.result);
        };
      });
      ws.send(JSON.stringify({ id: i + 1, channel: c.channel, payload }));
      const result = (await answer) as { ok: boolean; value?: Record<string, unknown>; error?: { message: string } };
      if (!result.ok) throw new Error(`${c.channel}: ${result.error?.message ?? 'failed'}`);
      results.push(result.value ?? {});
    }
    ws.close();
    return results;
  }, calls) as Promise<T[]>;
}

const ref = (call: number, field: string): Ref => ({ $ref: [call, field] });

/** A 1×1 PNG, staged and uploaded through the outbox; answers the service's file ID. */
export async function uploadTinyPng(page: Page, name: string): Promise<string> {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const size = Buffer.from(png, 'base64').length;
  const answers = await pageIpc<{ state?: string; result?: { fileId?: string } }>(page, [
    { channel: 'upload.stageBegin', payload: { name, size } },
    { channel: 'upload.stageChunk', payload: { stagingId: ref(0, 'stagingId'), offset: 0, base64: png } },
    { channel: 'upload.stageFinish', payload: { stagingId: ref(0, 'stagingId') } },
    { channel: 'upload.enqueue', payload: { stagedId: ref(2, 'stagedId') } },
    { channel: 'outbox.await', payload: { id: ref(3, 'id'), timeoutMs: 20_000 } },
  ]);
  const settled = answers[4];
  if (settled?.state !== 'done' || !settled.result?.fileId)
    throw new Error(`upload did not complete: ${JSON.stringify(settled)}`);
  return settled.result.fileId;
}
