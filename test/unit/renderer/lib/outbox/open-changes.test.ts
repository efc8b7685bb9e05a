import { describe, expect, it } from 'vitest';
import {
  discardedSaid,
  discardOffer,
  discardQuestion,
  openChangesSaid,
  openTotal,
} from '../../../../../renderer/lib/outbox/open-changes.js';
import { openChanges } from '../../../../helpers/open-changes.js';

const none = openChanges();

describe("a service's open changes in words", () => {
  it('says apart what a switch back sends and what waits for a retry or a decision', () => {
    const c = { ...none, waiting: 2, failed: 1, uncertain: 3 };
    expect(openTotal(c)).toBe(6);
    expect(openChangesSaid(c, 'Lab A')).toEqual([
      '2 changes are waiting to be sent to Lab A: sent when you switch back to it in Settings',
      '1 failed change for Lab A: not sent until you switch back to it in Settings and retry it in the Outbox',
      '3 changes for Lab A may or may not have arrived: switch back to it in Settings, look for them on the ' +
        'service, then choose "It arrived" or "Send again" in the Outbox',
    ]);
  });

  it('never calls a failed change "waiting to be sent"', () => {
    const said = openChangesSaid({ ...none, failed: 2 }, 'Lab A').join(' ');
    expect(said).toBe(
      '2 failed changes for Lab A: not sent until you switch back to it in Settings and retry them in the Outbox',
    );
    expect(said).not.toContain('waiting');
  });

  /**
   * A change held for a look is sent anyway or discarded, a refused one corrected or discarded: the
   * Outbox's choices for them. On the old code main counted both as failed, and the line said "retry them",
   * which holds the first again at once and has the second refused again.
   */
  it('says what the Outbox offers for changes that need a look and for refused ones, not "retry"', () => {
    const c = { ...none, held: 2, refused: 1 };
    expect(openTotal(c)).toBe(3);
    expect(openChangesSaid(c, 'Lab A')).toEqual([
      '2 changes for Lab A need a look (what it changes was changed on the service since it was made): switch back to it in ' +
        'Settings, then send them anyway or discard them in the Outbox',
      '1 change for Lab A refused by the service: switch back to it in Settings, then correct (Edit) or discard ' +
        'it in the Outbox',
    ]);
    expect(openChangesSaid({ ...none, held: 1 }, 'Lab A')).toEqual([
      '1 change for Lab A needs a look (what it changes was changed on the service since it was made): switch back to it in ' +
        'Settings, then send it anyway or discard it in the Outbox',
    ]);
  });

  /**
   * A change set aside for a newer one is never sent: its one choice in the Outbox is Discard. Counted as
   * unsure before, the line asked the user to look for it on the service and choose "It arrived" or "Send
   * again", neither of which its row offers.
   */
  it('says a change set aside for a newer one is only discarded', () => {
    const c = { ...none, superseded: 2, uncertain: 1 };
    expect(openTotal(c)).toBe(3);
    expect(openChangesSaid(c, 'Lab A')).toEqual([
      '2 changes for Lab A set aside for newer ones and never to be sent: switch back to it in Settings, then ' +
        'discard them in the Outbox',
      '1 change for Lab A may or may not have arrived: switch back to it in Settings, look for it on the ' +
        'service, then choose "It arrived" or "Send again" in the Outbox',
    ]);
    expect(discardOffer({ ...none, superseded: 1 })).toBe('discard it');
  });
});

describe('"discard them" in words', () => {
  it('offers to discard "it" when one change is open, "them" otherwise', () => {
    expect(discardOffer({ ...none, failed: 1 })).toBe('discard it');
    expect(discardOffer({ ...none, refused: 1 })).toBe('discard it');
    expect(discardOffer({ ...none, waiting: 1, held: 1 })).toBe('discard them');
  });

  it('asks about only what will be discarded, and says the changes in flight go on', () => {
    // 5 open: 3 discardable, 2 being sent (main's count, by the rule it discards by).
    const q = discardQuestion({ label: 'Lab A', discardable: 3, sending: 2 });
    expect(q).toEqual({
      ask:
        'Discard the 3 changes kept for Lab A? They will never be sent.\n\n' +
        '2 changes are being sent to Lab A right now and will not be discarded: if any fail, they stay here ' +
        'to retry or discard.',
    });
    expect(discardedSaid(3, 'Lab A')).toBe('Discarded 3 changes kept for Lab A; they will never be sent.');
    expect(discardedSaid(1, 'Lab A')).toBe('Discarded 1 change kept for Lab A; it will never be sent.');
  });

  it('says that discarding changes unsure whether they arrived does not take them back from the service', () => {
    expect(discardQuestion({ label: 'Lab A', discardable: 3, sending: 0, uncertain: 2 })).toEqual({
      ask:
        'Discard the 3 changes kept for Lab A? They will never be sent. 2 of them may be on the service already: ' +
        'discarding forgets them on this computer, it does not take them back there.',
    });
  });

  it('asks plainly when nothing is in flight', () => {
    expect(discardQuestion({ label: 'Lab A', discardable: 1, sending: 0 })).toEqual({
      ask: 'Discard the 1 change kept for Lab A? It will never be sent.',
    });
  });

  it('asks nothing when everything left is being sent, and says so', () => {
    expect(discardQuestion({ label: 'Lab A', discardable: 0, sending: 1 })).toEqual({
      tell:
        'Nothing to discard now: 1 change for Lab A is being sent right now; if it fails, it stays here to ' +
        'retry or discard.',
    });
  });
});
