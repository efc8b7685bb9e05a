import { OutboxState } from '../../renderer/lib/outbox/outbox-state.svelte.js';
import type { KeptFor } from '../../renderer/lib/kept/kept-per-service.js';
import type { benchesOnMain } from './benches-on-main.js';

/**
 * The page's OutboxState, counting the entry listeners it holds: a kept screen shown again and again
 * must follow its entries with one listener, not one per visit.
 */
export class CountingOutbox extends OutboxState {
  listeners = 0;
  override onChange(l: Parameters<OutboxState['onChange']>[0]): () => void {
    this.listeners++;
    const off = super.onChange(l);
    return () => {
      this.listeners--;
      off();
    };
  }
}

/**
 * A screen's kept state on the real main in-process (main reaches the real sandbox through the fault
 * proxy): `show()` gets it as the screen does when shown (again) and starts it; `entry(id)` is its
 * outbox entry as main has it.
 */
export async function keptScreenOnMain<S extends { start(): void }>(
  openBenches: typeof benchesOnMain,
  kept: KeptFor<S>,
  profile: 'spec' | 'extended' = 'extended',
) {
  const b = await openBenches(profile);
  const outbox = new CountingOutbox(b.env.api);
  await outbox.start();
  const service = await b.env.service();
  const show = (): S => {
    const s = kept(b.env.api, service, b.feedback, outbox).state;
    s.start();
    return s;
  };
  const entry = (id: number) => b.env.call('outbox.await', { id, timeoutMs: 15_000 });
  return { b, outbox, show, entry, close: () => outbox.stop() };
}

/**
 * Shows a kept screen `visits` times, leaving it each time, then once more, as a user going back and
 * forth does: how many entry listeners that added to the page's outbox (one, for a state that keeps a
 * single subscription however often it is shown).
 */
export function listenersAddedByVisits(k: { outbox: CountingOutbox; show(): { stop(): void } }, visits = 5): number {
  const before = k.outbox.listeners;
  for (let visit = 0; visit < visits; visit++) k.show().stop();
  k.show();
  return k.outbox.listeners - before;
}
