import { OutboxState } from '../../renderer/lib/outbox/outbox-state.svelte.js';

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
