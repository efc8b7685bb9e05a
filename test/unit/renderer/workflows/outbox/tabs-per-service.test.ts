import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../../../../main/outbox/index.js';
import { PLATE_CHANGED } from '../../../../../shared/ipc/channels/outbox.js';
import { serviceIdentity, serviceLabel } from '../../../../../shared/ipc/service-identity.js';
import { OutboxList, type OutboxFilter } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMain } from '../../../../helpers/page-on-main.js';
import { wellSet } from '../../../main/outbox/helpers.js';

/**
 * The Outbox's tabs and its counts (the header, the sync line) over an outbox holding changes for two
 * services: the tabs listed every service's entries while the counts counted the one in use's, so a tab
 * showed more rows than its count said. A tab lists what its count counts, and says how many more are
 * held for the other service, and for which.
 */
describe('Outbox tabs with changes held for another service', () => {
  const REAL = 'http://127.0.0.1:9';
  const real = serviceIdentity({ kind: 'custom', baseUrl: REAL, filesUrl: REAL, eventsUrl: REAL, mode: 'v2' });
  let dataDir: string;
  let page: Awaited<ReturnType<typeof pageOnMain>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'benchlink-tabs-services-'));
    // Work queued for a real service, then more on the local sandbox after a switch to it.
    let service = real;
    const outbox = createOutbox({ path: join(dataDir, 'outbox.db'), now: Date.now, service: () => service });
    const fail = (n: number, kind: string) => {
      for (let i = 0; i < n; i++) {
        const id = outbox.enqueue(wellSet(`A${i + 1}`, `S-${kind}-${i}`, `PL-${kind}`));
        outbox.claim([id], `r-${id}`, 'manifestUpdate');
        outbox.settle([{ id, state: 'failed', error: { kind, message: `${kind} ${i}`, at: 1 } }]);
      }
    };
    fail(3, 'not-found');
    for (let i = 0; i < 2; i++) outbox.enqueue(wellSet(`B${i + 1}`, `S-waiting-${i}`, 'PL-real'));
    service = LOCAL_SANDBOX;
    fail(2, 'not-found');
    fail(1, PLATE_CHANGED);
    outbox.close();
    page = await pageOnMain({ dataDir });
  });
  afterAll(async () => {
    await page?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tab = async (filter: OutboxFilter) => {
    const list = new OutboxList(page.env.api);
    list.filter = filter;
    await list.refresh();
    expect(list.listError).toBeNull();
    return list;
  };

  it('each tab lists as many rows as the counts say for the service in use', async () => {
    const counts = page.outbox.counts;
    expect(counts).toMatchObject({ pending: 0, sending: 0, uncertain: 0, failedAs: { held: 1, refused: 2 } });
    expect((await tab('open')).entries).toHaveLength(page.outbox.open);
    expect((await tab('refused')).entries).toHaveLength(counts.failedAs.refused);
    expect((await tab('held')).entries).toHaveLength(counts.failedAs.held);
  });

  it('says in one line how many more are held for the other service, and how to reach them', async () => {
    const label = serviceLabel(real);
    expect((await tab('open')).heldElsewhere).toBe(
      `5 more are held for ${label}: switch to it in Settings to send them.`,
    );
    expect((await tab('refused')).heldElsewhere).toBe(
      `3 more are held for ${label}: switch to it in Settings to deal with them.`,
    );
    // None of the other service's need a look: nothing is left out of that tab.
    expect((await tab('held')).heldElsewhere).toBeNull();
  });
});
