import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { SUPPLIED_LATER } from '../../../../shared/outbox/dependency.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { attach, fakeNow, needsFile, tempDir, upload, webhook } from './helpers.js';

/**
 * A dependency that only orders (a plate record's event after its picture's attach-image), and the
 * correction of an attach-image whose upload is done: the shape of a record filed to a page that does
 * not exist, corrected to one that does.
 */
describe('outbox: an entry that only waits for another, and a correction of the one it waits for', () => {
  let t: ReturnType<typeof tempDir>;
  let clock: ReturnType<typeof fakeNow>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir();
    clock = fakeNow();
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  /** A record's shape: the picture's upload, its attach-image, and an event that goes only after it. */
  const filing = (page = 'EXP-9999') => {
    const [u, a, w] = outbox.enqueueMany([upload('plate.png'), attach(page), webhook(1)], {
      dependencies: [
        { entry: 1, after: 0, supplies: needsFile },
        { entry: 2, after: 1 },
      ],
    });
    return [u!, a!, w!] as const;
  };
  const done = (id: number, result?: unknown) => {
    outbox.claim([id], `r-${id}-${clock.now()}`, 'x');
    outbox.settle([{ id, state: 'done', ...(result === undefined ? {} : { result }) }]);
    clock.advance(1);
  };
  const fail = (id: number, message = 'Not found: no notebook page EXP-9999') => {
    outbox.claim([id], `r-${id}-${clock.now()}`, 'x');
    outbox.settle([{ id, state: 'failed', error: { kind: 'rejected', message, status: 404, at: 1 } }]);
    clock.advance(1);
  };
  const states = (...ids: number[]) => ids.map((id) => outbox.get(id)!.state);
  const onPage = (a: number, page: string, imageUuid = SUPPLIED_LATER): Intent => {
    const i = outbox.get(a)!.intent;
    if (i.type !== 'attach-image') throw new Error('not an attach-image');
    return { ...i, request: { ...i.request, hrid: page, image_uuid: imageUuid } };
  };

  it('is stored as a wait with nothing supplied, and goes only once the earlier entry is done, as queued', () => {
    const [u, a, w] = filing();
    expect(outbox.get(w)).toMatchObject({ dependsOn: a, supplies: null, state: 'pending' });
    done(u, { fileId: 'F-1' });
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(a)!.target]);
    done(a);
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(w)!.target]);
    expect(outbox.get(w)!.intent).toEqual(webhook(1));
  });

  it('fails along with the earlier entry, saying why, and goes again with a retry of it', () => {
    const [u, a, w] = filing();
    done(u, { fileId: 'F-1' });
    fail(a);
    expect(states(a, w)).toEqual(['failed', 'failed']);
    expect(outbox.get(w)!.lastError).toMatchObject({ kind: 'dependency' });
    expect(outbox.get(w)!.lastError!.message).toBe(
      `Not sent: it needs entry #${a} (attach-image), which failed: Not found: no notebook page EXP-9999. ` +
        'Retry or correct that entry (Edit), and this one goes with it.',
    );
    // Nothing of it is offered: the event's lane does not go on without the picture.
    expect(outbox.oldestPendingTargets(10)).toEqual([]);
    expect(outbox.retry(a)).toBe(true);
    expect(states(a, w)).toEqual(['pending', 'pending']);
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(a)!.target]);
  });

  it('a failed attach-image whose upload is done is corrected to another page; its waiting event waits again', () => {
    const [u, a, w] = filing();
    done(u, { fileId: 'F-1' });
    fail(a);
    const changed: number[][] = [];
    outbox.events.on('changed', (c) => changed.push(c.map((x) => x.id)));
    expect(outbox.replace(a, onPage(a, 'EXP-0001'))).toBe(true);
    // One change: the attach-image and the event that waits for it, in one transaction.
    expect(changed).toEqual([[a, w]]);
    expect(outbox.get(a)).toMatchObject({ state: 'pending', dependsOn: u, supplies: needsFile });
    expect(outbox.get(a)!.intent).toMatchObject({ request: { hrid: 'EXP-0001', image_uuid: SUPPLIED_LATER } });
    expect(outbox.get(w)).toMatchObject({ state: 'pending', lastError: null });
    // The picture first, then the event.
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(a)!.target]);
    done(a);
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(w)!.target]);
  });

  it("the correction keeps the upload's file id: typed out as it is, it is taken; another image is refused", () => {
    const [u, a] = filing();
    done(u, { fileId: 'F-1' });
    fail(a);
    expect(() => outbox.replace(a, onPage(a, 'EXP-0001', 'F-other'))).toThrow(
      `Not changed: its request.image_uuid is the fileId in the answer of entry #${u} (file-upload), filled in ` +
        `when it is sent. Leave it as "${SUPPLIED_LATER}" and correct the rest (e.g. the page).`,
    );
    expect(outbox.get(a)).toMatchObject({ state: 'failed', intent: { request: { hrid: 'EXP-9999' } } });
    expect(outbox.replace(a, onPage(a, 'EXP-0001', 'F-1'))).toBe(true);
  });

  it('a failed attach-image whose upload failed is still not corrected: the upload is retried', () => {
    const [u, a, w] = filing();
    fail(u, 'Rejected: too big');
    expect(states(u, a, w)).toEqual(['failed', 'failed', 'failed']);
    expect(() => outbox.replace(a, onPage(a, 'EXP-0001'))).toThrow(/retry the failed upload, not an edited copy/);
    expect(states(u, a, w)).toEqual(['failed', 'failed', 'failed']);
  });

  it('the event corrected while its attach-image is failed stays failed for want of it, and goes with it', () => {
    const [u, a, w] = filing();
    done(u, { fileId: 'F-1' });
    fail(a);
    const corrected: Intent = { type: 'webhook', payload: { event: 'scan', n: 2 } };
    expect(outbox.replace(w, corrected)).toBe(true);
    expect(outbox.get(w)).toMatchObject({ state: 'failed', intent: corrected, lastError: { kind: 'dependency' } });
    expect(outbox.get(w)!.lastError!.message).toContain(`it needs entry #${a} (attach-image), which failed`);
    // Not left pending behind the failed one, holding every later event.
    const later = outbox.enqueue(webhook(3));
    expect(outbox.oldestPendingTargets(10)).toEqual([outbox.get(later)!.target]);
    expect(outbox.retry(a)).toBe(true);
    expect(states(a, w)).toEqual(['pending', 'pending']);
  });
});
