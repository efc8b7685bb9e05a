import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, onPlate } from '../../../../helpers/benches-on-main.js';
import { OutboxList } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import { retryOffer, retryTakenSaidOf } from '../../../../../renderer/workflows/outbox/retry-said.js';
import { describeWell, SEND_ANYWAY_SENDS_ALL } from '../../../../../renderer/lib/plate-map/well-words.js';

/**
 * Well fill while another bench fills the same plate: two tubes scanned here are held for a look. "Send
 * anyway" on one of them sends both (main's retry: one lane, one reading). On the old code the Outbox row
 * said only "Send anyway", the words after it "Will be sent over the plate as it is now", and the well
 * nothing of the other change: the user pressed one row and saw both go. The real main in-process on the
 * real sandbox; the Outbox's list and its words as the screen has them; "another bench" writes over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

describe('Send anyway on one of two changes held on a plate', () => {
  it('is said to send both before the press, and said to have queued both after it', async () => {
    const b = await onPlate(await openBenches('extended'), PLATE);
    await b.scan(tube(1));
    await b.sync();
    expect(b.onService('A1')).toBe('S-0001');
    await b.otherPuts(PLATE, 'H12', 'S-0201');
    await b.scan(tube(2));
    await b.scan(tube(3));
    await b.sync();
    const held = (await b.entries()).filter((e) => e.state === 'failed');
    expect(held.map((e) => e.lastError?.kind)).toEqual(['plate-changed', 'plate-changed']);

    // The well says Send anyway is not this well's alone.
    await vi.waitFor(() => expect(b.s.wells['A2']).toMatchObject({ sample: 'S-0002', sync: 'held' }));
    expect(describeWell(b.s.wells['A2']!)).toContain(SEND_ANYWAY_SENDS_ALL);

    const list = new OutboxList(b.env.api);
    list.filter = 'held';
    await list.refresh();
    expect(list.entries.map((e) => retryOffer(e).label)).toEqual([
      'Send anyway (all 2 held on PL-0003)',
      'Send anyway (all 2 held on PL-0003)',
    ]);

    const first = list.entries[0]!;
    await list.act('outbox.retry', first.id, retryTakenSaidOf(first));
    expect(list.message).toEqual({
      text:
        'All 2 changes held on PL-0003 will be sent over the plate as it is now. ' +
        'Your later changes to it are no longer held for what changed there so far.',
      ok: true,
    });
    await b.sync();
    expect([b.onService('A2'), b.onService('A3')]).toEqual(['S-0002', 'S-0003']);
    list.stop();
  });
});
