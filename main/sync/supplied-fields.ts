import type { OutboxEntry } from '../outbox/entry.js';
import type { Outbox } from '../outbox/outbox-store.js';
import { supplied } from '../../shared/outbox/dependency.js';

/**
 * The entry as it is sent: the field an earlier entry supplies is filled from that entry's result.
 * The outbox hands out such an entry only once the earlier one is done; if its answer lacks the value
 * (an entry done before "It arrived" was refused for such an earlier one, or pruned), the entry fails with
 * the reason and null comes back: sending it with a stand-in would attach nothing, or the wrong thing.
 */
export function withSuppliedFields(outbox: Outbox, e: OutboxEntry, now: number): OutboxEntry | null {
  if (e.dependsOn === null || e.supplies === null) return e;
  const before = outbox.get(e.dependsOn);
  const r = before ? supplied(e.intent, e.supplies, before.result) : { missing: `entry #${e.dependsOn}` };
  if ('intent' in r) return { ...e, intent: r.intent };
  outbox.settle([
    {
      id: e.id,
      state: 'failed',
      error: {
        kind: 'dependency',
        // A done entry is never sent again, so nothing brings the value: the words say so, and what to do.
        message: before
          ? `Not sent: it is sent with the ${r.missing} of entry #${before.id} (${before.type})'s answer, and ` +
            'that entry is done without it. Discard this one and make the change again (e.g. attach the picture again).'
          : `Not sent: ${r.missing}, whose answer it needs, is no longer in the outbox. Discard this one and make ` +
            'the change again (e.g. attach the picture again).',
        at: now,
      },
    },
  ]);
  return null;
}
