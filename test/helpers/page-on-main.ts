import { Feedback } from '../../renderer/lib/feedback/feedback.svelte.js';
import { OutboxState } from '../../renderer/lib/outbox/outbox-state.svelte.js';
import type { AppOptions } from '../../main/app.js';
import { inProcessApi, type InProcess } from './in-process-api.js';
import { openForSuite } from './open-for-suite.js';

/**
 * What every screen's state is built from in the page, on a main a test already has open: the
 * Feedback (tones off, so a test makes no sound) and the page's OutboxState, started.
 */
export async function pageParts(env: InProcess) {
  const feedback = new Feedback();
  feedback.tones.enabled = false;
  const outbox = new OutboxState(env.api);
  await outbox.start();
  // As the app wires them: the last-scan line follows what becomes of its scan's entries.
  const offNews = feedback.followOutbox(outbox);
  return {
    feedback,
    outbox,
    /** What the last scan's answer said (its large last-scan line), or '' before any. */
    said: () => feedback.last?.outcome ?? '',
    stop: () => {
      offNews();
      outbox.stop();
    },
  };
}

/** The real main in-process (inProcessApi, with `app`'s options) and the page's parts over it. */
export async function pageOnMain(app: Partial<AppOptions> = {}) {
  const env = await inProcessApi(app);
  const page = await pageParts(env);
  return {
    env,
    ...page,
    async close() {
      page.stop();
      await env.close();
    },
  };
}

/**
 * pageOnMain shared by every test of the file that calls it: opened before the first test, closed
 * after the last. Its parts are read at use, inside a test or a hook. `app` is read when the suite
 * opens, so it may name what a hook before it made (a fixture file).
 */
export function pageOnMainForSuite(app: () => Partial<AppOptions> = () => ({}), timeoutMs?: number) {
  const open = openForSuite('the page on main', () => pageOnMain(app()), timeoutMs);
  return {
    get env() {
      return open().env;
    },
    get feedback() {
      return open().feedback;
    },
    get outbox() {
      return open().outbox;
    },
    said: () => open().said(),
  };
}
