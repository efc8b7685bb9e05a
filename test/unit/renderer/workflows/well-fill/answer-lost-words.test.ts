import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { notRecorded } from '../../../../../renderer/lib/ipc/client.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';
import { wellFillScreen } from '../../../../helpers/well-fill-on-main.js';

/**
 * A tube's enqueue that main committed while the page lost it before the answer came (the host restarted
 * and did not come back within the page's own tries with the same key). On the real main in-process.
 */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

describe('Well fill, a write whose answer was lost', () => {
  it('is said as not confirmed, with where to look, not as "NOT RECORDED" (main has it)', async () => {
    const lost = {
      ok: false as const,
      error: { code: 'disconnected' as const, message: 'Lost the connection to the Benchlink host.' },
    };
    const cut: BenchlinkApi = {
      invoke: (async (channel, payload) => {
        const r = await env.api.invoke(channel, payload);
        return channel === 'outbox.enqueue' ? lost : r;
      }) as BenchlinkApi['invoke'],
      subscribe: env.api.subscribe,
    };
    const w = await wellFillScreen(env, cut);
    try {
      await w.scan('PLT000003');
      const said = await w.scan('TB000012').then(() => null, notRecorded);
      // On the old code: "NOT RECORDED: Lost the connection to the Benchlink host.", and the tube scanned
      // again made a second entry.
      expect(said).toBe(
        'NOT CONFIRMED: Lost the connection to the Benchlink host before the answer came: it may or may not have ' +
          'been recorded. Look in the Outbox before you scan it again.',
      );
      const queued = (await env.call('outbox.list', {})).filter((e) => e.intent?.type === 'well-set');
      expect(queued).toHaveLength(1);
    } finally {
      w.stop();
    }
  });
});
