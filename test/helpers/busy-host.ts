/**
 * The real browser host in a process of its own, over a router whose handlers are spies, for a test
 * of a host that stops answering: a call to `app.status` holds the process's event loop in a busy
 * loop for BUSY_MS (as a slow synchronous step in main would), so the host answers nothing, pings
 * included, until it ends; a call to `token.status` is answered only after BUSY_MS, while the loop
 * turns (slow, not stuck); `outbox.await` is held for its own `timeoutMs`, as main's is, and answered
 * then; `files.pickForUpload` holds the loop for BUSY_MS too, as a native dialog may while a person
 * picks files (whether main's loop turns meanwhile depends on the system: this is the harder case). Prints `listening <port>` when ready. The key comes in HOST_SECRET.
 *
 * Started with an IPC channel (`stdio: [..., 'ipc']`), it also answers `{ id, message }` sent over it
 * with `{ id, result }`, handled on its event loop as Electron's ipcMain.handle is: the renderer's
 * ipcRenderer.invoke without Electron (see electronLikeBridge).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventHub } from '../../main/ipc/events.js';
import type { Router } from '../../main/ipc/router.js';
import { startHost } from '../../main/host/server.js';
import { spyRouter } from '../unit/main/ipc/spy-router.js';

const busyMs = Number(process.env['BUSY_MS'] ?? '3000');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const spy = spyRouter().router;
const router: Router = {
  refuse: (code, reason, ctx) => spy.refuse(code, reason, ctx),
  handle(message, ctx, bytes) {
    const held = (message as { channel?: unknown }).channel;
    if (held === 'app.status' || held === 'files.pickForUpload') {
      const until = Date.now() + busyMs;
      while (Date.now() < until) {
        // The event loop is held: no socket is read or written meanwhile.
      }
    }
    if ((message as { channel?: unknown }).channel === 'outbox.await') {
      const held = (message as { payload?: { timeoutMs?: number } }).payload?.timeoutMs ?? 0;
      return new Promise((resolve) => setTimeout(() => resolve(spy.handle(message, ctx, bytes)), held));
    }
    if ((message as { channel?: unknown }).channel === 'token.status') {
      // Slow but not stuck (as a keychain waiting to be unlocked): the loop turns, pings are answered.
      return new Promise((resolve) => setTimeout(() => resolve(spy.handle(message, ctx, bytes)), busyMs));
    }
    return spy.handle(message, ctx, bytes);
  },
};
const dist = mkdtempSync(join(tmpdir(), 'benchlink-busy-host-'));
writeFileSync(join(dist, 'index.html'), '<html></html>');
const host = await startHost({
  router,
  events: createEventHub(quiet),
  distDir: dist,
  log: quiet,
  secret: process.env['HOST_SECRET'] ?? '',
});
const page = { id: 'electron-like', closed: new AbortController().signal };
process.on('message', (m: { id: number; message: unknown }) => {
  void router.handle(m.message, { transport: 'electron', connection: page }).then((result) => {
    process.send?.({ id: m.id, result });
  });
});
process.stdout.write(`listening ${host.port}\n`);
