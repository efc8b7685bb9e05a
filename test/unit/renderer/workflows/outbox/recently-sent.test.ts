import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../../../../main/outbox/index.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { OutboxList } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import { inProcessApi, LOCAL_SANDBOX, type InProcess } from '../../../../helpers/in-process-api.js';
import { wellSet } from '../../../main/outbox/helpers.js';

/**
 * An outbox on disk after a technician synced 600 tubes (none old enough to be pruned), and 3 refused
 * ones. Recently sent listed the last 100 of the oldest 500 done, so the newest 100 never showed.
 */
describe('Outbox: Recently sent and quick tab switches', () => {
  let env: InProcess;
  let dataDir: string;
  const done: number[] = [];
  const refused: number[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'benchlink-recent-'));
    const outbox = createOutbox({ path: join(dataDir, 'outbox.db'), now: Date.now, service: () => LOCAL_SANDBOX });
    for (let i = 0; i < 600; i++) {
      const id = outbox.enqueue(wellSet('A1', `S-${i}`, `PL-${i}`));
      outbox.claim([id], `r-${id}`, 'manifestUpdate');
      outbox.settle([{ id, state: 'done' }]);
      done.push(id);
    }
    for (let i = 0; i < 3; i++) {
      const id = outbox.enqueue(wellSet('B1', `S-x-${i}`, `PL-x-${i}`));
      outbox.claim([id], `r-${id}`, 'manifestUpdate');
      outbox.settle([{ id, state: 'failed', error: { kind: 'not-found', message: `no plate ${i}`, at: 1 } }]);
      refused.push(id);
    }
    outbox.close();
    env = await inProcessApi({ dataDir });
  });
  afterAll(async () => {
    await env?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('Recently sent lists the newest 100 sends, newest first', async () => {
    const list = new OutboxList(env.api);
    list.filter = 'done';
    await list.refresh();
    expect(list.listError).toBeNull();
    expect(list.entries.map((e) => e.id)).toEqual(done.slice(-100).reverse());
    expect(list.moreThanListed).toBeNull();
  });

  it("a tab's list that arrives after the next tab's is not shown under the next tab's name", async () => {
    // The first listing asked for is held back until the second one has answered.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lists = 0;
    const api: BenchlinkApi = {
      ...env.api,
      invoke: (async (channel: Parameters<BenchlinkApi['invoke']>[0], payload: never) => {
        const answer = env.api.invoke(channel, payload);
        if (channel === 'outbox.list' && lists++ === 0) await held;
        return answer;
      }) as BenchlinkApi['invoke'],
    };
    const list = new OutboxList(api);
    list.filter = 'done';
    const first = list.refresh();
    list.filter = 'refused';
    await list.refresh();
    release();
    await first;
    expect(list.filter).toBe('refused');
    expect(list.entries.map((e) => e.id)).toEqual(refused);
  });
});
