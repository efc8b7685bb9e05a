import type { BenchlinkApi } from '../../shared/ipc/api.js';
import { handleWellFillScan } from '../../renderer/workflows/well-fill/well-fill-scans.js';
import { WellFillState } from '../../renderer/workflows/well-fill/well-fill-state.svelte.js';
import type { AppOptions } from '../../main/app.js';
import { inProcessApi, type InProcess } from './in-process-api.js';
import { openForSuite } from './open-for-suite.js';
import { pageParts } from './page-on-main.js';

/**
 * Well fill's state as the screen builds it, on the real main process in-process (no transport, no
 * mocks), with tones off. `api` lets a test watch the calls the page makes.
 */
export async function wellFillOnMain(api?: (env: InProcess) => BenchlinkApi, app: Partial<AppOptions> = {}) {
  const env = await inProcessApi(app);
  const screen = await wellFillScreen(env, api?.(env));
  return {
    env,
    ...screen,
    /** Entries ever queued: pending, on their way or done (the in-process sandbox syncs them meanwhile). */
    async queued(): Promise<number> {
      const c = await env.call('outbox.counts', {});
      return c.pending + c.sending + c.done;
    },
    async close() {
      screen.stop();
      await env.close();
    },
  };
}

/**
 * Well fill's state as the screen builds it on a main a test already has open (several screens, one
 * after another, on one main), with tones off. `api` lets a test watch the calls the page makes.
 */
export async function wellFillScreen(env: InProcess, api: BenchlinkApi = env.api) {
  const page = await pageParts(env);
  const s = new WellFillState(api, page.feedback, page.outbox, await env.service());
  s.start();
  return {
    s,
    feedback: page.feedback,
    scan: (text: string) => handleWellFillScan(s, { text, source: 'field', mainAt: null }),
    said: page.said,
    stop() {
      s.stop();
      page.stop();
    },
  };
}

export type WellFillOnMain = Awaited<ReturnType<typeof wellFillOnMain>>;

/**
 * wellFillOnMain shared by every test of the file that calls it: opened before the first test,
 * closed after the last. `s` and `env` are read at use, inside a test.
 */
export function wellFillOnMainForSuite() {
  const open = openForSuite('well fill on main', () => wellFillOnMain());
  return {
    get s() {
      return open().s;
    },
    get env() {
      return open().env;
    },
    scan: (text: string) => open().scan(text),
    said: () => open().said(),
    queued: () => open().queued(),
  };
}
