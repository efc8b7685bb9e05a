/**
 * The real browser host in a process of its own, over a router whose handlers are spies, for a test
 * of a host that stops answering: a call to `app.status` holds the process's event loop in a busy
 * loop for BUSY_MS (as a slow synchronous step in main would), so the host answers nothing, pings
 * included, until it ends; a call to `token.status` is answered only after BUSY_MS, while the loop
 * turns (slow, not stuck). Prints `listening <port>` when ready. The key comes in HOST_SECRET.
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
    if ((message as { channel?: unknown }).channel === 'app.status') {
      const until = Date.now() + busyMs;
      while (Date.now() < until) {
        // The event loop is held: no socket is read or written meanwhile.
      }
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
process.stdout.write(`listening ${host.port}\n`);
