import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../../../../main/outbox/index.js';
import { PLATE_CHANGED, SUPERSEDED } from '../../../../../shared/ipc/channels/outbox.js';
import { OutboxList, type OutboxFilter } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import { inProcessApi, LOCAL_SANDBOX, type InProcess } from '../../../../helpers/in-process-api.js';
import { wellSet } from '../../../main/outbox/helpers.js';

/**
 * More failed entries than a tab lists (500): 600 refused, then 3 held for a look, 2 failed for want of
 * another entry and 2 given up after service errors (said unsure: they may be on the service). Picked in
 * the page from the first 500 failed, the Needs a look tab showed none of its 3 while the counts said 3
 * need a look. Each tab lists its own entries, in main, before the limit.
 */
describe('Outbox tabs with more failed entries than a tab lists', () => {
  let env: InProcess;
  let dataDir: string;
  const ids: Record<'held' | 'refused' | 'failed' | 'superseded' | 'uncertain', number[]> = {
    held: [],
    refused: [],
    failed: [],
    superseded: [],
    uncertain: [],
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'benchlink-tabs-'));
    // The outbox on disk as a long offline day left it, then the app opened on it.
    const outbox = createOutbox({ path: join(dataDir, 'outbox.db'), now: Date.now, service: () => LOCAL_SANDBOX });
    const fail = (n: number, kind: string, into: number[]) => {
      for (let i = 0; i < n; i++) {
        const id = outbox.enqueue(wellSet('A1', `S-${kind}-${i}`, `PL-${kind}-${i}`));
        outbox.claim([id], `r-${id}`, 'manifestUpdate');
        outbox.settle([{ id, state: 'failed', error: { kind, message: `${kind} ${i}`, at: 1 } }]);
        into.push(id);
      }
    };
    fail(600, 'not-found', ids.refused);
    fail(3, PLATE_CHANGED, ids.held);
    fail(2, 'dependency', ids.failed);
    fail(2, 'gave-up', ids.uncertain);
    fail(2, SUPERSEDED, ids.superseded);
    outbox.close();
    env = await inProcessApi({ dataDir });
  });
  afterAll(async () => {
    await env?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tab = async (filter: OutboxFilter) => {
    const list = new OutboxList(env.api);
    list.filter = filter;
    await list.refresh();
    expect(list.listError).toBeNull();
    return list;
  };

  it('each failed tab lists exactly its own entries, however many of another come first', async () => {
    const held = await tab('held');
    expect(held.entries.map((e) => e.id)).toEqual(ids.held);
    expect(held.moreThanListed).toBeNull();
    const failed = await tab('failed');
    expect(failed.entries.map((e) => e.id)).toEqual(ids.failed);
    expect(failed.moreThanListed).toBeNull();
    expect((await tab('uncertain')).entries.map((e) => e.id)).toEqual(ids.uncertain);
    expect((await tab('superseded')).entries.map((e) => e.id)).toEqual(ids.superseded);
    // The counts say what the tabs list.
    expect((await env.call('outbox.counts', {})).failedAs).toEqual({
      held: 3,
      refused: 600,
      failed: 2,
      superseded: 2,
      uncertain: 2,
    });
  });

  it('a tab with more than it lists shows the oldest 500 and says how many there are', async () => {
    const refused = await tab('refused');
    expect(refused.entries.map((e) => e.id)).toEqual(ids.refused.slice(0, 500));
    expect(refused.moreThanListed).toMatch(/^Showing the oldest 500 of 600 entries in "Refused": correct/);
    const open = await tab('open');
    expect(open.entries).toHaveLength(500);
    expect(open.moreThanListed).toMatch(/oldest 500 of 609 entries in "Open"/);
  });
});
