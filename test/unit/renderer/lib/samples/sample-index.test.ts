import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { answerGuard } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { PageSampleIndex } from '../../../../../renderer/lib/samples/sample-index.js';
import { inProcessApi } from '../../../../helpers/in-process-api.js';
import { wellFillScreen } from '../../../../helpers/well-fill-on-main.js';

let env: Awaited<ReturnType<typeof inProcessApi>>;
/** Every channel the page called, in order: what a tube scan costs in calls to main. */
const calls: string[] = [];
let counted: BenchlinkApi;

beforeAll(async () => {
  env = await inProcessApi();
  counted = {
    invoke: ((channel, payload) => {
      calls.push(channel);
      return env.api.invoke(channel, payload);
    }) as BenchlinkApi['invoke'],
    subscribe: env.api.subscribe,
  };
});
afterAll(async () => {
  await env.close();
});

describe('the page resolves tubes itself: one call to main per tube', () => {
  it('with the labsheet index held, a known tube costs exactly one call, the enqueue; an unknown one asks main', async () => {
    const screen = await wellFillScreen(env, counted);
    const { s, scan } = screen;
    try {
      await scan('PLT000001');
      await expect.poll(() => s.samples.size).toBeGreaterThan(0);
      calls.length = 0;
      await scan('TB000011');
      expect(s.wells['A11']?.sample).toBe('S-0011');
      expect(calls).toEqual(['outbox.enqueue']);
      // By its ID as well as its barcode.
      calls.length = 0;
      await scan('S-0012');
      expect(s.wells['A12']?.sample).toBe('S-0012');
      expect(calls).toEqual(['outbox.enqueue']);
      // Not in the index (new since it was taken, or not a sample): main's lookup decides, as before.
      calls.length = 0;
      await scan('TB999999');
      expect(calls).toContain('cache.row');
      expect(s.guard?.kind).toBe('unknown-sample');
    } finally {
      screen.stop();
    }
  });

  it('a run of unknown tubes costs one lookup each, and "Use anyway" only the enqueue', async () => {
    const screen = await wellFillScreen(env, counted);
    const { s, scan } = screen;
    try {
      await scan('PLT000003');
      await expect.poll(() => s.samples.size).toBeGreaterThan(0);
      for (const tube of ['TB990001', 'TB990002', 'TB990003']) {
        calls.length = 0;
        await scan(tube);
        expect(s.guard?.kind, tube).toBe('unknown-sample');
        // The miss itself says the rows were read from the service and when: nothing else is asked.
        expect(calls, tube).toEqual(['cache.row']);
        calls.length = 0;
        await answerGuard(s, (edit) => edit());
        expect(
          Object.values(s.wells).some((w) => w.sample === tube),
          tube,
        ).toBe(true);
        expect(calls, tube).toEqual(['outbox.enqueue']);
      }
    } finally {
      screen.stop();
    }
  });

  it("follows main's reloads of the rows, refreshes in the background past half its life, and stops answering when old", async () => {
    let now = Date.now();
    const index = new PageSampleIndex(counted, () => now);
    try {
      index.open('Samples');
      await expect.poll(() => index.sampleOf('TB000007')).toBe('S-0007');
      const first = (await env.call('cache.sampleIndex', { labsheet: 'Samples' }))!;

      // Main reloads the rows (Row update's refresh, or its own): the page takes the new index.
      calls.length = 0;
      await env.call('cache.row', { labsheet: 'Samples', value: 'S-0001', refresh: true });
      await expect.poll(() => calls.filter((c) => c === 'cache.sampleIndex').length).toBe(1);

      // Past half its life: the answer still comes from the page, and a fresh index is fetched once the
      // scan is done (not ahead of its enqueue).
      const second = (await env.call('cache.sampleIndex', { labsheet: 'Samples' }))!;
      expect(second.fetchedAt).toBeGreaterThanOrEqual(first.fetchedAt);
      calls.length = 0;
      now = second.refreshFrom + 1;
      expect(index.sampleOf('TB000007')).toBe('S-0007');
      expect(index.sampleOf('TB000008')).toBe('S-0008');
      expect(calls).toEqual([]);
      await expect.poll(() => calls).toEqual(['cache.sampleIndex']);

      // Past its life (offline, say, so no fresh one came): main must answer.
      now = Number.MAX_SAFE_INTEGER;
      expect(index.sampleOf('TB000007')).toBeUndefined();
    } finally {
      index.close();
    }
  });

  it('a labsheet this computer has never seen gives no index, and every lookup goes to main', async () => {
    const index = new PageSampleIndex(counted);
    index.open('No such labsheet');
    await expect.poll(() => calls.at(-1)).toBe('cache.sampleIndex');
    expect(index.sampleOf('TB000007')).toBeUndefined();
    index.close();
  });
});
