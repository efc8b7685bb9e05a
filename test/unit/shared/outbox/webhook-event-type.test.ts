/**
 * A webhook's Service-Event-Type is checked by the intent itself, so main refuses on enqueue what the
 * Data screen refuses as it is typed. On the old code main committed `plate.completed\r\nX-Injected: 1`:
 * Node would not send the header, the failure read as the events address being down, and the entry and
 * every webhook queued after it waited for ever, neither discardable nor cancellable.
 */
import { describe, expect, it } from 'vitest';
import { intent } from '../../../../shared/outbox/intents.js';

const hook = (eventType: string) => ({ type: 'webhook', payload: { event: 'x' }, eventType });

describe('a webhook intent', () => {
  it.each(['plate.completed\r\nX-Injected: 1', ' padded', 'caf\u00e9', 'x'.repeat(201)])(
    'with the event type %j is refused, with why',
    (eventType) => {
      const r = intent.safeParse(hook(eventType));
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/Service-Event-Type/);
    },
  );

  it.each(['plate.completed', 'sample-received', ''])('with %j is taken', (eventType) =>
    expect(intent.safeParse(hook(eventType)).success).toBe(true),
  );
});
