import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../../main/outbox/index.js';
import { MAX_BULK, MAX_INTENTS_PER_COMMIT } from '../../../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../../../shared/outbox/intents.js';
import { OutboxList } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import { inProcessApi, LOCAL_SANDBOX, type InProcess } from '../../../../helpers/in-process-api.js';
import { upload, webhook, wellSet } from '../../../main/outbox/helpers.js';

/**
 * What the Outbox's bulk actions promise, on the real main in-process: no Undo is promised for file uploads
 * (their staged copy goes with a discard), "Nothing to do" keeps the keyboard on the screen, and a "Retry
 * all" of more than one takes says that the rest are still failed. The page's own list logic drives it.
 */
describe('Outbox bulk actions: uploads, nothing left, and more than one Retry all takes', () => {
  let env: InProcess | null = null;
  let dataDir = '';
  afterEach(async () => {
    await env?.close();
    env = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Main on an outbox file filled first with `intents`, each tried once and settled failed with `kind`. */
  async function mainWith(batches: { intents: Intent[]; kind: string }[]): Promise<number[][]> {
    dataDir = mkdtempSync(join(tmpdir(), 'benchlink-bulk-up-'));
    const outbox: Outbox = createOutbox({
      path: join(dataDir, 'outbox.db'),
      now: Date.now,
      service: () => LOCAL_SANDBOX,
    });
    const made = batches.map(({ intents, kind }, b) => {
      const ids: number[] = [];
      for (let i = 0; i < intents.length; i += MAX_INTENTS_PER_COMMIT)
        ids.push(...outbox.enqueueMany(intents.slice(i, i + MAX_INTENTS_PER_COMMIT)));
      outbox.claim(ids, `r-${b}`, 'x');
      outbox.settle(ids.map((id) => ({ id, state: 'failed' as const, error: { kind, message: `${kind}.`, at: 1 } })));
      return ids;
    });
    outbox.close();
    env = await inProcessApi({ dataDir });
    return made;
  }

  // On the old code a discarded upload could not be put back (its staged copy went with the discard), and
  // neither the question nor the row's Discard offered an Undo for it.
  it('"Discard all" with a file upload among them says how long its Undo lasts, and a row\'s Discard of one is undone', async () => {
    const [made] = await mainWith([
      { intents: [upload('plate.csv'), wellSet('A1', 'S-1', 'PL-NONE')], kind: 'not-found' },
    ]);
    const [up, well] = made!;
    const list = new OutboxList(env!.api);
    list.filter = 'refused';
    await list.refresh();
    expect(list.entries.map((e) => e.id).sort()).toEqual([up, well].sort());

    await list.askDiscardAll();
    expect(list.asking?.text).toBe(
      'Discard 2 refused changes? They will never be sent to the service. Undo (Ctrl+Z) right after puts them back. ' +
        'The file upload among them can be put back for 24 hours only: the copy of the file kept for sending it is removed then.',
    );
    list.keepAll();

    await list.act('outbox.discard', up!, 'Discarded');
    expect(list.undo).toEqual({ entry: up });
    expect(list.message).toEqual({
      text: 'Discarded. A file upload can be put back for 24 hours only: the copy of the file kept for sending it is removed then.',
      ok: true,
    });
    await list.undoDiscard();
    expect(list.message).toEqual({ text: 'Put back 1 change as it was: nothing was sent.', ok: true });
    expect(list.entries.map((e) => e.id).sort()).toEqual([up, well].sort());
  });

  it('"Nothing to do" sends the keyboard to the answer, the bulk button being gone', async () => {
    const [[a] = []] = await mainWith([{ intents: [wellSet('A1', 'S-1', 'PL-NONE')], kind: 'not-found' }]);
    const list = new OutboxList(env!.api);
    list.filter = 'refused';
    await list.refresh();
    expect(list.bulk).not.toBeNull();
    // Discarded in another window after this one last read the tab.
    expect(await env!.call('outbox.discard', { id: a! })).toEqual({ ok: true });

    await list.askDiscardAll();
    expect(list.asking).toBeNull();
    expect(list.message?.text).toMatch(/^Nothing to do/);
    expect(list.bulk).toBeNull();
    expect(list.focus).toEqual({ row: null });
  });

  it('"Retry all" of more than one takes says the rest are still failed', async () => {
    const n = MAX_BULK + 3;
    await mainWith([{ intents: Array.from({ length: n }, (_, i) => webhook(i)), kind: 'network' }]);
    const list = new OutboxList(env!.api);
    list.filter = 'failed';
    await list.refresh();
    await list.retryAll();
    expect(list.message?.text).toContain(
      `${MAX_BULK} failed changes will be tried again. 3 more were not asked about (one Retry all takes the ` +
        'oldest only): they are still failed. Press Retry all again for them.',
    );
  }, 60_000);
});
