import { describe, expect, it } from 'vitest';
import {
  bulkOffers,
  discardAllQuestion,
  discardedAllSaid,
  restoredSaid,
  retriedAllSaid,
} from '../../../../../renderer/workflows/outbox/bulk-said.js';

const none = { discarded: 0, waiting: 0, sending: 0, sent: 0, other: 0 };

describe('Outbox bulk actions in words', () => {
  it('offers "Discard all N" on each tab dealt with row by row, and "Retry all N" on Failed', () => {
    expect(bulkOffers('refused', 312)).toEqual({ discard: 'Discard all 312…', retry: null });
    expect(bulkOffers('failed', 4)).toEqual({ discard: 'Discard all 4…', retry: 'Retry all 4' });
  });

  it('asks how many and what is lost, in the words of the tab, one as "it"', () => {
    expect(discardAllQuestion('refused', 312, 312)).toBe(
      'Discard 312 refused changes? They will never be sent to the service. Undo (Ctrl+Z) right after puts them back.',
    );
    expect(discardAllQuestion('held', 1, 1)).toBe(
      'Discard 1 change that needs a look? It will never be sent to the service. Undo (Ctrl+Z) right after puts it back.',
    );
    // More than one Discard takes: the oldest, and the rest is said to stay.
    expect(discardAllQuestion('superseded', 20_000, 26_000)).toContain(
      'These are the oldest 20000 of 26000; the others stay.',
    );
  });

  it('promises the Undo for file uploads for the day their copy is kept, and says so', () => {
    expect(discardAllQuestion('failed', 2, 2, 2)).toBe(
      'Discard 2 failed changes? They will never be sent to the service. Undo (Ctrl+Z) right after puts them back. ' +
        'As file uploads, they can be put back for 24 hours only: the copies of the files kept for sending them are removed then.',
    );
    expect(discardAllQuestion('failed', 1, 1, 1)).toBe(
      'Discard 1 failed change? It will never be sent to the service. Undo (Ctrl+Z) right after puts it back. ' +
        'As a file upload, it can be put back for 24 hours only: the copy of the file kept for sending it is removed then.',
    );
    expect(discardAllQuestion('refused', 5, 5, 2)).toBe(
      'Discard 5 refused changes? They will never be sent to the service. Undo (Ctrl+Z) right after puts them back. ' +
        'The 2 file uploads among them can be put back for 24 hours only: the copies of the files kept for sending them are removed then.',
    );
    expect(discardAllQuestion('refused', 5, 5, 1)).toContain(
      'The file upload among them can be put back for 24 hours only: the copy of the file kept for sending it is removed then.',
    );
  });

  it('says what "Retry all" left for another go when the tab holds more than one takes', () => {
    expect(retriedAllSaid({ retried: 20_000, along: 0, refused: 0, left: 0 }, 1)).toBe(
      '20000 failed changes will be tried again. 1 more was not asked about (one Retry all takes the oldest ' +
        'only): it is still failed. Press Retry all again for it.',
    );
  });

  it('says what was discarded and each one left as it is, with why', () => {
    expect(discardedAllSaid('refused', { ...none, discarded: 310, sending: 2 })).toBe(
      'Discarded 310 refused changes: they will never be sent. 2 were not discarded: being sent right now ' +
        '(retried meanwhile); if any fail, they come back here.',
    );
    expect(discardedAllSaid('failed', { ...none, waiting: 1, sent: 1, other: 1 })).toBe(
      'Nothing was discarded. 1 was not discarded: retried meanwhile, waiting to be sent. 1 was sent meanwhile. ' +
        '1 was left as it is: settled otherwise meanwhile (its row says how).',
    );
  });

  it('says what Retry all sent again and where to read why the others were not', () => {
    expect(retriedAllSaid({ retried: 12, along: 0, refused: 0, left: 0 })).toBe(
      '12 failed changes will be tried again.',
    );
    expect(retriedAllSaid({ retried: 1, along: 2, refused: 3, left: 1 })).toBe(
      '1 failed change will be tried again, with 2 changes it needs or that wait for it. 3 could not be ' +
        'retried: their rows say why and what to do. 1 was no longer failed (retried, sent or discarded meanwhile).',
    );
  });

  it("says what an Undo put back, and main's reason for what it could not", () => {
    expect(restoredSaid({ restored: 312, along: 0, notRestored: [] })).toEqual({
      text: 'Put back 312 changes as they were: nothing was sent.',
      ok: true,
    });
    const why =
      'Not put back: the copy of the file kept for sending it is removed 24 hours after it was discarded. Upload the file again.';
    expect(restoredSaid({ restored: 0, along: 0, notRestored: [{ why, n: 1 }] })).toEqual({ text: why, ok: false });
    expect(restoredSaid({ restored: 2, along: 1, notRestored: [{ why, n: 3 }] })).toEqual({
      text: `Put back 2 changes as they were: nothing was sent. 1 change that waited for them stays failed: its row says how what it waits for stands now; retry it once that is settled. 3 were not put back. ${why}`,
      ok: false,
    });
  });
});
