/**
 * A picture for a page waits for its upload, and later pictures for the same page wait behind it (a
 * page's pictures go in order). While that upload is uncertain (sent, answer lost) the Outbox says,
 * on each waiting entry, what it waits for and what the user can do. Against the real sandbox, its
 * answer lost by the fault proxy; the listing is main's own outbox handler.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../main/ipc/handlers/outbox.js';
import { OutboxList } from '../../../renderer/workflows/outbox/outbox-list.svelte.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { outboxChannels } from '../../../shared/ipc/channels/outbox.js';
import { stageFile, uploadIntent } from '../../../main/staging/index.js';
import { SUPPLIED_LATER } from '../../../shared/outbox/dependency.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import {
  serverRow,
  serverWell,
  stackPerTest,
  startedPerTest,
  startStack,
  startStackWithNames,
  until,
} from './stack.js';

/** A time as the Outbox says it: hours and minutes of the local clock. */
const clock = (at: number) => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe('entries waiting for an uncertain upload say so', () => {
  const { stack: s, dir } = stackPerTest('waiting-it-');

  /** A picture's upload and the attach-image that takes its file id, as a plate record queues them. */
  async function picture(name: string, page: string): Promise<{ upload: number; attach: number }> {
    const original = path.join(dir(), name);
    fs.writeFileSync(original, Buffer.alloc(2_000, name.length));
    const staged = await stageFile(original, path.join(dir(), 'staging'), name);
    const attach: Intent = {
      type: 'attach-image',
      request: {
        hrid: page,
        image_uuid: SUPPLIED_LATER,
        image_name: name,
        image_mime_type: 'image/png',
        position: 'append',
      },
    };
    const [upload, attached] = s.outbox.enqueueMany([uploadIntent(staged, name), attach], {
      dependencies: [{ entry: 1, after: 0, supplies: { field: 'request.image_uuid', from: 'fileId' } }],
    });
    return { upload: upload!, attach: attached! };
  }

  it('the picture and the later ones for its page say what they wait for; another page goes', async () => {
    s.proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'reset-after' }, count: 1 }]);
    const first = await picture('plate-1.png', 'EXP-0001');
    await s.engine.syncNow();
    expect(s.outbox.get(first.upload)!.state).toBe('uncertain');
    const second = await picture('plate-2.png', 'EXP-0001');
    const other = await picture('plate-3.png', 'EXP-0002');
    await s.engine.syncNow();
    expect(s.outbox.get(second.upload)!.state).toBe('done');
    expect(s.outbox.get(other.attach)!.state).toBe('done');
    expect(s.outbox.get(first.attach)!.state).toBe('pending');
    expect(s.outbox.get(second.attach)!.state).toBe('pending');

    const list = await outboxHandlers({ outbox: s.outbox, sync: s.engine })['outbox.list']({}, { transport: 'test' });
    const byId = new Map(list.map((e) => [e.id, e]));
    const head = byId.get(first.attach)!.waiting;
    expect(head).toMatch(new RegExp(`^Waiting for #${first.upload} \\(Upload plate-1.png`));
    expect(head).toMatch(/answer was lost/);
    expect(head).toMatch(new RegExp(`"It arrived" on #${first.upload}; if not, "Send again"`));
    const behind = byId.get(second.attach)!.waiting;
    expect(behind).toMatch(
      new RegExp(
        `^Waiting behind #${first.attach} \\(Attach plate-1.png to EXP-0001\\): pictures for page EXP-0001 go in the order`,
      ),
    );
    expect(behind).toMatch(new RegExp(`#${first.attach} is waiting for #${first.upload} \\(Upload plate-1.png`));
    // The uncertain upload itself says its own reason; nothing else claims to wait.
    expect(byId.get(first.upload)!.waiting).toBeUndefined();

    // The user looked and it arrived: both pictures go, and nothing says it waits any more.
    expect(s.outbox.confirmDone(first.upload, { fileId: s.sandbox.store.uploads.list()[0]!.fileId })).toBe(true);
    await s.engine.syncNow();
    expect(s.outbox.get(first.attach)!.state).toBe('done');
    expect(s.outbox.get(second.attach)!.state).toBe('done');
  });

  it('a picture whose upload was answered with no result for the file says that, not that an answer was lost', async () => {
    s.proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'replace', body: '[]' }, count: 1 }]);
    const first = await picture('plate-1.png', 'EXP-0001');
    await s.engine.syncNow();
    expect(s.outbox.get(first.upload)!.state).toBe('uncertain');
    const list = await outboxHandlers({ outbox: s.outbox, sync: s.engine })['outbox.list']({}, { transport: 'test' });
    const head = list.find((e) => e.id === first.attach)!.waiting;
    expect(head).toMatch(new RegExp(`^Waiting for #${first.upload} \\(Upload plate-1.png`));
    expect(head).toMatch(/the service’s answer named no result for the file, so it may or may not be on the service/);
    expect(head).not.toMatch(/answer was lost/);
    expect(head).toMatch(new RegExp(`"It arrived" on #${first.upload}; if not, "Send again"`));
  });
});

