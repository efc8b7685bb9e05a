import { describe, expect, it } from 'vitest';
import { OutboxList } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * The Outbox screen reads its list again on every change of the queue, and the queue changes up to 20
 * times a second while a rack's moves are sent. On the real main in-process, with its sandbox out of
 * reach so 2,000 moves wait: the list is read one listing at a time, and a read asked for meanwhile still
 * shows what changed before it was asked.
 */
const openBenches = benchesPerTest();

/** main's api, counting the listings on their way at once; while `held`, their answers wait for it. */
function counting(api: BenchlinkApi) {
  const seen = { listings: 0, atOnce: 0, most: 0, held: null as Promise<void> | null };
  const invoke = (async (channel: string, payload: unknown) => {
    if (channel !== 'outbox.list') return api.invoke(channel as never, payload as never);
    seen.listings++;
    seen.most = Math.max(seen.most, ++seen.atOnce);
    try {
      const answer = await api.invoke(channel, payload as never);
      await seen.held;
      return answer;
    } finally {
      seen.atOnce--;
    }
  }) as BenchlinkApi['invoke'];
  return { api: { ...api, invoke }, seen };
}

describe('the Outbox list while the queue keeps changing', () => {
  it('twenty changes while a listing is on its way make one more listing, which shows the last change', async () => {
    const b = await openBenches('extended');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    const hook = (n: number) => ({ type: 'webhook', payload: { event: `rack-${n}` } }) as const;
    for (let n = 0; n < 2; n++)
      await b.env.call('outbox.enqueueMany', { intents: Array.from({ length: 1000 }, () => hook(n)) });
    const { api, seen } = counting(b.env.api);
    const list = new OutboxList(api);

    // The first listing's answer on its way while the queue changes (held until the news is in).
    let answer = () => {};
    seen.held = new Promise((r) => (answer = r));
    const first = list.refresh();
    await b.env.call('outbox.enqueue', { intent: hook(99) });
    // The queue's news, as the screen gets it: a read again per change.
    const again = Array.from({ length: 20 }, () => list.refresh());
    seen.held = null;
    answer();
    await Promise.all([first, ...again]);

    expect(seen.most).toBe(1);
    expect(seen.listings).toBe(2);
    // Asked after the change, each read again shows it (the tab lists the oldest 500 first; counted whole).
    expect(list.total).toBe(2001);
    expect(list.listError).toBeNull();
  }, 60_000);

  it('a tab chosen while the last one is being listed shows its own list, never the previous one under its name', async () => {
    const b = await openBenches('extended');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await b.env.call('outbox.enqueue', { intent: { type: 'webhook', payload: { event: 'one' } } });
    const list = new OutboxList(b.env.api);
    const open = list.refresh();
    list.filter = 'discarded';
    await Promise.all([open, list.refresh()]);
    expect(list.entries).toEqual([]);
  }, 60_000);
});
