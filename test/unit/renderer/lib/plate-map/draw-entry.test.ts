import { describe, expect, it } from 'vitest';
import { drawEntry, fromServer, type EntryNews } from '../../../../../renderer/lib/plate-map/well-view.js';
import { overlay } from '../../../../helpers/overlay.js';
import { describeWell } from '../../../../../renderer/lib/plate-map/well-words.js';
import type { CachedWell, PendingWellChange } from '../../../../../shared/ipc/channels/cache.js';
import type { WellIntent } from '../../../../../shared/outbox/intents.js';

/**
 * How an entry draws its well is decided once (drawEntry): its news arriving with the plate open and the
 * plate read again give the one drawing. On the old code the open plate kept a refused tube in its well
 * with the "!" while a reading drew the well as before; a change set aside for a newer one was drawn over
 * the newer value; and a change that failed before it ever left was drawn "unsure whether it arrived".
 */
const manifest = { uuid: 'u1' };
const held: CachedWell = { position: 'A1', sample: { id: 'S-0', labsheet: 'Samples' }, label: '', tags: [] };
const put: WellIntent = { type: 'well-set', manifest, position: 'A1', sample: { id: 'S-1', labsheet: 'Samples' } };

const NEWS: Record<string, EntryNews> = {
  waiting: { state: 'pending', error: null, mayHaveArrived: null },
  sent: { state: 'done', error: null, mayHaveArrived: null },
  refused: {
    state: 'failed',
    error: { kind: 'not-found', status: 404, message: 'Not found', reason: 'no row "S-1"' },
    mayHaveArrived: null,
  },
  'failed before it left': {
    state: 'failed',
    error: { kind: 'local', message: 'The change could not be written on this computer.' },
    mayHaveArrived: null,
  },
  'gave up after tries': {
    state: 'failed',
    error: { kind: 'gave-up', status: 503, message: 'Stopped after 8 failed attempts.' },
    mayHaveArrived: 'gave-up',
  },
  'answer lost': { state: 'uncertain', error: { kind: 'network', message: 'socket hang up' }, mayHaveArrived: null },
  'held for a look': {
    state: 'failed',
    error: { kind: 'plate-changed', message: 'Needs a look: plate changed' },
    mayHaveArrived: null,
  },
};

const pendingOf = (entryId: number, intent: WellIntent, news: EntryNews): PendingWellChange => ({
  entryId,
  updatedAt: 1,
  intent,
  state: news.state,
  error: news.error ?? null,
  mayHaveArrived: news.mayHaveArrived ?? null,
});

describe('drawEntry: one drawing of an entry in its well, live and after a reload', () => {
  for (const [name, news] of Object.entries(NEWS))
    it(`${name}: the news drawn over the open plate equals the plate read again`, () => {
      const live = drawEntry(fromServer(held), { ...news, intent: put });
      const reload = overlay(['A1'], [held], [pendingOf(7, put, news)]).get('A1');
      expect(live).toEqual(reload);
    });

  it('a refused change leaves the well as it was, with the "!" naming the tube, the reason and the Outbox', () => {
    const well = drawEntry(fromServer(held), { ...NEWS['refused']!, intent: put })!;
    expect(well).toMatchObject({ sample: 'S-0', sync: 'refused', unmade: put });
    expect(describeWell(well)).toMatch(
      /^A1, S-0, refused by the service: S-1 was not put here\. .*Fix it in the Outbox \(Retry after correcting, or Discard\)\./,
    );
  });

  it('a change that failed before it ever left says "failed", never sent, and leaves the well as it was', () => {
    const well = drawEntry(fromServer(held), { ...NEWS['failed before it left']!, intent: put })!;
    expect(well).toMatchObject({ sample: 'S-0', sync: 'failed', unmade: put });
    const said = describeWell(well);
    expect(said).toMatch(/^A1, S-0, failed, never sent: S-1 was not put here\. .*Fix it in the Outbox/);
    expect(said).not.toMatch(/unsure/);
  });

  it('one that failed after a try left may be on the service: drawn made, unsure', () => {
    const well = drawEntry(fromServer(held), { ...NEWS['gave up after tries']!, intent: put })!;
    expect(well).toMatchObject({ sample: 'S-1', sync: 'unsure', unmade: null });
  });
});

describe('a change set aside for a newer one (superseded)', () => {
  const superseded: EntryNews = {
    state: 'failed',
    error: { kind: 'superseded', message: 'Not sent: a newer change to well A1 was sent after this one.' },
    mayHaveArrived: 'superseded',
  };
  const newer: CachedWell = { position: 'A1', sample: { id: 'S-2', labsheet: 'Samples' }, label: '', tags: [] };

  it('never draws over the newer change the plate read already shows', () => {
    const map = overlay(['A1'], [newer], [pendingOf(7, put, superseded)]);
    expect(map.get('A1')).toMatchObject({ sample: 'S-2', sync: 'synced' });
  });

  it('never draws over a newer change still in the Outbox', () => {
    const later: WellIntent = { ...put, sample: { id: 'S-3', labsheet: 'Samples' } };
    const map = overlay(['A1'], [held], [pendingOf(7, put, superseded), pendingOf(9, later, NEWS['waiting']!)]);
    expect(map.get('A1')).toMatchObject({ sample: 'S-3', sync: 'pending' });
  });

  it('draws nothing when its news arrives with the plate open', () => {
    expect(drawEntry(fromServer(newer), { ...superseded, intent: put })).toBeNull();
  });
});