describe('entries waiting out a backoff after the service failed them say until when, and why', () => {
  // A backoff long enough to read the Outbox while it lasts: 3 s (Retry-After) to 4 s.
  const { stack: s } = startedPerTest('waiting-backoff-', (dir) =>
    startStack(dir, { backoff: { baseMs: 4_000, maxMs: 4_000 } }),
  );

  const move = (locationId: string, position: string): Intent => ({
    type: 'location-assign',
    labsheet: 'Samples',
    locationId,
    idType: 'ID_BARCODE',
    id: 'TB000131',
    position,
  });

  it('a move the service failed (503) says when it is retried; a later move of the tube says it waits for it', async () => {
    const plate1 = s.sandbox.store.manifests.find('hrid', 'PL-0001')!.uuid;
    const plate2 = s.sandbox.store.manifests.find('hrid', 'PL-0002')!.uuid;
    s.proxy.setFaults([
      { path: '/labsheets/assign-location', fault: { kind: 'status', status: 503, retryAfter: '3' } },
    ]);
    const [first, second] = s.outbox.enqueueMany([move(plate1, 'H12'), move(plate2, 'H11')]);
    const startedAt = Date.now();
    s.engine.start();
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the first move backing off');

    const list = await outboxHandlers({ outbox: s.outbox, sync: s.engine })['outbox.list']({}, { transport: 'test' });
    const byId = new Map(list.map((e) => [e.id, e]));
    const retry = byId.get(first!)!.waiting!;
    const at = /^Retrying at (\d\d:\d\d) /.exec(retry)?.[1];
    expect([clock(startedAt + 3_000), clock(Date.now() + 4_000)]).toContain(at);
    expect(retry).toMatch(
      /^Retrying at \d\d:\d\d \(the service answered 503 Service Unavailable(: "[^"]*")?\); press Sync now to try at once\.$/,
    );
    expect(byId.get(second!)!.waiting).toMatch(
      new RegExp(`^Waiting for #${first} \\(TB000131 → .*H12.*\\), an older move of the same tube to another place`),
    );
    // Only the one request: the later move was not sent ahead of the older one.
    expect(s.proxy.requests.filter((r) => r.path === '/labsheets/assign-location')).toHaveLength(1);

    // The service is back and the user presses Sync now: both go, in order, and nothing waits.
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect(s.outbox.get(first!)!.state).toBe('done');
    expect(s.outbox.get(second!)!.state).toBe('done');
    expect(serverRow(s.sandbox, 'Samples', 'TB000131')).toMatchObject({ locationUuid: plate2, position: 'H11' });
  });

  /**
   * The Outbox's list is read again when the queue changes; a line that says when its entry goes again is
   * read again when that time comes, whatever else happens. On the old code nothing did: here, with no
   * queue events reaching the list, it said "Retrying at …" long after that time.
   */
  it("the Outbox's list is read again when the time a line names comes, and no longer names it", async () => {
    const plate1 = s.sandbox.store.manifests.find('hrid', 'PL-0001')!.uuid;
    s.proxy.setFaults([
      { path: '/labsheets/assign-location', fault: { kind: 'status', status: 503, retryAfter: '1' }, count: 1 },
    ]);
    const [first] = s.outbox.enqueueMany([move(plate1, 'H12')]);
    s.engine.start();
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the move backing off');

    const list = new OutboxList(listingOnly(outboxHandlers({ outbox: s.outbox, sync: s.engine })));
    try {
      await list.refresh();
      const said = () => list.entries.find((e) => e.id === first);
      expect(said()?.waiting).toMatch(/^Retrying at \d\d:\d\d \(the service answered 503/);
      // The time it names is the engine's own (on the old code the line did not carry it).
      const named = said()!.waitingUntil ?? s.engine.status().nextRetryAt!;
      expect(named).toBe(s.engine.status().nextRetryAt);
      await until(() => Date.now() > named + 1_500, 10_000, 'the time the line named, and a little more');
      expect(said()?.waiting ?? null).toBeNull();
      expect(s.outbox.get(first!)!.state).toBe('done');
    } finally {
      list.stop();
    }
  });
});

/**
 * The renderer's API over main's own Outbox handlers, for the list alone (its listing and totals), each
 * answer checked against the contract as the router checks it; no event reaches it.
 */
function listingOnly(handlers: ReturnType<typeof outboxHandlers>): BenchlinkApi {
  const ctx = { transport: 'test' } as const;
  return {
    invoke: (async (channel: string, payload: never) => {
      if (channel === 'outbox.list')
        return {
          ok: true,
          value: outboxChannels['outbox.list'].response.parse(await handlers['outbox.list'](payload, ctx)),
        };
      if (channel === 'outbox.listTotal') return { ok: true, value: await handlers['outbox.listTotal'](payload, ctx) };
      throw new Error(`not asked by the list: ${channel}`);
    }) as BenchlinkApi['invoke'],
    subscribe: () => () => undefined,
  };
}

describe('when the whole queue waits, each waiting entry says why', () => {
  // A backoff long enough to read the Outbox while it lasts; offline after one call with no answer.
  const { stack: s } = startedPerTest('waiting-queue-', (dir) =>
    startStack(dir, { backoff: { baseMs: 4_000, maxMs: 4_000 }, offlineAfter: 1 }),
  );

  /** Two lanes (a row's labsheet, a box): the queue's wait is on both, not only on the one that was tried. */
  function queueTwo(): number[] {
    const box = s.sandbox.store.manifests.find('hrid', 'PL-0002')!.uuid;
    return s.outbox.enqueueMany([
      { type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id: 'S-0021', changes: { Notes: 'q' } },
      { type: 'location-assign', labsheet: 'Samples', locationId: box, idType: 'ID_BARCODE', id: 'TB000133' },
    ]);
  }
  async function waitingOf(ids: number[]): Promise<(string | undefined)[]> {
    const list = await outboxHandlers({ outbox: s.outbox, sync: s.engine })['outbox.list']({}, { transport: 'test' });
    return ids.map((id) => list.find((e) => e.id === id)?.waiting);
  }

  it('the service asked to slow down (429): retrying at the time the engine will', async () => {
    s.proxy.setFaults([{ fault: { kind: 'status', status: 429, retryAfter: '3' } }]);
    const ids = queueTwo();
    s.engine.start();
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the queue backing off');
    const at = clock(s.engine.status().nextRetryAt!);
    expect(await waitingOf(ids)).toEqual(
      ids.map(() => `Waiting: the service asked to slow down (429); retrying at ${at}; press Sync now to try at once.`),
    );

    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect(ids.map((id) => s.outbox.get(id)!.state)).toEqual(['done', 'done']);
    expect(await waitingOf(ids)).toEqual([undefined, undefined]);
  });

  it('the service does not answer: unreachable since when, sent when it answers', async () => {
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const ids = queueTwo();
    const before = clock(Date.now());
    s.engine.start();
    await until(() => !s.engine.status().online, 5_000, 'offline');
    const said = await waitingOf(ids);
    const since = /^Waiting: the service is unreachable \(offline since (\d\d:\d\d)\); sent when it answers\.$/.exec(
      said[0] ?? '',
    )?.[1];
    expect([before, clock(Date.now())]).toContain(since);
    expect(said[1]).toBe(said[0]);
  });

  it('the service refused the token: paused until a new token is given', async () => {
    s.token.value = 'not-a-token-the-service-knows';
    const ids = queueTwo();
    s.engine.start();
    await until(() => s.engine.status().paused !== null, 5_000, 'paused for the token');
    expect(await waitingOf(ids)).toEqual(
      ids.map(
        () =>
          'Waiting: the service refused the token, so sending is paused; enter a new token in Settings and it is sent then.',
      ),
    );
  });
});

describe("a tube's move waiting for an older move queued under its other name says so", () => {
  // A backoff long enough to read the Outbox while it lasts.
  const { stack: s } = startedPerTest('waiting-two-names-', (dir) =>
    startStackWithNames(dir, { backoff: { baseMs: 4_000, maxMs: 4_000 } }),
  );

  it('a move by sample ID names the older move by barcode the service failed (503)', async () => {
    const plate1 = s.sandbox.store.manifests.find('hrid', 'PL-0001')!.uuid;
    const plate2 = s.sandbox.store.manifests.find('hrid', 'PL-0002')!.uuid;
    const move = (locationId: string, idType: 'ID' | 'ID_BARCODE', id: string, position: string): Intent => ({
      type: 'location-assign',
      labsheet: 'Samples',
      locationId,
      idType,
      id,
      position,
    });
    s.proxy.setFaults([
      { path: '/labsheets/assign-location', fault: { kind: 'status', status: 503, retryAfter: '3' } },
    ]);
    const [first, second] = s.outbox.enqueueMany([
      move(plate1, 'ID_BARCODE', 'TB000131', 'H12'),
      move(plate2, 'ID', 'S-0131', 'H11'),
    ]);
    s.engine.start();
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the first move backing off');

    const handlers = outboxHandlers({ outbox: s.outbox, sync: s.engine, tubeNames: s.cache.tubeNames });
    const list = await handlers['outbox.list']({}, { transport: 'test' });
    expect(list.find((e) => e.id === second)!.waiting).toMatch(
      new RegExp(`^Waiting for #${first} \\(TB000131 → .*H12.*\\), an older move of the same tube to another place`),
    );
    expect(s.proxy.requests.filter((r) => r.path === '/labsheets/assign-location')).toHaveLength(1);
  });
});

describe("a plate's changes behind a change that waits for an older move into its well say what that one waits for", () => {
  // A backoff long enough to read the Outbox while it lasts: 3 s (Retry-After) to 4 s.
  const { stack: s } = startedPerTest('waiting-behind-', (dir) =>
    startStack(dir, { backoff: { baseMs: 4_000, maxMs: 4_000 } }),
  );

  it('the move failed (503) holds the change of its well, and the plate changes queued after that one', async () => {
    const plate = s.sandbox.store.manifests.find('hrid', 'PL-0003')!.uuid; // 96 wells, empty
    s.proxy.setFaults([
      { path: '/labsheets/assign-location', fault: { kind: 'status', status: 503, retryAfter: '3' } },
    ]);
    const sample = (id: string, position: string): Intent => ({
      type: 'well-set',
      manifest: { uuid: plate },
      position,
      sample: { id, labsheet: 'Samples' },
    });
    const [move, removal, ...later] = s.outbox.enqueueMany([
      {
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: plate,
        idType: 'ID_BARCODE',
        id: 'TB000131',
        position: 'A5',
      },
      { type: 'well-remove', manifest: { uuid: plate }, position: 'A5', fields: ['SAMPLE'] },
      sample('S-0001', 'B1'),
      sample('S-0002', 'B2'),
    ]);
    s.engine.start();
    await until(() => s.engine.status().nextRetryAt !== null, 5_000, 'the move backing off');
    expect(s.outbox.get(removal!)!.state).toBe('pending');

    const list = await outboxHandlers({ outbox: s.outbox, sync: s.engine })['outbox.list']({}, { transport: 'test' });
    const byId = new Map(list.map((e) => [e.id, e]));
    expect(byId.get(move!)!.waiting).toMatch(/^Retrying at \d\d:\d\d \(the service answered 503/);
    const head = byId.get(removal!)!.waiting!;
    expect(head).toMatch(
      new RegExp(
        `^Waiting for #${move} \\(TB000131 → .*A5.*\\), a move of a tube into this well made before this change`,
      ),
    );
    for (const id of later) {
      expect(byId.get(id!)!.waiting).toBe(
        `Waiting behind #${removal} (${byId.get(removal!)!.summary}): changes to a plate's wells go in the order ` +
          `they were queued, and #${removal} is waiting for ${head.slice('Waiting for '.length)}`,
      );
    }
    // Nothing of the plate's was sent ahead of the move.
    expect(s.proxy.requests.filter((r) => r.path === '/manifest/update')).toHaveLength(0);

    // The service is back and the user presses Sync now: all go, in order, and nothing waits.
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect([move, removal, ...later].map((id) => s.outbox.get(id!)!.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(serverWell(s.sandbox, 'PL-0003', 'A5').sampleId).toBeNull();
    expect(serverWell(s.sandbox, 'PL-0003', 'B2').sampleId).toBe('S-0002');
  });
});
