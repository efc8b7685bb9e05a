import { describe, expect, it } from 'vitest';
import { RowState } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { handleRowScan } from '../../../../../renderer/workflows/row-update/row-scans.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * The open row read again after a save was held for a look (openAgain): the read failing in main (here an
 * internal error, as when main closes under it) left a rejection nobody handled, which a test run caught
 * once as an unhandled error. The real main in-process; only its answer to the read again fails.
 */
const openBenches = benchesPerTest();

describe('Row update: the row read again fails', () => {
  it('leaves the row as shown and rejects nothing', async () => {
    const b = await openBenches('spec');
    let failReads = false;
    const api: BenchlinkApi = {
      invoke: ((channel: string, payload: unknown) =>
        failReads && channel === 'cache.row'
          ? Promise.resolve({ ok: false, error: { code: 'internal', message: 'Internal error in cache.row' } })
          : b.env.api.invoke(channel as 'cache.row', payload as never)) as BenchlinkApi['invoke'],
      subscribe: (event, listener) => b.env.api.subscribe(event, listener),
    };
    const outbox = new OutboxState(api);
    await outbox.start();
    const s = new RowState(api, b.feedback, outbox, await b.env.service());
    s.start();
    try {
      await handleRowScan(s, { text: 'TB000012', source: 'field', mainAt: null });
      const shown = JSON.parse(JSON.stringify(s.row)) as unknown;
      expect(shown).not.toBeNull();
      failReads = true;
      await expect(s.openAgain('Samples', 'S-0012')).resolves.toBeUndefined();
      expect(JSON.parse(JSON.stringify(s.row))).toEqual(shown);
    } finally {
      outbox.stop();
    }
  });
});
